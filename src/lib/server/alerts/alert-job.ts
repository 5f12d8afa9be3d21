import { KEEP_ASK_DAYS, UNCONFIRMED_ALERT_DAYS, type AlertDistance, type AlertSummary } from '#lib/alerts/types.ts';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { formatNextSession } from '#lib/client/next-session.ts';
import type { Language } from '#lib/shared/languages.ts';
import { toPublicClub } from '#server/clubs/index.ts';
import type { Sql, TransactionSql } from '#server/platform/db/db.ts';
import { env } from '#server/platform/env.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { chordOf, EARTH_RADIUS_MILES } from '#server/places/index.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';
import { ALERT_WORDS, alertMatchesEmail, keepAlertEmail, type MatchedClub } from './alert-emails.ts';
import { forgetEmptyMailboxes, newAlertLink, recordWaiting, waitingColumns, type WaitingRow } from './alerts.ts';
import { runWatchAlerts } from './watch-alerts-read-model.ts';
import { listMatchedClubRows, takeNewClubs, type NewClub } from './alert-clubs-read-model.ts';

// The alert job (hourly, one instance): finds the clubs that are new to the alerts and records the alerts they match,
// sends each alert at most one email a day listing its matches, asks "Keep this alert?" before an alert ends, and
// deletes alerts never confirmed or ended. Finding new clubs by comparing the listed clubs with the ones the alerts
// know (alert_known_clubs, migration 040) catches every way a club comes to take members (verified by the admin, back
// from inactive, joining switched on again) without the clubs domain knowing alerts exist.

/** The widest distance an alert may have: the index's cube around a club is this wide. */
const WIDEST_MILES = 50;
/** Alerts emailed per run; the rest go in the next run, an hour later. */
const EMAILS_PER_RUN = 20_000;
const DAY_MS = 86_400_000;

/** The great-circle distance in miles from an alert (`a`) to a position on the unit sphere; least() keeps asin() in range. */
const milesFrom = (sql: Sql | TransactionSql, position: string) =>
  sql`${2 * EARTH_RADIUS_MILES}::float8 * asin(least(1, (a.unit_position <-> ${position}::cube) / 2))`;

/**
 * The confirmed club alerts that a club starting at `position` (unit sphere, cube text) falls within, each with its
 * distance. The GiST index on the alerts' positions (alerts_confirmed_position_idx, migration 040) reads only the
 * alerts in the cube WIDEST_MILES around the club; each is then kept within its own distance. Exported so that a test
 * can EXPLAIN exactly what the job runs.
 */
export const alertsAroundQuery = (sql: Sql | TransactionSql, position: string, now: Date) => sql<{ id: string; distanceMiles: number }[]>`
  select a.id, ${milesFrom(sql, position)} as "distanceMiles" from alerts a
  where a.confirmed_at is not null and a.kind = 'clubs' and a.expires_at > ${now}
    and a.unit_position <@ cube_enlarge(${position}::cube, ${chordOf(WIDEST_MILES)}::float8, 3)
    and a.unit_position <-> ${position}::cube <= 2 * sin(a.distance_miles::float8 / ${EARTH_RADIUS_MILES}::float8 / 2)`;

/** The confirmed club alerts that include online clubs, wherever they are, each with its distance from `position`. */
const onlineAlertsQuery = (sql: Sql | TransactionSql, position: string, now: Date) => sql`
  select a.id, ${milesFrom(sql, position)} as "distanceMiles" from alerts a
  where a.confirmed_at is not null and a.kind = 'clubs' and a.include_online and a.expires_at > ${now}`;

/**
 * Records the confirmed alerts a new club matches, each with its distance: the alerts for that club itself ("tell me
 * when it takes new members again"), then an online club every alert that includes online clubs, another club the
 * alerts within their distance of it.
 */
export async function matchClub(tx: Sql | TransactionSql, club: NewClub, now: Date): Promise<number> {
  const forTheClub = await tx`
    insert into alert_matches (alert_id, club_id, distance_miles, matched_at)
    select a.id, ${club.id}, 0, ${now} from alerts a
    where a.kind = 'club' and a.club_id = ${club.id} and a.confirmed_at is not null and a.expires_at > ${now}
    on conflict (alert_id, club_id) do update set matched_at = excluded.matched_at, emailed_at = null`;
  if (club.position === null) return forTheClub.count;
  const alerts = club.online ? onlineAlertsQuery(tx, club.position, now) : alertsAroundQuery(tx, club.position, now);
  const matched = await tx`
    insert into alert_matches (alert_id, club_id, distance_miles, matched_at)
    select id, ${club.id}, "distanceMiles", ${now} from (${alerts}) as matching
    on conflict do nothing`;
  return forTheClub.count + matched.count;
}

/**
 * The alerts due an email at `now`: with matches not yet emailed (read from alert_matches_waiting_idx, not from every
 * alert), and no email in the last day.
 */
const dueAlerts = (sql: Sql, now: Date, limit: number) =>
  sql<
    {
      id: string;
      kind: AlertSummary['kind'];
      email: string;
      mailboxHash: string;
      placeLabel: string;
      timeZone: string | null;
      distance: AlertDistance;
      includeOnline: boolean;
      language: Language;
    }[]
  >`
  select a.id, a.kind, a.email, a.mailbox_hash, a.place_label, a.time_zone,
    a.distance_miles as distance, a.include_online, a.language
  from alerts a
  where a.id in (select m.alert_id from alert_matches m where m.emailed_at is null)
    and a.confirmed_at is not null and a.expires_at > ${now}
    and (a.last_emailed_at is null or a.last_emailed_at <= ${new Date(now.getTime() - DAY_MS)})
  order by a.id
  limit ${limit}`;

/**
 * Queues one alert's email of its waiting matches that still take members, in one transaction that marks them emailed
 * (and forgets those that no longer do). Returns whether an email was queued.
 */
async function emailAlert(sql: Sql, alert: Awaited<ReturnType<typeof dueAlerts>>[number], now: Date, origin: string): Promise<boolean> {
  return sql.begin(async (tx) => {
    const [locked] = await tx`
      select 1 from alerts where id = ${alert.id} and (last_emailed_at is null or last_emailed_at <= ${new Date(now.getTime() - DAY_MS)})
      for update skip locked`;
    if (!locked) return false;
    const rows = await listMatchedClubRows(tx, alert.id);
    await tx`update alert_matches set emailed_at = ${now} where alert_id = ${alert.id} and emailed_at is null`;
    if (rows.length === 0) return false;
    const { locale, yourTime } = ALERT_WORDS[alert.language];
    const clubs = rows.map(({ matchDistance, ...row }): MatchedClub => {
      const club = toPublicClub(row);
      return {
        clubName: club.clubName,
        city: club.city,
        state: club.state,
        online: club.meetingFormat === 'online',
        distanceMiles: matchDistance,
        nextSession: club.nextSession
          ? formatNextSession(club.nextSession, club.timeZone, alert.timeZone ?? undefined, { locale, yourTime })
          : null,
        pagePath: clubPagePath(club),
      };
    }) as [MatchedClub, ...MatchedClub[]];
    const token = await newAlertLink(tx, alert.mailboxHash, Number(alert.id));
    await enqueueEmail(tx, alertMatchesEmail(alert.email, alert, clubs, origin, token, alert.language));
    await tx`update alerts set last_emailed_at = ${now} where id = ${alert.id}`;
    return true;
  });
}

/** Asks "Keep this alert?" of the alerts ending within KEEP_ASK_DAYS that were not asked yet; returns how many. */
async function askToKeep(sql: Sql, now: Date, origin: string): Promise<number> {
  const soon = new Date(now.getTime() + KEEP_ASK_DAYS * DAY_MS);
  return sql.begin(async (tx) => {
    const rows = await tx<
      {
        id: string;
        kind: AlertSummary['kind'];
        email: string;
        mailboxHash: string;
        placeLabel: string;
        distance: AlertDistance;
        includeOnline: boolean;
        expiresAt: Date;
        language: Language;
      }[]
    >`
      update alerts set keep_asked_at = ${now}
      where id in (
        select id from alerts
        where confirmed_at is not null and keep_asked_at is null and expires_at > ${now} and expires_at <= ${soon}
        order by expires_at limit ${EMAILS_PER_RUN}
        for update skip locked)
      returning id, kind, email, mailbox_hash, place_label, distance_miles as distance,
        include_online, expires_at, language`;
    for (const alert of rows) {
      const token = await newAlertLink(tx, alert.mailboxHash, Number(alert.id));
      await enqueueEmail(tx, keepAlertEmail(alert.email, alert, alert.expiresAt, origin, token, alert.language));
    }
    return rows.length;
  });
}

/** Deletes alerts never confirmed within UNCONFIRMED_ALERT_DAYS and alerts past their end, with their addresses. */
async function deleteStaleAlerts(sql: Sql, now: Date): Promise<number> {
  return sql.begin(async (tx) => {
    const deleted = await tx<({ mailboxHash: string } & WaitingRow)[]>`
      delete from alerts
      where (confirmed_at is null and created_at <= ${new Date(now.getTime() - UNCONFIRMED_ALERT_DAYS * DAY_MS)})
        or expires_at <= ${now}
      returning mailbox_hash, ${waitingColumns(tx)}`;
    await recordWaiting(tx, deleted, -1);
    await forgetEmptyMailboxes(
      tx,
      deleted.map(({ mailboxHash }) => mailboxHash),
    );
    return deleted.length;
  });
}

/** The `alert-emails` job (src/lib/server/app/schedule.ts). */
export async function runAlerts({ sql, now, signal }: { sql: Sql; now: Date; signal: AbortSignal }): Promise<string | undefined> {
  const origin = siteOrigin(env().PORT);
  const matches = await sql.begin(async (tx) => {
    let count = 0;
    for (const club of await takeNewClubs(tx, now)) count += await matchClub(tx, club, now);
    return count;
  });
  let emailed = 0;
  for (const alert of await dueAlerts(sql, now, EMAILS_PER_RUN)) {
    if (signal.aborted) break;
    if (await emailAlert(sql, alert, now, origin)) emailed += 1;
  }
  // The guide alerts (watch-alerts-read-model.ts).
  const watched = await runWatchAlerts({ sql, now, origin, signal });
  const asked = signal.aborted ? 0 : await askToKeep(sql, now, origin);
  const deleted = await deleteStaleAlerts(sql, now);
  const others = watched.guidesFound + watched.guideEmails;
  return matches + emailed + asked + deleted + others > 0
    ? `${matches} matched, ${emailed} emailed, ${asked} asked to keep, ${deleted} deleted` +
        (others > 0 ? `; ${watched.guidesFound} guides found, ${watched.guideEmails} guide alerts emailed` : '')
    : undefined;
}

/**
 * The admins' daily digest line about alerts (issue 39): how many visitors confirmed an alert in the 24 hours before
 * `now`, with the page that shows where people wait; null when none did.
 */
export async function alertsDigestHeadline(sql: Sql, now: Date): Promise<string | null> {
  const [row] = await sql<{ confirmed: number }[]>`
    select count(*)::int as confirmed from alerts
    where confirmed_at > ${new Date(now.getTime() - DAY_MS)} and confirmed_at <= ${now}`;
  const confirmed = row?.confirmed ?? 0;
  if (confirmed === 0) return null;
  return `New alerts today: ${confirmed} (visitors who confirmed an email alert in the last 24 hours). Where people wait: ${siteOrigin(env().PORT)}/admin-demand`;
}
