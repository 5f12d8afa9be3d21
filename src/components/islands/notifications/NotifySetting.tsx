import { useId, useState } from 'react';
import { apiRequest, serverMessage } from '#lib/client/api.ts';
import { handleAdminError } from '#lib/client/admin-errors.ts';
import { toast } from '#lib/client/toast.ts';
import { ADMIN_NOTIFY_MODES, type AdminNotifyMode } from '#lib/notifications/types.ts';
import type { NotifySetting as NotifySettingBody } from '#lib/schemas/notifications.ts';
import { SCRIPT_FORM, useHydrated } from '#components/islands/shared/form-posts.ts';

interface NotifySettingProps {
  /** The admin's own choice; null while they use the site's default. */
  notify: AdminNotifyMode | null;
  /** The site's default (ADMIN_NOTIFY). */
  siteDefault: AdminNotifyMode;
}

const CHOICES: Record<AdminNotifyMode, { label: string; hint: string }> = {
  each: { label: 'An email for each', hint: 'A new club, a visitor question or report, an overdue check-in: an email as it happens.' },
  digest: { label: 'A daily digest', hint: 'One email a day listing what came in, when anything did.' },
  none: { label: 'No emails', hint: 'You check this page: the questions and the recent notifications above.' },
};

/** The admin's choice of how to hear of notifications, saved with a toast. */
export default function NotifySetting({ notify: initialNotify, siteDefault }: NotifySettingProps) {
  const [saved, setSaved] = useState(initialNotify);
  const [choice, setChoice] = useState<AdminNotifyMode>(initialNotify ?? siteDefault);
  const [saving, setSaving] = useState(false);
  const hydrated = useHydrated();
  const id = useId();

  // The radio group always holds one of the modes: nothing to check before the server does.
  const save = async () => {
    setSaving(true);
    try {
      const body: NotifySettingBody = { notify: choice };
      const response = await apiRequest('PUT', '/api/admin/notification-setting', body);
      const { notify } = (await response.json()) as { notify: AdminNotifyMode };
      setSaved(notify);
      toast({ title: 'Notification setting saved', description: `${CHOICES[notify].label}.` });
    } catch (failure) {
      handleAdminError(failure, { title: 'Setting not saved', description: serverMessage(failure) ?? 'Please try again.' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="mx-auto max-w-6xl px-4 pb-10">
      <div className="card">
        <h2 id={`${id}-heading`} className="text-xl font-bold text-ember-900">
          Your notification emails
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          {saved === null
            ? `You use the site's default: ${CHOICES[siteDefault].label.toLowerCase()}.`
            : `Your choice: ${CHOICES[saved].label.toLowerCase()}.`}
        </p>
        <form
          {...SCRIPT_FORM}
          className="mt-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <fieldset>
            <legend className="font-semibold text-stone-900">How should we tell you of new clubs, questions and reports?</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-3">
              {ADMIN_NOTIFY_MODES.map((mode) => (
                <label
                  key={mode}
                  className="flex cursor-pointer gap-3 rounded-lg border border-stone-300 p-3 has-[:checked]:border-flame-700 has-[:checked]:bg-flame-50"
                >
                  <input
                    type="radio"
                    name={`${id}-notify`}
                    value={mode}
                    checked={choice === mode}
                    onChange={() => setChoice(mode)}
                    className="mt-1 h-4 w-4 accent-flame-700"
                    aria-describedby={`${id}-${mode}-hint`}
                  />
                  <span>
                    <span className="block font-semibold text-stone-900">
                      {CHOICES[mode].label}
                      {mode === siteDefault && <span className="font-normal text-stone-700"> (site default)</span>}
                    </span>
                    <span id={`${id}-${mode}-hint`} className="block text-sm text-stone-700">
                      {CHOICES[mode].hint}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" disabled={!hydrated || saving} className="btn-primary mt-4">
            {saving ? 'Saving...' : 'Save setting'}
          </button>
        </form>
      </div>
    </section>
  );
}
