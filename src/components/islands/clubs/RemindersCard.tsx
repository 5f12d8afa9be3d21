import { useId, useState, type FormEvent } from 'react';
import { REMINDER_LEAD_LABELS, REMINDER_LEADS, type ReminderLead, type ReminderSettings } from '#lib/members/reminders.ts';
import { reminderSettingsSchema } from '#lib/schemas/reminders.ts';
import { apiRequest, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { SCRIPT_FORM } from '#components/islands/shared/form-posts.ts';

interface RemindersCardProps {
  clubId: number;
  /** The club's settings as the page was rendered. */
  initial: ReminderSettings;
}

/**
 * The club profile's "Reminders" card (issue 40), for the host and the admin: when each member is emailed a reminder
 * of a session (with its reading, the place and the one-click "I'll be there" / "Can't make it"), and whether the
 * host gets the morning summary of who is coming.
 */
export function RemindersCard({ clubId, initial }: RemindersCardProps) {
  const [settings, setSettings] = useState(initial);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = reminderSettingsSchema.safeParse(settings);
    if (!parsed.success) return;
    setBusy(true);
    try {
      const response = await apiRequest('PUT', `/api/clubs/${clubId}/reminders`, parsed.data);
      setSettings((await response.json()) as ReminderSettings);
      toast({ title: 'Reminder settings saved' });
    } catch (error) {
      toast({ title: 'Could not save the reminder settings', description: serverMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section id="reminders" className="card scroll-mt-24" aria-labelledby="reminders-heading">
      <h2 id="reminders-heading" className="text-2xl font-bold text-ember-900">
        Reminders
      </h2>
      <p className="mt-2 text-stone-700">
        Before each session, each member is emailed a reminder in your club’s time zone: the date and time, what the club reads, where it
        meets, and one-click “I’ll be there” and “Can’t make it”. Replies come to you. A member can stop their reminders and stay a member.
      </p>
      <form {...SCRIPT_FORM} className="mt-4" onSubmit={(event) => void save(event)}>
        <fieldset>
          <legend className="font-semibold text-ember-900">Remind members</legend>
          <div className="mt-2 space-y-2">
            {REMINDER_LEADS.map((lead: ReminderLead) => (
              <label key={lead} className="flex items-center gap-2 text-stone-800">
                <input
                  type="radio"
                  name={`${id}-lead`}
                  value={lead}
                  checked={settings.reminderLead === lead}
                  onChange={() => setSettings((current) => ({ ...current, reminderLead: lead }))}
                />
                {REMINDER_LEAD_LABELS[lead]}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="mt-4 flex items-start gap-2 text-stone-800">
          <input
            type="checkbox"
            className="mt-1"
            checked={settings.rsvpSummary}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setSettings((current) => ({ ...current, rsvpSummary: checked }));
            }}
          />
          <span>Email me the morning of each session (8:00 AM) who is coming</span>
        </label>
        <button type="submit" className="btn-primary mt-4" disabled={busy}>
          {busy ? 'Saving…' : 'Save reminder settings'}
        </button>
      </form>
    </section>
  );
}
