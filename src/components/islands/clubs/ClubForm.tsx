import { useEffect, useId } from 'react';
import { FormProvider, useForm, useFormContext, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CLUB_FIELD_LABELS } from '#lib/clubs/fields.ts';
import type { ClubRecord } from '#lib/clubs/types.ts';
import type { MeetingField } from '#lib/clubs/meetings/types.ts';
import { serverFieldErrors } from '#lib/client/api.ts';
import type { adminClubSchema } from '#lib/schemas/admin.ts';
import type { clubProfileSchema } from '#lib/schemas/clubs.ts';
import { FormField } from '#components/islands/shared/FormField.tsx';
import { MeetingFields, meetingDefaults } from './MeetingFields.tsx';
import { StateOptions } from '#components/islands/shared/StateOptions.tsx';
import { SCRIPT_FORM } from '#components/islands/shared/form-posts.ts';

type ClubFormSchema = typeof clubProfileSchema | typeof adminClubSchema;

/**
 * Every club field a form lays out one by one: the admin's edit has them all, the host's profile edit and the
 * registration some. The meeting fields come as one group, MeetingFields.
 */
export type ClubFormField = Exclude<keyof z.input<typeof adminClubSchema>, MeetingField>;

// `autoComplete` is the autofill token for the host's own club; where a field has one, the admin's edit turns autofill off.
type Control =
  | { kind: 'input'; type: 'text' | 'email' | 'url'; inputMode?: 'numeric'; maxLength?: number; autoComplete?: string }
  | { kind: 'select'; autoComplete: string; placeholder: string }
  | { kind: 'textarea' }
  | { kind: 'checkbox'; statement: string };

/**
 * How each field is typed in, and its usual hint; its label is its name in CLUB_FIELD_LABELS. A select's placeholder
 * shows while the form starts without a value (a new club); a checkbox states what ticking it means.
 */
const CONTROLS: Record<ClubFormField, Control & { hint?: string }> = {
  hostName: { kind: 'input', type: 'text', autoComplete: 'name' },
  clubName: { kind: 'input', type: 'text', autoComplete: 'organization' },
  email: { hint: "Also the host's sign-in email", kind: 'input', type: 'email', autoComplete: 'email' },
  city: { kind: 'input', type: 'text', autoComplete: 'address-level2' },
  state: { kind: 'select', autoComplete: 'address-level1', placeholder: 'Choose a state' },
  zipCode: { kind: 'input', type: 'text', inputMode: 'numeric', maxLength: 5, autoComplete: 'postal-code' },
  meetingSchedule: {
    hint: 'A note: anything else about when you meet (the days and times are set under Meeting times)',
    kind: 'input',
    type: 'text',
  },
  website: { hint: 'Starting with https://', kind: 'input', type: 'url', autoComplete: 'url' },
  description: { kind: 'textarea' },
  isVerified: { kind: 'checkbox', statement: 'Verified (listed in the public directory)' },
};

interface ClubFieldProps {
  /** The payload's shared schema: a field it accepts empty is labelled "(optional)". */
  schema: { shape: Partial<Record<ClubFormField, z.ZodType>> };
  name: ClubFormField;
  /** A hint in place of the usual one. */
  hint?: string;
  /** The host's own club: the browser may autofill the field. The admin edits other people's clubs: it may not. */
  autofill: boolean;
  descriptionRows?: number;
}

/**
 * One club field of a form given by a FormProvider, with its label, hint and error: the admin's edit, the host's
 * profile edit and the registration step all lay out their club fields with it.
 */
export function ClubField({ schema, name, hint, autofill, descriptionRows = 4 }: ClubFieldProps) {
  const {
    register,
    formState: { errors, defaultValues },
  } = useFormContext<FieldValues>();
  const control = CONTROLS[name];
  const error = errors[name]?.message as string | undefined;
  if (control.kind === 'checkbox') return <Checkbox name={name} label={control.statement} error={error} />;
  const optional = schema.shape[name]?.safeParse('').success;
  const label = optional ? `${CLUB_FIELD_LABELS[name]} (optional)` : CLUB_FIELD_LABELS[name];
  const autoComplete = 'autoComplete' in control && control.autoComplete ? (autofill ? control.autoComplete : 'off') : undefined;
  return (
    <FormField label={label} hint={hint ?? control.hint} error={error}>
      {control.kind === 'select' ? (
        <select autoComplete={autoComplete} {...register(name)}>
          {!defaultValues?.[name] && <option value="">{control.placeholder}</option>}
          <StateOptions />
        </select>
      ) : control.kind === 'textarea' ? (
        <textarea rows={descriptionRows} {...register(name)} />
      ) : (
        <input
          type={control.type}
          inputMode={control.inputMode}
          maxLength={control.maxLength}
          autoComplete={autoComplete}
          {...register(name)}
        />
      )}
    </FormField>
  );
}

type FieldOf<S extends ClubFormSchema> = keyof z.input<S> & ClubFormField;

interface ClubFormProps<S extends ClubFormSchema> {
  /** The payload's shared schema: the form validates with it, and shows the server's messages for its fields. */
  schema: S;
  club: ClubRecord;
  /** The form's accessible name. */
  label: string;
  /** The fields in order: first two to a row from `sm` up (the first takes focus), then each on its own row. */
  fields: { paired: readonly FieldOf<S>[]; single: readonly FieldOf<S>[] };
  /** Hints in place of the usual ones. */
  hints?: Partial<Record<FieldOf<S>, string>>;
  descriptionRows: number;
  /** The host's own club: the browser may autofill the fields. The admin edits other people's clubs: it may not. */
  autofill: boolean;
  submitLabel: string;
  /** Sends the valid data; a failure it throws puts the server's field messages on the fields, then goes to onFailure. */
  save: (data: z.output<S>) => Promise<void>;
  onFailure: (error: unknown) => void;
  onCancel: () => void;
}

/** A club's edit form, its fields taken from the payload's schema: the host's profile edit and the admin's edit. */
export function ClubForm<S extends ClubFormSchema>({
  schema,
  club,
  label,
  fields,
  hints,
  descriptionRows,
  autofill,
  submitLabel,
  save,
  onFailure,
  onCancel,
}: ClubFormProps<S>) {
  const names: readonly ClubFormField[] = [...fields.paired, ...fields.single];
  const form = useForm<FieldValues>({
    // The schema is one of two, so the resolver's types cannot follow it; both validate exactly these fields.
    resolver: zodResolver(schema) as unknown as Resolver<FieldValues>,
    // Inputs hold text, so empty optional fields start as ''. The club's meeting values are kept as they are unless
    // changed: the payload replaces them all.
    defaultValues: { ...Object.fromEntries(names.map((name) => [name, club[name] ?? ''])), ...meetingDefaults(club) },
  });
  const {
    handleSubmit,
    setError,
    setFocus,
    formState: { isSubmitting },
  } = form;

  const first = names[0];
  useEffect(() => {
    if (first) setFocus(first);
  }, [setFocus, first]);

  const onSubmit = async (data: FieldValues) => {
    try {
      await save(data as z.output<S>);
    } catch (error) {
      // Nested fields come named by their path ("meetingSlots.0.start"), as setError takes them.
      for (const [field, messages] of Object.entries(serverFieldErrors(error))) {
        if (field.split('.')[0]! in schema.shape) setError(field, { message: messages[0] });
      }
      onFailure(error);
    }
  };

  const field = (name: FieldOf<S>) => (
    <ClubField key={name} schema={schema} name={name} hint={hints?.[name]} autofill={autofill} descriptionRows={descriptionRows} />
  );

  return (
    <FormProvider {...form}>
      <form {...SCRIPT_FORM} onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5" aria-label={label}>
        <div className="grid gap-5 sm:grid-cols-2">{fields.paired.map(field)}</div>
        <MeetingFields />
        {fields.single.map(field)}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Saving...' : submitLabel}
          </button>
          <button type="button" className="btn-secondary" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </button>
        </div>
      </form>
    </FormProvider>
  );
}

/** A checkbox with its label beside it and its error announced to screen readers. */
function Checkbox({ name, label, error }: { name: ClubFormField; label: string; error: string | undefined }) {
  const { register } = useFormContext<FieldValues>();
  const id = useId();
  return (
    <div>
      <div className="flex items-center gap-3">
        <input
          id={id}
          type="checkbox"
          className="h-5 w-5 rounded border-stone-400 accent-flame-700"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register(name)}
        />
        <label htmlFor={id} className="font-semibold text-stone-800">
          {label}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
