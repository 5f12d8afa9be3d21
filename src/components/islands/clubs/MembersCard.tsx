import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Member, MemberList } from '#lib/members/types.ts';
import { RSVP_LABELS, type ClubRsvps } from '#lib/members/reminders.ts';
import { formatNextSession } from '#lib/client/next-session.ts';
import { memberSchema } from '#lib/schemas/members.ts';
import { apiRequest, getJson, serverFieldErrors, serverMessage } from '#lib/client/api.ts';
import { toast } from '#lib/client/toast.ts';
import { FormField } from '#components/islands/shared/FormField.tsx';
import { LocalDate } from '#components/islands/shared/LocalDate.tsx';
import { SCRIPT_FORM } from '#components/islands/shared/form-posts.ts';
import { useModalDialog } from '#components/islands/shared/use-modal-dialog.ts';

interface MembersCardProps {
  clubId: number;
  /** The club's members as the page was rendered. */
  initial: MemberList;
  /** Counts the members made elsewhere on the page (a request marked joined): each change reads the list again. */
  changed?: number;
  /** The next session held and each member's answer to it (by member id); null without one. */
  next?: ClubRsvps['next'];
  timeZone?: string | null;
}

type AddErrors = Partial<Record<'name' | 'email', string>>;

/**
 * The club profile's "Members" card (issue 40), for the host and the admin: each member with since when, the
 * removal behind a confirmation, and the form that adds a member (who is emailed a welcome). The table shows each
 * member's answer to the next session held ("Coming", "Can't make it", "Not answered").
 */
export function MembersCard({ clubId, initial, changed = 0, next = null, timeZone = null }: MembersCardProps) {
  const [list, setList] = useState(initial);

  useEffect(() => {
    if (changed === 0) return;
    getJson<MemberList>(`/api/clubs/${clubId}/members`).then(setList, (error: unknown) => fail('Could not load the members', error));
  }, [changed, clubId]);
  const [removing, setRemoving] = useState<Member | null>(null);
  const full = list.members.length >= list.max;

  const fail = (title: string, error: unknown) => toast({ title, description: serverMessage(error), variant: 'destructive' });

  const remove = async (member: Member) => {
    try {
      await apiRequest('DELETE', `/api/clubs/${clubId}/members/${member.id}`);
      setList((current) => ({ ...current, members: current.members.filter((m) => m.id !== member.id) }));
      toast({ title: `${member.name} is no longer a member` });
    } catch (error) {
      fail('Could not remove the member', error);
    }
  };

  return (
    <section id="members" className="card scroll-mt-24" aria-labelledby="members-heading">
      <h2 id="members-heading" className="text-2xl font-bold text-ember-900">
        Members
      </h2>
      <p className="mt-2 text-stone-700">
        The people of your club. Each has a “Your club” link, sent in their welcome email, to the club’s next sessions and where it meets;
        they need no account. Only you and the site’s administrator see their addresses. A request you mark “They’ve joined” adds its
        visitor here.
      </p>
      <p className="mt-2 text-sm text-stone-700" data-member-total>
        {list.members.length} of at most {list.max} members
      </p>

      {list.members.length === 0 ? (
        <p className="mt-4 text-stone-700">No members yet.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Members of your club</caption>
            <thead>
              <tr className="border-b border-stone-200 text-stone-700">
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Member
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold">
                  Since
                </th>
                {next && (
                  <th scope="col" className="py-2 pr-4 font-semibold">
                    Next session<span className="sr-only"> ({formatNextSession(next.occurrence, timeZone)})</span>
                  </th>
                )}
                <th scope="col" className="py-2 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.members.map((member) => (
                <tr key={member.id} className="border-b border-stone-100 align-top" data-member={member.email}>
                  <td className="py-2 pr-4">
                    <span className="block font-semibold break-words text-stone-900">{member.name}</span>
                    <a className="break-all text-flame-800 underline" href={`mailto:${member.email}`}>
                      {member.email}
                    </a>
                  </td>
                  <td className="py-2 pr-4 whitespace-nowrap text-stone-700">
                    <LocalDate value={member.createdAt} />
                  </td>
                  {next && (
                    <td className="py-2 pr-4 whitespace-nowrap text-stone-700" data-next-answer>
                      {next.answers[String(member.id)] ? RSVP_LABELS[next.answers[String(member.id)]!] : 'Not answered'}
                    </td>
                  )}
                  <td className="py-2 text-right">
                    <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => setRemoving(member)}>
                      Remove<span className="sr-only"> {member.name}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <AddMemberForm
        clubId={clubId}
        full={full}
        onAdded={(member) => setList((current) => ({ ...current, members: [...current.members, member] }))}
      />

      <RemoveDialog member={removing} onConfirm={(member) => void remove(member)} onClose={() => setRemoving(null)} />
    </section>
  );
}

function AddMemberForm({ clubId, full, onAdded }: { clubId: number; full: boolean; onAdded: (member: Member) => void }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<AddErrors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = memberSchema.safeParse({ name, email });
    if (!parsed.success) {
      const found: AddErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'name' || field === 'email') && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const response = await apiRequest('POST', `/api/clubs/${clubId}/members`, parsed.data);
      const member = (await response.json()) as Member;
      onAdded(member);
      setName('');
      setEmail('');
      toast({ title: `${member.name} is a member`, description: 'We emailed them a welcome with their “Your club” link.' });
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (fields.name || fields.email) setErrors({ name: fields.name?.[0], email: fields.email?.[0] });
      else toast({ title: 'Could not add the member', description: serverMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form {...SCRIPT_FORM} className="mt-6 rounded-xl border border-stone-200 p-4" noValidate onSubmit={(event) => void submit(event)}>
      <h3 className="text-lg font-bold text-ember-900">Add a member</h3>
      <p className="mt-1 text-sm text-stone-700">
        They get a welcome email with their link, and a one-click “I did not ask for this” that removes them.
      </p>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <FormField label="Name" error={errors.name}>
          <input name="name" autoComplete="off" maxLength={100} value={name} onInput={(event) => setName(event.currentTarget.value)} />
        </FormField>
        <FormField label="Email" error={errors.email}>
          <input
            name="email"
            type="email"
            autoComplete="off"
            maxLength={254}
            value={email}
            onInput={(event) => setEmail(event.currentTarget.value)}
          />
        </FormField>
      </div>
      {full && (
        <p className="mt-3 text-sm text-red-800">Your club has as many members as it may have. Remove someone before adding another.</p>
      )}
      <button type="submit" className="btn-primary mt-4" disabled={busy || full}>
        {busy ? 'Adding…' : 'Add member'}
      </button>
    </form>
  );
}

interface RemoveDialogProps {
  member: Member | null;
  onConfirm: (member: Member) => void;
  onClose: () => void;
}

/** "Remove {name}?" in a native modal <dialog>, as the site's other confirmations. */
function RemoveDialog({ member, onConfirm, onClose }: RemoveDialogProps) {
  const id = useId();
  const open = member !== null;
  const dialog = useModalDialog(open);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-heading`}
      aria-describedby={`${id}-text`}
      onClose={onClose}
      className="m-auto w-[calc(100%-1.5rem)] max-w-lg rounded-2xl bg-white p-0 shadow-xl backdrop:bg-ember-900/60"
    >
      {member && (
        <div className="p-5 sm:p-6">
          <h2 id={`${id}-heading`} className="text-xl font-bold text-ember-900">
            Remove {member.name}?
          </h2>
          <p id={`${id}-text`} className="mt-2 text-stone-700">
            Their name and email address are deleted, and their “Your club” link stops working. We do not email them about it.
          </p>
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <button type="button" className="btn-secondary" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button
              type="button"
              className="btn-primary"
              onClick={() => {
                onConfirm(member);
                dialog.current?.close();
              }}
            >
              Remove member
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
