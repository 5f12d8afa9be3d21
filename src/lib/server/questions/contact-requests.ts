import type { GuideName } from '#lib/guides/types.ts';
import type { ContactRequest } from '#lib/schemas/contact.ts';
import { CONTACT_REASON_LABELS } from '#lib/schemas/contact.ts';
import type { Language } from '#lib/shared/languages.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import { enqueueAcknowledgement } from '#server/platform/email/acknowledgements.ts';
import { findNamedGuide, forwardContactRequest } from '#server/guides/index.ts';
import { notifyAdmins } from '#server/notifications/index.ts';
import { contactAcknowledgementEmail, contactNotice } from './contact-emails.ts';

/**
 * Stores a contact request and the pending club question that puts it in the admin's queue, in the caller's
 * transaction, dated now or, for the demo seed, `createdAt`. Returns the request's id.
 */
export async function storeContactRequest(tx: TransactionSql, input: ContactRequest, createdAt: Date | null = null): Promise<number> {
  const reason = CONTACT_REASON_LABELS[input.contactReason];
  const question = `${reason} — coach: ${input.coachName}, phone: ${input.phone}\n\n${input.message}`;
  const [row] = await tx<{ id: number }[]>`
    with request as (
      insert into contact_requests (name, email, phone, coach_name, message, contact_reason, created_at)
      values (${input.name}, ${input.email}, ${input.phone}, ${input.coachName}, ${input.message}, ${input.contactReason},
        coalesce(${createdAt}::timestamptz, now()))
      returning id, created_at
    )
    insert into club_questions (name, email, question, contact_request_id, created_at, updated_at)
    select ${input.name}, ${input.email}, ${question}, id, created_at, created_at from request
    returning contact_request_id as id`;
  return row!.id;
}

/** Of the contact requests `ids`, those stored: the load test's check that every acknowledged message was kept. */
export async function findStoredContactRequestIds(sql: Sql, ids: readonly number[]): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`select id from contact_requests where id = any(${sql.array([...ids])}::int[])`;
  return rows.map((row) => row.id);
}

/**
 * The listed guide a contact-form message is to be forwarded to, if any (guides' findNamedGuide): never for a
 * complaint, which stays with the team whoever it is about.
 */
export async function forwardingGuide(input: ContactRequest): Promise<GuideName | null> {
  return input.contactReason === 'complaint' ? null : findNamedGuide(input);
}

/**
 * A contact-form message, in one transaction: stored as a question in the admin's queue; forwarded at once to
 * `forwardTo` (forwardingGuide's answer, unless a limit held it back) while that guide is still listed; the admins
 * notified; and the sender acknowledged (unless the address has had its share for the day), with the guide's name when it was forwarded, else the contact page's
 * `responseTimes`, in `language` (the page's it was sent from, as the response times are). Links from `origin`. Returns the request's id and the guide it went to, if any.
 */
export async function createContactRequest(
  input: ContactRequest,
  forwardTo: GuideName | null,
  responseTimes: readonly { id: string; label: string; time: string }[],
  origin: string,
  language: Language = 'en',
): Promise<{ id: number; forwardedTo: GuideName | null }> {
  return db().begin(async (tx) => {
    const id = await storeContactRequest(tx, input);
    const { name, email, phone, message, contactReason: reason } = input;
    const forwardedTo =
      forwardTo && reason !== 'complaint'
        ? await forwardContactRequest(tx, forwardTo.id, id, { name, email, phone, reason, message }, origin)
        : null;
    await notifyAdmins(tx, contactNotice(input, forwardedTo), origin);
    await enqueueAcknowledgement(tx, contactAcknowledgementEmail(input, forwardedTo, responseTimes, origin, language));
    return { id, forwardedTo };
  });
}
