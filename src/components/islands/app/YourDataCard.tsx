import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Download, Trash2 } from 'lucide-react';
import { accountDataCopy as copy, deletionEffectsFor } from '#lib/app/account-data-copy.ts';
import type { AccountPlace } from '#lib/app/account-types.ts';
import { apiRequest, serverFieldErrors, serverMessage } from '#lib/client/api.ts';
import { clearClientCache } from '#lib/client/session.ts';
import { toast } from '#lib/client/toast.ts';
import { FORM_ACTIONS } from '#lib/shared/form-posts.ts';
import { deleteAccountSchema } from '#lib/schemas/account-data.ts';
import { FormField } from '#components/islands/shared/FormField.tsx';
import { useHydrated, useServerErrors } from '#components/islands/shared/form-posts.ts';

type Input = z.input<typeof deleteAccountSchema>;
type Output = z.output<typeof deleteAccountSchema>;

const DELETE_BUTTON = 'btn mt-4 w-full border border-red-700 bg-white text-red-800 hover:bg-red-50 sm:w-auto';

/** How long the "deleted" message shows before the home page: long enough to read, and for a screen reader to say it. */
const LEAVE_DELAY_MS = 2500;

/** The file name the server gives the download (Content-Disposition), or a dated one. */
function fileNameOf(response: Response): string {
  const given = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return given ?? `flamekeeper-data-${new Date().toISOString().slice(0, 10)}.json`;
}

/** Hands the browser a file to save, as a link with `download` would. */
function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Your data" on /account, for a signed-in host or guide: Download my data (GET /api/account/export, saved as the
 * file the server names, with its progress said in the card) and Delete my account, which opens a modal <dialog>
 * saying what deletion does (the privacy policy's words, src/content/account-data.json) and asks for the account's
 * current password before POST /api/account/delete; then the home page. The server knows whose data it is.
 *
 * Until the script has run (or without JavaScript) the same form is in a <details> opened by "Delete my account", and
 * posts to the same endpoint (decision 030); `serverErrors` are the field messages of a deletion refused that way.
 */
export default function YourDataCard({
  place,
  serverErrors,
}: {
  /** Whether the account has a club and is a guide: what deleting it does. */
  place: Pick<AccountPlace, 'clubId' | 'isGuide'>;
  serverErrors?: Record<string, string[]> | undefined;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const [downloading, setDownloading] = useState(false);
  const [downloadStatus, setDownloadStatus] = useState('');
  const [deleted, setDeleted] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Input, unknown, Output>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { currentPassword: '' },
    errors: useServerErrors(serverErrors),
  });

  // A deletion refused before the script ran: once it has, the dialog takes over the <details>, open, with the message.
  useEffect(() => {
    if (hydrated && serverErrors) dialog.current?.showModal();
  }, [hydrated, serverErrors]);

  const download = async () => {
    setDownloading(true);
    setDownloadStatus(copy.download.busy);
    try {
      const response = await apiRequest('GET', '/api/account/export');
      const fileName = fileNameOf(response);
      save(await response.blob(), fileName);
      setDownloadStatus(copy.download.done.replace('{file}', () => fileName));
    } catch (error) {
      setDownloadStatus('');
      toast({ title: copy.download.label, description: serverMessage(error) ?? copy.download.failed, variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  const openDialog = () => {
    reset({ currentPassword: '' });
    dialog.current?.showModal();
  };

  const deleteAccount = async (data: Output) => {
    try {
      await apiRequest('POST', '/api/account/delete', data);
    } catch (error) {
      const fieldError = serverFieldErrors(error).currentPassword?.[0];
      if (fieldError) setError('currentPassword', { message: fieldError }, { shouldFocus: true });
      else toast({ title: copy.delete.open, description: serverMessage(error) ?? copy.delete.failed, variant: 'destructive' });
      return;
    }
    dialog.current?.close();
    setDeleted(true);
    clearClientCache();
    toast(copy.delete.done);
    setTimeout(() => window.location.assign('/account'), LEAVE_DELAY_MS);
  };

  /** What deletion does, the current password and the confirming button: in the dialog, or in the <details> before hydration. */
  const deleteForm = (Heading: 'h2' | 'h3', cancel?: () => void) => (
    <form method="post" action={FORM_ACTIONS.accountDeletion} className="p-5 sm:p-6" noValidate onSubmit={handleSubmit(deleteAccount)}>
      <Heading id={`${id}-dialog-heading`} className="text-xl font-bold text-ember-900">
        {copy.delete.heading}
      </Heading>
      <p id={`${id}-dialog-intro`} className="mt-2 font-semibold text-stone-800">
        {copy.delete.intro}
      </p>
      <ul className="mt-2 list-disc space-y-1.5 pl-5 text-sm text-stone-700">
        {deletionEffectsFor(place).map((effect) => (
          <li key={effect}>{effect}</li>
        ))}
      </ul>
      <div className="mt-4">
        <FormField label={copy.delete.password} error={errors.currentPassword?.message}>
          <input type="password" autoComplete="current-password" {...register('currentPassword')} />
        </FormField>
      </div>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        {cancel && (
          <button type="button" className="btn-secondary" onClick={cancel}>
            {copy.delete.cancel}
          </button>
        )}
        <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={isSubmitting}>
          {isSubmitting ? copy.delete.busy : copy.delete.confirm}
        </button>
      </div>
    </form>
  );

  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-xl font-bold text-ember-900">
        {copy.heading}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{copy.intro}</p>

      {deleted ? (
        <p className="mt-4 rounded-xl bg-emerald-50 p-4 text-emerald-900" role="status">
          {copy.delete.done.description}
        </p>
      ) : (
        <>
          <p id={`${id}-export`} className="mt-4 text-sm text-stone-700">
            {copy.export}
          </p>
          <button
            type="button"
            className="btn-secondary mt-3 w-full sm:w-auto"
            aria-describedby={`${id}-export`}
            disabled={downloading}
            onClick={() => void download()}
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            {downloading ? copy.download.busy : copy.download.label}
          </button>
          <p role="status" className="mt-2 text-sm text-stone-700">
            {downloadStatus}
          </p>

          {hydrated ? (
            <button type="button" className={DELETE_BUTTON} aria-haspopup="dialog" onClick={openDialog}>
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              {copy.delete.open}
            </button>
          ) : (
            <details open={Boolean(serverErrors)}>
              <summary className={`${DELETE_BUTTON} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                {copy.delete.open}
              </summary>
              <div className="mt-4 rounded-2xl border border-red-200">{deleteForm('h3')}</div>
            </details>
          )}
        </>
      )}

      {hydrated && (
        <dialog
          ref={dialog}
          aria-labelledby={`${id}-dialog-heading`}
          aria-describedby={`${id}-dialog-intro`}
          className="m-auto w-[calc(100%-1.5rem)] max-w-lg rounded-2xl bg-white p-0 shadow-xl backdrop:bg-ember-900/60"
        >
          {deleteForm('h2', () => dialog.current?.close())}
        </dialog>
      )}
    </section>
  );
}
