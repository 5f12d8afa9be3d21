import { useId, useState, type FormEvent } from 'react';
import type { EmailSettings } from '#lib/schemas/email-settings.ts';
import { apiRequest, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { SCRIPT_FORM } from '#components/islands/shared/form-posts.ts';

/**
 * The account's "Emails" card (issue 41 item 17): whether to get one reminder of a join request or a message left
 * unanswered, which the reminder's own "Stop these reminders" turns off; here it turns back on.
 */
export function EmailsCard({ initial }: { initial: EmailSettings }) {
  const [settings, setSettings] = useState(initial);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const response = await apiRequest('PUT', '/api/account/email-settings', settings);
      setSettings((await response.json()) as EmailSettings);
      toast({ title: 'Email settings saved' });
    } catch (error) {
      toast({ title: 'Could not save the email settings', description: serverMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section id="emails" className="card scroll-mt-24" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-2xl font-bold text-ember-900">
        Emails
      </h2>
      <p className="mt-2 text-stone-700">
        Every join request and message reaches you by email. If one waits past the time visitors are promised an answer, we remind you once.
      </p>
      <form {...SCRIPT_FORM} className="mt-4" onSubmit={(event) => void save(event)}>
        <label className="flex items-start gap-2 text-stone-800">
          <input
            type="checkbox"
            className="mt-1"
            checked={settings.replyReminders}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setSettings({ replyReminders: checked });
            }}
          />
          <span>Remind me of a join request or a message I have not answered</span>
        </label>
        <button type="submit" className="btn-primary mt-4" disabled={busy}>
          {busy ? 'Saving…' : 'Save email settings'}
        </button>
      </form>
    </section>
  );
}
