import { CHECK_IN_DAYS } from '#lib/check-ins/types.ts';
import { flagClubsNeedingCheckIn, markUnconfirmedClubsInactive, toClub } from '#server/clubs/index.ts';
import { lockClubsDueForCheckIn } from './due-check-ins-read-model.ts';
import type { Sql } from '#server/platform/db/db.ts';
import { checkInOverdueNotice, clubInactiveEmail } from './check-in-emails.ts';
import { env } from '#server/platform/env.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { notifyAdmins } from '#server/notifications/index.ts';
import { siteOrigin } from '#server/platform/site-origin.ts';
import { bringBackUrls, startCheckIn } from './check-ins.ts';

// The check-ins as time passes (docs/decisions/019), for listed clubs only (pending ones are not public, inactive
// ones have left already), as of the job's `now`. Each step is one transaction with its emails and acts on
// everything past due, so a missed run (or `jobs:run --now` far ahead) catches up: ask, flag, then take off the
// directory.

/** `days` as an interval of exact 24-hour days: '90 days' would follow the session's time zone across a DST change. */
const daysSinceConfirmed = (days: number) => `${days * 24} hours`;

/** The check-ins' steps as of `now`; the job's summary counts each. */
export async function applyCheckIns({ sql, now }: { sql: Sql; now: Date }): Promise<string> {
  const origin = siteOrigin(env().PORT);

  // 90 days unconfirmed: the host is asked, once a round (any check-in sent since the last confirmation counts, the
  // one three reports sent too).
  const asked = await sql.begin(async (tx) => {
    const rows = await lockClubsDueForCheckIn(tx, daysSinceConfirmed(CHECK_IN_DAYS.ask), now);
    for (const row of rows) await startCheckIn(tx, toClub(row), 'scheduled', now, origin);
    return rows.length;
  });

  // 120 days: the club needs a check-in; the admins hear of it once (needs_check_in_since stays set until an answer).
  const flagged = await sql.begin(async (tx) => {
    const rows = await flagClubsNeedingCheckIn(tx, daysSinceConfirmed(CHECK_IN_DAYS.flag), now);
    for (const club of rows) {
      await notifyAdmins(tx, checkInOverdueNotice(club), origin);
    }
    return rows.length;
  });

  // 180 days: off the public directory (kept), and the host is told how to bring it back.
  const inactive = await sql.begin(async (tx) => {
    const rows = await markUnconfirmedClubsInactive(tx, daysSinceConfirmed(CHECK_IN_DAYS.inactive), now);
    for (const row of rows) {
      await enqueueEmail(tx, clubInactiveEmail({ club: row, cause: 'unconfirmed', ...bringBackUrls(origin, row.id) }));
    }
    return rows.length;
  });

  return `${asked} asked, ${flagged} need a check-in, ${inactive} inactive`;
}
