import type { Club } from '#lib/clubs/types.ts';
import type { JoinRequest } from '#lib/clubs/join-request-types.ts';
import type { Licence, LicenceOrder } from '#lib/licensing/types.ts';
import type { SessionSummary } from '#lib/auth/session-types.ts';
import type { AlertSummary } from '#lib/alerts/types.ts';
import { deleteAlertsOfAddress, listAlertsOfAddress } from '#server/alerts/index.ts';
import { deleteAccount, findAccountRecord, listUserSessions, lockAccount, type AccountRecord, type User } from '#server/auth/index.ts';
import { deleteOwnClub, findOwnClub, listAllJoinRequests } from '#server/clubs/index.ts';
import { findOwnGuideData, type OwnGuideData } from '#server/guides/index.ts';
import { endLicencesOfAccount, listGuideLicences } from '#server/licensing/index.ts';
import { listReportsAbout, type ReportAboutClub } from '#server/questions/index.ts';
import { anonymisePersonAudit, listPersonAudit, recordAudit, type AuditPerson } from '#server/platform/audit.ts';
import { db } from '#server/platform/db/db.ts';
import { accountDataCopy, deletionEffectsFor } from '#lib/app/account-data-copy.ts';
import type { AccountPlace } from '#lib/app/account-types.ts';
import { composeEmail, teamAddress } from '#server/platform/email/compose.ts';
import type { Mail } from '#server/platform/email/mailer.ts';
import { deleteEmailsTo, enqueueEmail } from '#server/platform/email/outbox.ts';
import { forgetAccountLimits } from '#server/platform/rate-limits/rate-limit.ts';
import { findAccountPlace } from './accounts.ts';

// A person's own data (issue 29, the privacy policy's "Your data"): the one file /account downloads, and the deletion of
// the account. Each domain reads and deletes its own part; this file puts the parts together.

/** GET /api/account/export: everything the site keeps about the signed-in person, and nobody else's. */
export interface AccountDataExport {
  exportedAt: string;
  account: AccountRecord;
  sessions: SessionSummary[];
  /** The club they host, with its meeting times and place, the requests to join it and the reports about it. */
  club: (Club & { joinRequests: JoinRequest[]; reports: ReportAboutClub[] }) | null;
  /** Their guide profile, photo and the messages sent to them as a guide. */
  guide: OwnGuideData | null;
  /** The licences they hold or held, each with its orders (payments). */
  licences: (Licence & { orders: LicenceOrder[] })[];
  /** The email alerts of every kind (new clubs, a guide, a club taking members) set up for their address (issue 39), which need no account. */
  alerts: AlertSummary[];
  /** The audit log's entries about them, their club and their licences, oldest first. */
  auditLog: Awaited<ReturnType<typeof listPersonAudit>>;
}

/** The signed-in person's data; `sessionId` marks the session asking among their sessions. */
export async function exportAccountData(user: User, sessionId: string): Promise<AccountDataExport> {
  const [account, sessions, club, guide, licences, alerts] = await Promise.all([
    findAccountRecord(user.id),
    listUserSessions(user.id, sessionId),
    findOwnClub(user.id),
    findOwnGuideData(user.id),
    listGuideLicences(user.id),
    listAlertsOfAddress(user.email),
  ]);
  const person: AuditPerson = { userId: user.id, email: user.email, clubId: club?.id ?? null, licenceIds: licences.map(({ id }) => id) };
  const [joinRequests, reports, auditLog] = await Promise.all([
    club ? listAllJoinRequests(club.id) : [],
    club ? listReportsAbout(club.id) : [],
    listPersonAudit(person),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    account: account!,
    sessions,
    club: club && { ...club, joinRequests, reports },
    guide,
    // The licence's guide is the person, given above.
    licences: licences.map(({ guide: _guide, ...licence }) => licence),
    alerts,
    auditLog,
  };
}

/**
 * The one email a deleted account's address gets afterwards (issue 41 item 8): what deleting it did and what is kept,
 * in the privacy policy's words, and why.
 */
export function accountDeletedEmail(input: { to: string; place: Pick<AccountPlace, 'clubId' | 'isGuide'>; origin: string }): Mail {
  return composeEmail({
    to: input.to,
    subject: 'Your FlameKeeper Clubs account has been deleted',
    replyTo: teamAddress(),
    greeting: 'Hello,',
    paragraphs: [
      `The FlameKeeper Clubs account of ${input.to} has been deleted, as you asked on its account page. This is the last email we send about it.`,
      [
        'What deleting it did, and what we keep:',
        ...deletionEffectsFor(input.place, { inEmail: true }).map((effect) => `- ${effect}`),
      ].join('\n'),
      accountDataCopy.delete.keptBecause,
      'If you did not delete your account, reply to this email and we will look into it.',
    ],
    actions: [{ label: 'Read our privacy policy', url: `${input.origin}/privacy-terms` }],
    reason: `You receive this because the FlameKeeper Clubs account of ${input.to} was deleted.`,
  });
}

/**
 * Deletes the person's account in one transaction, as the privacy policy says: their club leaves the directory and is
 * deleted; their reservations are cancelled and the licences they hold given up, each audited, the admins told; the
 * licences and their orders stay, with no guide; the audit log's entries about them lose their email and name; and the
 * account goes with everything only its own (sessions, links, guide profile, photo, messages, rate-limit counters, the
 * outbox's emails to them, the alerts on its address). Then its address is queued one last email saying so. The caller
 * queues nothing else: wake the worker for that email and the admins' notice.
 */
export async function deleteOwnAccount(user: User, origin: string): Promise<void> {
  await db().begin(async (tx) => {
    const account = await lockAccount(tx, user.id);
    if (!account) return;
    const place = await findAccountPlace(user.id, tx);
    const club = await deleteOwnClub(tx, user);
    const licenceIds = await endLicencesOfAccount(tx, user, origin);
    const clubId = club?.id ?? null;
    await recordAudit(tx, {
      actor: user,
      action: 'account.delete',
      clubId,
      subject: account.email,
      before: { role: account.role },
      after: null,
    });
    await anonymisePersonAudit(tx, { userId: user.id, email: account.email, clubId, licenceIds });
    await deleteAccount(tx, user.id);
    await forgetAccountLimits(tx, user.id);
    await deleteEmailsTo(tx, account.email);
    await deleteAlertsOfAddress(tx, account.email);
    await enqueueEmail(tx, accountDeletedEmail({ to: account.email, place, origin }));
  });
}
