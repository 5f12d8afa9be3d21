import { FormField } from '#components/islands/shared/FormField.tsx';
import { StateOptions } from '#components/islands/shared/StateOptions.tsx';
import { SCRIPT_FORM } from '#components/islands/shared/form-posts.ts';
import { AREA_KINDS, LICENCE_KINDS, LICENCE_STATUSES } from '#lib/licensing/types.ts';
import { AREA_KIND_LABELS, KIND_LABELS, STATUS_FILTER_LABELS, type LicenceFilters } from './licence-filters.ts';

/** The filters a select of the form sets. */
export type LicenceSelectFilter = 'status' | 'kind' | 'areaKind' | 'state';

interface LicenceFiltersFormProps {
  filters: LicenceFilters;
  /** The search box's text, asked for once the admin pauses typing or submits. */
  text: string;
  onTextChange: (text: string) => void;
  onFilter: (key: LicenceSelectFilter, value: string) => void;
  onSearch: () => void;
  /** The id of the table the form filters. */
  tableId: string;
}

/** The search box and filters of /admin-licences. */
export function LicenceFiltersForm({ filters, text, onTextChange, onFilter, onSearch, tableId }: LicenceFiltersFormProps) {
  return (
    <form
      {...SCRIPT_FORM}
      className="mt-5 grid grid-cols-2 gap-4 lg:grid-cols-[2fr_1.4fr_1fr_1fr_1.2fr] lg:items-end"
      role="search"
      aria-label="Filter licences"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch();
      }}
    >
      <div className="col-span-2 lg:col-span-1">
        <FormField label="Search licences" hint="Guide name or email, area, or order reference">
          <input
            type="search"
            value={text}
            maxLength={100}
            onChange={(event) => onTextChange(event.target.value)}
            aria-controls={tableId}
          />
        </FormField>
      </div>
      <div className="col-span-2 lg:col-span-1">
        <ListSelect
          label="Status"
          filter="status"
          all="All statuses"
          values={LICENCE_STATUSES}
          labels={STATUS_FILTER_LABELS}
          onFilter={onFilter}
          tableId={tableId}
          filters={filters}
        />
      </div>
      <ListSelect
        label="Kind"
        filter="kind"
        all="Both kinds"
        values={LICENCE_KINDS}
        labels={KIND_LABELS}
        onFilter={onFilter}
        tableId={tableId}
        filters={filters}
      />
      <ListSelect
        label="Area kind"
        filter="areaKind"
        all="All areas"
        values={AREA_KINDS}
        labels={AREA_KIND_LABELS}
        onFilter={onFilter}
        tableId={tableId}
        filters={filters}
      />
      <div className="col-span-2 lg:col-span-1">
        <FormField label="State">
          <select value={filters.state ?? ''} onChange={(event) => onFilter('state', event.target.value)} aria-controls={tableId}>
            <option value="">All states</option>
            <StateOptions />
          </select>
        </FormField>
      </div>
    </form>
  );
}

/** A filter chosen from a fixed list, each value shown by its label, or none ("All …"). */
function ListSelect<Value extends string>({
  label,
  filter,
  all,
  values,
  labels,
  filters,
  onFilter,
  tableId,
}: {
  label: string;
  filter: 'status' | 'kind' | 'areaKind';
  all: string;
  values: readonly Value[];
  labels: Record<Value, string>;
} & Pick<LicenceFiltersFormProps, 'filters' | 'onFilter' | 'tableId'>) {
  return (
    <FormField label={label}>
      <select value={filters[filter] ?? ''} onChange={(event) => onFilter(filter, event.target.value)} aria-controls={tableId}>
        <option value="">{all}</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {labels[value]}
          </option>
        ))}
      </select>
    </FormField>
  );
}
