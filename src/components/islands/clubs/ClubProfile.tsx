import { useState } from 'react';
import { clubRecord, type ClubRecord } from '#lib/clubs/types.ts';
import type { Product } from './club.ts';
import { ProfileHeader } from './ProfileHeader.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { StatusCard } from './StatusCard.tsx';
import { QuickActions } from './QuickActions.tsx';
import { ClubManagement } from './ClubManagement.tsx';
import type { JoinRequestList } from '#lib/clubs/join-request-types.ts';
import { JoinRequestsCard, type JoinRequestsCardCopy } from './JoinRequestsCard.tsx';
import { MEMBERS_FULL, type MemberList } from '#lib/members/types.ts';
import { toast } from '#lib/client/toast.ts';
import { MembersCard } from './MembersCard.tsx';
import type { SessionView } from '#lib/clubs/meetings/changes.ts';
import { SessionChangesCard } from './SessionChangesCard.tsx';
import type { ClubRsvps, ReminderSettings } from '#lib/members/reminders.ts';
import { RemindersCard } from './RemindersCard.tsx';
import { EmailConfirmationNotice, type EmailConfirmationState } from '#components/islands/shared/EmailConfirmationNotice.tsx';

interface ClubProfileProps {
  club: ClubRecord;
  products: Product[];
  /** The viewer is the admin: the Club Management card and the link to all clubs are shown. */
  isAdmin: boolean;
  /** The Join requests card's requests and words. */
  joinRequests: { initial: JoinRequestList; copy: JoinRequestsCardCopy };
  /** The Members card's members as the page was rendered. */
  members: MemberList;
  /** The host's own email and whether it is confirmed; null when the admin views the club. */
  emailConfirmation: EmailConfirmationState | null;
  /** The club's upcoming sessions with their changes, for the "Cancel or move a session" card. */
  upcomingSessions: SessionView[];
  /** The members' answers to the upcoming sessions: counts per session, each member's to the next. */
  rsvps: ClubRsvps;
  /** When members are reminded of a session, and the host's morning summary. */
  reminderSettings: ReminderSettings;
}

/** /club-profile/{id}: the host's own club, its status, and the profile editor. */
export default function ClubProfile({
  club: initial,
  products,
  isAdmin,
  joinRequests,
  members,
  emailConfirmation,
  upcomingSessions,
  rsvps,
  reminderSettings,
}: ClubProfileProps) {
  const [club, setClub] = useState(() => clubRecord(initial));
  // Bumped when a request marked joined makes a member, so that the Members card reads its list again.
  const [membersChanged, setMembersChanged] = useState(0);
  return (
    <>
      <ProfileHeader club={club} isAdmin={isAdmin} />
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-3">
        <div className="min-w-0 space-y-8 lg:col-span-2">
          {emailConfirmation && (
            <EmailConfirmationNotice
              {...emailConfirmation}
              from="club-profile"
              note="Your club can be registered and verified meanwhile; confirming tells us our emails about it reach you."
            />
          )}
          <ProfileCard club={club} isAdmin={isAdmin} onSaved={setClub} />
          <JoinRequestsCard
            clubId={club.id}
            {...joinRequests}
            onMembership={(membership) => {
              if (membership === 'added') setMembersChanged((count) => count + 1);
              if (membership === 'full') toast({ title: 'Not added to your members', description: MEMBERS_FULL, variant: 'destructive' });
            }}
          />
          <MembersCard clubId={club.id} initial={members} changed={membersChanged} next={rsvps.next} timeZone={club.timeZone} />
          <SessionChangesCard
            clubId={club.id}
            timeZone={club.timeZone}
            initial={upcomingSessions}
            rsvpCounts={members.members.length > 0 ? rsvps.sessions : []}
          />
          <RemindersCard clubId={club.id} initial={reminderSettings} />
        </div>
        <div className="min-w-0 space-y-8">
          <StatusCard club={club} onChanged={setClub} />
          {isAdmin && <ClubManagement club={club} onChanged={setClub} />}
          <QuickActions products={products} isAdmin={isAdmin} />
        </div>
      </div>
    </>
  );
}
