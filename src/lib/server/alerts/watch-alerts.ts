import { MAX_ALERTS_PER_ADDRESS } from '#lib/alerts/types.ts';
import { clubPagePath } from '#lib/clubs/pages.ts';
import { guidePagePath } from '#lib/guides/types.ts';
import { isListed } from '#server/clubs/index.ts';
import { isListedGuide, listsGuide } from '#server/licensing/index.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import { mailboxHash } from '#server/platform/email/acknowledgements.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { alertsFullEmail } from './alert-emails.ts';
import {
  forgetEmptyMailboxes,
  newAlertLink,
  recordWaiting,
  waitingColumns,
  type AlertCreation,
  type AlertPlace,
  type WaitingRow,
} from './alerts.ts';
import {
  clubAlertConfirmationEmail,
  clubOpenEmail,
  guideAlertConfirmationEmail,
  guidesServingEmail,
  type ServingGuide,
} from './watch-alert-emails.ts';

// The two other kinds of visitor alert (issue 39): 'guides', "Tell me when a guide serves {place}" (offered on /guides
// when nobody holds the place), and 'club', "Tell me when {club} takes new members" (offered on a club whose joining is
// off). They are club alerts in all but what they watch: the same double opt-in, links, "Your alerts" page, limits (an
// alert of any kind counts toward them), one email a day and one-click unsubscribe. Neither counts among the people
// waiting for a club (waitingColumns).

const DAY_MS = 86_400_000;
/** Alerts emailed per run, of each kind; the rest go in the next run, an hour later. */
const EMAILS_PER_RUN = 20_000;

/** What a new alert of the other kinds watches: a place for a guide, or a club. */
type Watch = { kind: 'guides'; place: AlertPlace } | { kind: 'club'; club: { id: number; clubName: string } };

/**
 * Sets up an unconfirmed guide or club alert and queues its confirmation email, as createAlert does a club alert: the
 * same limits and the same answers (see alerts.ts).
 */
async function createWatchAlert(email: string, watch: Watch, origin: string, now: Date): Promise<AlertCreation> {
  const mailbox = mailboxHash(email);
  const label = watch.kind === 'guides' ? watch.place.label : watch.club.clubName;
  const confirmation = (token: string) =>
    watch.kind === 'guides'
      ? guideAlertConfirmationEmail(email, label, origin, token)
      : clubAlertConfirmationEmail(email, label, origin, token);
  return db().begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtextextended(${`alerts:${mailbox}`}, 0))`;
    const [same] = await tx<{ id: string; confirmed: boolean }[]>`
      select id, confirmed_at is not null as confirmed from alerts
      where mailbox_hash = ${mailbox} and kind = ${watch.kind}
        and ${watch.kind === 'guides' ? tx`place_label = ${label}` : tx`club_id = ${watch.club.id}`}
      limit 1`;
    if (same?.confirmed) return 'already-confirmed';
    if (await limits.alertConfirmationsPerAddress.consume(mailbox, tx)) return 'address-emailed-enough';
    if (same) {
      await enqueueEmail(tx, confirmation(await newAlertLink(tx, mailbox, Number(same.id))));
      return 'confirmation-sent-again';
    }
    const [held] = await tx<{ count: number }[]>`select count(*)::int as count from alerts where mailbox_hash = ${mailbox}`;
    if (held!.count >= MAX_ALERTS_PER_ADDRESS) {
      await enqueueEmail(tx, alertsFullEmail(email, label, origin, await newAlertLink(tx, mailbox, null)));
      return 'address-full';
    }
    const [alert] =
      watch.kind === 'guides'
        ? await tx<{ id: string }[]>`
            insert into alerts (email, mailbox_hash, kind, place_label, zip_code, state, latitude, longitude, time_zone, created_at)
            values (${email}, ${mailbox}, 'guides', ${label}, ${watch.place.zipCode}, ${watch.place.state}, ${watch.place.latitude},
              ${watch.place.longitude}, ${watch.place.timeZone}, ${now})
            returning id`
        : // A club alert is not matched by distance: its position is the club's, or nowhere in particular for an online club.
          await tx<{ id: string }[]>`
            insert into alerts (email, mailbox_hash, kind, club_id, place_label, latitude, longitude, time_zone, created_at)
            select ${email}, ${mailbox}, 'club', c.id, c.club_name, coalesce(c.latitude, 0), coalesce(c.longitude, 0), c.time_zone, ${now}
            from clubs c where c.id = ${watch.club.id}
            returning id`;
    await enqueueEmail(tx, confirmation(await newAlertLink(tx, mailbox, Number(alert!.id))));
    return 'created';
  });
}

/** "Tell me when a guide serves {place}": a ZIP code or a city, resolved as a club alert's place (resolveAlertPlace). */
export const createGuideAlert = (email: string, place: AlertPlace, origin: string, now: Date) =>
  createWatchAlert(email, { kind: 'guides', place }, origin, now);

/** Why a club cannot have a "takes new members" alert: unknown or not listed, or taking members already. */
export type ClubAlertRefusal = 'not-found' | 'accepting';

/**
 * "Tell me when {club} takes new members", for a listed club whose joining is off; a refusal for a club that is not
 * listed, or takes members already (ask to join instead).
 */
export async function createClubAlert(email: string, clubId: number, origin: string, now: Date): Promise<AlertCreation | ClubAlertRefusal> {
  const sql = db();
  const [club] = await sql<{ id: number; clubName: string; accepting: boolean }[]>`
    select id, club_name as "clubName", accepting_members as accepting from clubs where id = ${clubId} and ${isListed(sql)}`;
  if (!club) return 'not-found';
  if (club.accepting) return 'accepting';
  return createWatchAlert(email, { kind: 'club', club }, origin, now);
}

/**
 * Records the listed guides that now serve a confirmed guide alert's place and the alert did not know (waiting for its
 * email), and forgets those that no longer serve it, so that one who comes back is news again. A guide serves the
 * place when an active or grace licence covers its state, its ZIP code's county or its ZIP code, as /guides finds
 * guides for a place (findGuidesCovering). Returns how many guides are new to their alerts.
 */
async function takeServingGuides(tx: TransactionSql, now: Date): Promise<number> {
  const serving = tx`
    select distinct a.id as alert_id, g.user_id as guide_id
    from alerts a
    left join census_zctas z on z.zcta = a.zip_code
    join licences l on l.state_code = a.state
      and (l.area_kind = 'state'
        or (l.area_kind = 'county' and l.county_fips = z.county_fips)
        or (l.area_kind = 'zip' and l.county_fips = z.county_fips and l.zip = z.zcta))
    join guides g on g.user_id = l.guide_id
    where a.kind = 'guides' and a.confirmed_at is not null and a.expires_at > ${now} and ${listsGuide(tx)} and ${isListedGuide(tx)}`;
  await tx`
    delete from alert_known_guides k
    where not exists (select 1 from (${serving}) s where s.alert_id = k.alert_id and s.guide_id = k.guide_id)`;
  const fresh = await tx`
    insert into alert_known_guides (alert_id, guide_id, known_since)
    select alert_id, guide_id, ${now} from (${serving}) s
    on conflict do nothing`;
  return fresh.count;
}

type DueGuideAlert = { id: string; email: string; mailboxHash: string; placeLabel: string };

/** Queues a guide alert's email of the guides it was not told of yet, marking them told. Returns whether it was queued. */
async function emailGuideAlert(sql: Sql, alert: DueGuideAlert, now: Date, origin: string): Promise<boolean> {
  return sql.begin(async (tx) => {
    const [locked] = await tx`
      select 1 from alerts where id = ${alert.id} and (last_emailed_at is null or last_emailed_at <= ${new Date(now.getTime() - DAY_MS)})
      for update skip locked`;
    if (!locked) return false;
    const guides = await tx<{ id: number; name: string }[]>`
      update alert_known_guides k set emailed_at = ${now}
      from guides g
      where k.alert_id = ${alert.id} and k.emailed_at is null and g.user_id = k.guide_id
      returning g.public_id as id, g.name`;
    if (guides.length === 0) return false;
    const serving = guides
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((guide): ServingGuide => ({ name: guide.name, pagePath: guidePagePath(guide) })) as [ServingGuide, ...ServingGuide[]];
    const token = await newAlertLink(tx, alert.mailboxHash, Number(alert.id));
    await enqueueEmail(tx, guidesServingEmail(alert.email, alert.placeLabel, serving, origin, token));
    await tx`update alerts set last_emailed_at = ${now} where id = ${alert.id}`;
    return true;
  });
}

/** Emails the confirmed guide alerts with guides they were not told of, at most once a day each. Returns how many. */
async function emailGuideAlerts(sql: Sql, now: Date, origin: string, signal: AbortSignal): Promise<number> {
  const due = await sql<DueGuideAlert[]>`
    select a.id, a.email, a.mailbox_hash as "mailboxHash", a.place_label as "placeLabel"
    from alerts a
    where a.kind = 'guides' and a.confirmed_at is not null and a.expires_at > ${now}
      and (a.last_emailed_at is null or a.last_emailed_at <= ${new Date(now.getTime() - DAY_MS)})
      and exists (select 1 from alert_known_guides k where k.alert_id = a.id and k.emailed_at is null)
    order by a.id
    limit ${EMAILS_PER_RUN}`;
  let emailed = 0;
  for (const alert of due) {
    if (signal.aborted) break;
    if (await emailGuideAlert(sql, alert, now, origin)) emailed += 1;
  }
  return emailed;
}

/**
 * Sends the one email of each confirmed club alert whose club is listed and takes new members again, and deletes the
 * alert, in one transaction each: it did its job. Returns how many were sent.
 */
async function emailOpenClubs(sql: Sql, now: Date, origin: string, signal: AbortSignal): Promise<number> {
  const due = await sql<{ id: string; email: string; mailboxHash: string; clubId: number; clubName: string }[]>`
    select a.id, a.email, a.mailbox_hash as "mailboxHash", c.id as "clubId", c.club_name as "clubName"
    from alerts a join clubs c on c.id = a.club_id
    where a.kind = 'club' and a.confirmed_at is not null and a.expires_at > ${now} and c.accepting_members and ${isListed(sql)}
    order by a.id
    limit ${EMAILS_PER_RUN}`;
  let emailed = 0;
  for (const alert of due) {
    if (signal.aborted) break;
    const sent = await sql.begin(async (tx) => {
      const deleted = await tx<(WaitingRow & { id: string })[]>`
        delete from alerts where id = ${alert.id} returning id, ${waitingColumns(tx)}`;
      if (deleted.length === 0) return false;
      await recordWaiting(tx, deleted, -1);
      const [others] = await tx<{ count: number }[]>`
        select count(*)::int as count from alerts where mailbox_hash = ${alert.mailboxHash}`;
      const token = await newAlertLink(tx, alert.mailboxHash, null);
      const club = { clubName: alert.clubName, pagePath: clubPagePath({ id: alert.clubId, clubName: alert.clubName }) };
      await enqueueEmail(tx, clubOpenEmail(alert.email, club, origin, token, others!.count > 0));
      await forgetEmptyMailboxes(tx, [alert.mailboxHash]);
      return true;
    });
    if (sent) emailed += 1;
  }
  return emailed;
}

/** The guide and club alerts' part of the `alert-emails` job (runAlerts): what they found and emailed, for its summary. */
export async function runWatchAlerts({ sql, now, origin, signal }: { sql: Sql; now: Date; origin: string; signal: AbortSignal }) {
  const guidesFound = await sql.begin((tx) => takeServingGuides(tx, now));
  const guideEmails = signal.aborted ? 0 : await emailGuideAlerts(sql, now, origin, signal);
  const clubEmails = signal.aborted ? 0 : await emailOpenClubs(sql, now, origin, signal);
  return { guidesFound, guideEmails, clubEmails };
}
