// Joins: alerts, places, licensing, guides. The guide alerts match each confirmed alert's place (census county) to
// the licences of listed guides that serve it: one join per run is the fast way, where asking licensing and guides
// for each alert would be a query per alert. It writes only the alerts' own tables.
import { guidePagePath } from '#lib/guides/types.ts';
import type { Language } from '#lib/shared/languages.ts';
import { isListedGuide, listsGuide } from '#server/licensing/index.ts';
import type { Sql, TransactionSql } from '#server/platform/db/db.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { newAlertLink, setUpAlertOf, type AlertCreation, type AlertPlace } from './alerts.ts';
import { guideAlertConfirmationEmail, guidesServingEmail, type ServingGuide } from './watch-alert-emails.ts';

// The guide alerts (issue 39): 'guides', "Tell me when a guide serves {place}", offered on /guides when nobody holds the
// place. They are club alerts in all but what they watch: the same double opt-in, links, "Your alerts" page, limits (an
// alert of any kind counts toward them), one email a day and one-click unsubscribe. They do not count among the people
// waiting for a club (waitingColumns in alerts.ts).

const DAY_MS = 86_400_000;
/** Alerts emailed per run, of each kind; the rest go in the next run, an hour later. */
const EMAILS_PER_RUN = 20_000;

/**
 * "Tell me when a guide serves {place}": a ZIP code or a city, resolved as a club alert's place (resolveAlertPlace). Sets
 * up an unconfirmed guide alert and queues its confirmation email, as createAlert does a club alert: the same limits
 * and the same answers (see alerts.ts), its emails in `language`.
 */
export function createGuideAlert(
  email: string,
  place: AlertPlace,
  origin: string,
  now: Date,
  language: Language = 'en',
): Promise<AlertCreation> {
  return setUpAlertOf(email, place.label, origin, language, {
    findSame: (tx, mailbox) => tx<{ id: string; confirmed: boolean }[]>`
      select id, confirmed_at is not null as confirmed from alerts
      where mailbox_hash = ${mailbox} and kind = 'guides' and place_label = ${place.label}
      limit 1`,
    insert: (tx, mailbox) => tx<{ id: string }[]>`
      insert into alerts (email, mailbox_hash, kind, place_label, zip_code, state, latitude, longitude, time_zone, created_at, language)
      values (${email}, ${mailbox}, 'guides', ${place.label}, ${place.zipCode}, ${place.state}, ${place.latitude},
        ${place.longitude}, ${place.timeZone}, ${now}, ${language})
      returning id`,
    confirmation: (token) => guideAlertConfirmationEmail(email, place.label, origin, token, language),
  });
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

type DueGuideAlert = { id: string; email: string; mailboxHash: string; placeLabel: string; language: Language };

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
    await enqueueEmail(tx, guidesServingEmail(alert.email, alert.placeLabel, serving, origin, token, alert.language));
    await tx`update alerts set last_emailed_at = ${now} where id = ${alert.id}`;
    return true;
  });
}

/** Emails the confirmed guide alerts with guides they were not told of, at most once a day each. Returns how many. */
async function emailGuideAlerts(sql: Sql, now: Date, origin: string, signal: AbortSignal): Promise<number> {
  const due = await sql<DueGuideAlert[]>`
    select a.id, a.email, a.mailbox_hash, a.place_label, a.language
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

/** The guide alerts' part of the `alert-emails` job (runAlerts): what they found and emailed, for its summary. */
export async function runWatchAlerts({ sql, now, origin, signal }: { sql: Sql; now: Date; origin: string; signal: AbortSignal }) {
  const guidesFound = await sql.begin((tx) => takeServingGuides(tx, now));
  const guideEmails = signal.aborted ? 0 : await emailGuideAlerts(sql, now, origin, signal);
  return { guidesFound, guideEmails };
}
