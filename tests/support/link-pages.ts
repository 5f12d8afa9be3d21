import { createHash } from 'node:crypto';
import type { Sql } from '#server/platform/db/db.ts';
import { unsubscribeToken } from '#server/platform/email/unsubscribe-links.ts';

// The pages opened from an email's link, each with a working token, for the validators that visit every page
// (tests/api/w3c-pages.test.ts, tests/e2e/accessibility-sweep.spec.ts): the rows the emails' senders would write,
// written straight in the database (only the tokens' SHA-256 is stored, as the site stores them).

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Inserts links to `clubId`'s member pages, its check-in, a join request, a guide's message and an address's alerts,
 * and signs the guide's one-click unsubscribe from reply reminders.
 */
export async function seedLinkPages(
  sql: Sql,
  { clubId, guideUserId, label }: { clubId: number; guideUserId: string; label: string },
): Promise<[name: string, pagePath: string][]> {
  // 43 characters, as a link token (32 bytes in base64url); `label` keeps two runs on one database apart.
  const token = (purpose: string) => `${label}-${purpose}`.replace(/[^A-Za-z0-9_-]/g, '-').padEnd(43, 'x');
  const mailbox = hash(`${label}@example.com`);

  const [member] = await sql<{ id: string }[]>`
    insert into club_members (club_id, name, email, mailbox_hash, source)
    values (${clubId}, 'Wren Member', ${`member.${label}@example.com`}, ${mailbox}, 'host') returning id`;
  for (const purpose of ['club', 'not-me', 'coming', 'reminders-off'])
    await sql`
      insert into member_links (token_hash, member_id, purpose, session_start)
      values (${hash(token(purpose))}, ${member!.id}, ${purpose}, ${purpose === 'coming' ? '2027-03-17T00:00:00Z' : null})`;

  await sql`
    insert into club_check_ins (club_id, token_hash, cause, sent_at, expires_at)
    values (${clubId}, ${hash(token('check-in'))}, 'scheduled', now(), now() + interval '14 days')`;

  await sql`
    insert into join_requests (club_id, name, email, start_at, message, token_hash, token_expires_at)
    values (${clubId}, 'Ada Newcomer', ${`newcomer.${label}@example.com`}, null, 'I would like to join the next cycle.',
      ${hash(token('join-request'))}, now() + interval '14 days')`;

  await sql`
    insert into guide_messages (guide_id, name, email, reason, message, source, token_hash, token_expires_at)
    values (${guideUserId}, 'Ada Visitor', ${`visitor.${label}@example.com`}, 'question', 'When does the next circle start?',
      'guide-page', ${hash(token('reply'))}, now() + interval '14 days')`;

  const alert = (confirmed: boolean) => sql<{ id: string }[]>`
    insert into alerts (email, mailbox_hash, place_label, zip_code, state, latitude, longitude, time_zone, confirmed_at, expires_at)
    values (${`alerts.${label}@example.com`}, ${mailbox}, 'Asheville, NC 28801', '28801', 'NC', 35.59, -82.56, 'America/New_York',
      ${confirmed ? sql`now()` : null}, ${confirmed ? sql`now() + interval '14 days'` : null})
    returning id`;
  const [unconfirmed] = await alert(false);
  const [confirmed] = await alert(true);
  for (const [purpose, alertId] of [
    ['alert-confirm', unconfirmed!.id],
    ['alert-keep', confirmed!.id],
    ['alerts', null],
  ] as const)
    await sql`insert into alert_links (token_hash, mailbox_hash, alert_id) values (${hash(token(purpose))}, ${mailbox}, ${alertId})`;

  return [
    ['your-club', `/your-club?token=${token('club')}`],
    ['your-club-not-me', `/your-club/not-me?token=${token('not-me')}`],
    ['your-club-rsvp', `/your-club/rsvp?token=${token('coming')}`],
    ['your-club-stop-reminders', `/your-club/stop-reminders?token=${token('reminders-off')}`],
    ['club-check-in', `/club-check-in?token=${token('check-in')}&answer=still-meeting`],
    ['join-request', `/join-request?token=${token('join-request')}&answer=joined`],
    ['message-replied', `/message-replied?token=${token('reply')}`],
    ['alerts-confirm', `/alerts/confirm?token=${token('alert-confirm')}`],
    ['alerts-keep', `/alerts/keep?token=${token('alert-keep')}`],
    ['alerts', `/alerts?token=${token('alerts')}`],
    ['unsubscribe', `/unsubscribe?${new URLSearchParams({ token: await unsubscribeToken('reply-reminders', guideUserId, sql) })}`],
  ];
}
