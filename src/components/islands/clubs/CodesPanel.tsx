import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Ban, Copy, Download, KeyRound } from 'lucide-react';
import { issueCodesSchema } from '#lib/schemas/admin.ts';
import { apiRequest, serverFieldErrors, serverMessage } from '#lib/client/api.ts';
import { handleAdminError, isLoggedOutError } from '#lib/client/admin-errors.ts';
import { toast } from '#lib/client/toast.ts';
import { FormField } from '#components/islands/shared/FormField.tsx';
import { LocalDate } from '#components/islands/shared/LocalDate.tsx';
import { codeStatus, type CodeStatus, type HostSetCode } from '#components/islands/shared/admin-types.ts';
import { adminOrdersPath, orderName } from '#lib/store/types.ts';
import { SCRIPT_FORM, useHydrated } from '#components/islands/shared/form-posts.ts';
import { countOf } from '#lib/shared/plural.ts';

type Input = z.input<typeof issueCodesSchema>;
type Output = z.output<typeof issueCodesSchema>;
type StatusFilter = 'all' | CodeStatus;

interface CodesPanelProps {
  codes: HostSetCode[];
  onIssued: (codes: HostSetCode[]) => void;
  onRevoked: (code: string) => void;
}

/** HOST SET codes: issue new ones for an order, see where each stands, revoke unused ones, export both lists. */
export function CodesPanel({ codes, onIssued, onRevoked }: CodesPanelProps) {
  const [issued, setIssued] = useState<string[]>([]);
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [revoking, setRevoking] = useState<string | null>(null);
  const hydrated = useHydrated();

  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({ resolver: zodResolver(issueCodesSchema), defaultValues: { count: 1, note: '' } });

  const onSubmit = async (data: Output) => {
    try {
      const response = await apiRequest('POST', '/api/admin/codes', { count: data.count, note: data.note ?? '' });
      const { codes: fresh } = (await response.json()) as { codes: string[] };
      const issuedAt = new Date().toISOString();
      onIssued(fresh.map((code) => ({ code, note: data.note, issuedAt, redeemedAt: null, revokedAt: null, club: null, order: null })));
      setIssued(fresh);
      reset({ count: 1, note: '' });
      toast({
        title: 'Codes Issued',
        description: `${countOf(fresh.length, { one: 'new HOST SET code is', other: 'new HOST SET codes are' })} ready to send.`,
      });
    } catch (error) {
      if (!isLoggedOutError(error)) {
        for (const [field, messages] of Object.entries(serverFieldErrors(error))) {
          if (field === 'count' || field === 'note') setError(field, { message: messages[0] });
        }
      }
      handleAdminError(error, { title: 'Issue Failed', description: 'Unable to issue codes. Please try again.' });
    }
  };

  const revoke = async (code: string) => {
    if (!window.confirm(`Revoke the code ${code}? It can no longer be used to register a club.`)) return;
    setRevoking(code);
    try {
      await apiRequest('DELETE', `/api/admin/codes/${encodeURIComponent(code)}`);
      onRevoked(code);
      toast({ title: 'Code Revoked', description: `${code} can no longer be used.` });
    } catch (error) {
      handleAdminError(error, {
        title: 'Revoke Failed',
        description: serverMessage(error) ?? 'Unable to revoke the code. Please try again.',
      });
    } finally {
      setRevoking(null);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(issued.join('\n'));
      toast({ title: 'Codes Copied', description: 'The new codes are on the clipboard.' });
    } catch {
      toast({ title: 'Copy Failed', description: 'Select the codes and copy them by hand.', variant: 'destructive' });
    }
  };

  const counts = useMemo(() => {
    const result: Record<CodeStatus, number> = { available: 0, redeemed: 0, revoked: 0 };
    for (const code of codes) result[codeStatus(code)] += 1;
    return result;
  }, [codes]);
  const shown = filter === 'all' ? codes : codes.filter((code) => codeStatus(code) === filter);

  return (
    <section className="card min-w-0" aria-labelledby="codes-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2">
        <h2 id="codes-heading" className="text-2xl font-bold text-ember-900">
          HOST SET Codes
        </h2>
        <div className="flex flex-wrap gap-2">
          <a className="btn-secondary px-3 py-2" href="/api/admin/export/codes.csv" download>
            <Download className="h-4 w-4" aria-hidden="true" />
            Codes CSV
          </a>
          <a className="btn-secondary px-3 py-2" href="/api/admin/export/clubs.csv" download>
            <Download className="h-4 w-4" aria-hidden="true" />
            Clubs CSV
          </a>
        </div>
      </div>
      <p className="mt-2 text-sm text-stone-700">Each HOST SET purchase gets one single-use code; the host enters it to register a club.</p>

      <form
        {...SCRIPT_FORM}
        onSubmit={handleSubmit(onSubmit)}
        noValidate
        className="mt-5 grid gap-4 sm:grid-cols-[8rem_1fr_auto] sm:items-start"
        aria-label="Issue HOST SET codes"
      >
        <FormField label="How many" error={errors.count?.message}>
          <input type="number" min={1} max={500} inputMode="numeric" {...register('count', { valueAsNumber: true })} />
        </FormField>
        <FormField label="Note" hint="Optional, e.g. an order number" error={errors.note?.message}>
          <input type="text" {...register('note')} />
        </FormField>
        <button type="submit" className="btn-primary sm:mt-[1.625rem]" disabled={!hydrated || isSubmitting}>
          <KeyRound className="h-4 w-4" aria-hidden="true" />
          {isSubmitting ? 'Issuing...' : 'Issue Codes'}
        </button>
      </form>

      {issued.length > 0 && (
        <div className="mt-5 rounded-xl border border-emerald-200 bg-emerald-50 p-4" role="status">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="font-semibold text-emerald-900">New codes ({issued.length})</h3>
            <button type="button" className="btn-secondary px-3 py-1.5" onClick={copy}>
              <Copy className="h-4 w-4" aria-hidden="true" />
              Copy codes
            </button>
          </div>
          <ul className="mt-2 grid gap-1 font-mono text-stone-900 sm:grid-cols-2" aria-label="New codes">
            {issued.map((code) => (
              <li key={code} className="select-all break-all">
                {code}
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="mt-6 flex flex-wrap items-end justify-between gap-3">
        <p className="text-sm text-stone-700">
          {counts.available} available · {counts.redeemed} redeemed · {counts.revoked} revoked
        </p>
        <div className="w-48">
          <FormField label="Show codes">
            <select value={filter} onChange={(event) => setFilter(event.target.value as StatusFilter)}>
              <option value="all">All codes</option>
              <option value="available">Available</option>
              <option value="redeemed">Redeemed</option>
              <option value="revoked">Revoked</option>
            </select>
          </FormField>
        </div>
      </div>

      <div
        className="relative mt-3 max-h-[32rem] overflow-auto rounded-xl border border-stone-200"
        role="region"
        aria-label="HOST SET code list"
        tabIndex={0}
      >
        <table className="w-full min-w-[46rem] border-collapse text-left text-sm">
          <caption className="sr-only">HOST SET codes</caption>
          <thead className="sticky top-0 bg-stone-100 text-stone-800">
            <tr>
              <th scope="col" className="px-3 py-3 font-semibold">
                Code
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                Note
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                Order
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                Issued
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                Status
              </th>
              <th scope="col" className="px-3 py-3 font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {shown.map((code) => {
              const status = codeStatus(code);
              return (
                <tr key={code.code} className="align-top">
                  <th scope="row" className="whitespace-nowrap px-3 py-2.5 font-mono font-semibold text-stone-900">
                    {code.code}
                  </th>
                  <td className="max-w-[16rem] break-words px-3 py-2.5 text-stone-800">
                    {code.note ?? <span className="text-stone-600">—</span>}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2.5">
                    {code.order ? (
                      <a className="font-semibold text-flame-800 underline" href={adminOrdersPath(code.order.id)}>
                        {orderName(code.order)}
                      </a>
                    ) : (
                      <span className="text-stone-600">By hand</span>
                    )}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2.5">
                    <LocalDate value={code.issuedAt} />
                  </td>
                  <td className="px-3 py-2.5">
                    <CodeStatusText code={code} status={status} />
                  </td>
                  <td className="px-3 py-2.5 text-right">
                    {status === 'available' && (
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 whitespace-nowrap rounded-md border border-red-800 bg-white px-2.5 py-1.5 text-xs font-semibold text-red-800 hover:bg-red-50 disabled:opacity-60"
                        disabled={revoking === code.code}
                        onClick={() => void revoke(code.code)}
                      >
                        <Ban className="h-3.5 w-3.5" aria-hidden="true" />
                        Revoke<span className="sr-only"> {code.code}</span>
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
            {shown.length === 0 && (
              <tr>
                <td colSpan={6} className="px-3 py-8 text-center text-stone-700">
                  {codes.length === 0 ? 'No codes issued yet.' : 'No codes with this status.'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function CodeStatusText({ code, status }: { code: HostSetCode; status: CodeStatus }) {
  if (status === 'available') return <span className="font-semibold text-emerald-800">Available</span>;
  if (status === 'revoked') return <span className="font-semibold text-stone-700">Revoked</span>;
  return (
    <span className="text-stone-800">
      Redeemed{' '}
      {code.club ? (
        <>
          by{' '}
          <a className="font-semibold text-flame-800 underline" href={`/club-profile/${code.club.id}`}>
            {code.club.clubName}
          </a>
        </>
      ) : (
        <span className="text-stone-600">(club deleted)</span>
      )}
    </span>
  );
}
