import type { ContactRequest } from '#lib/schemas/contact.ts';
import { CONTACT_REASON_LABELS } from '#lib/schemas/contact.ts';
import { db } from '#server/db/db.ts';

/**
 * Stores a contact request and, in the same statement, the pending club question that puts it in the admin's
 * queue. Returns the new request's id.
 */
export async function createContactRequest(input: ContactRequest): Promise<number> {
  const question = `${CONTACT_REASON_LABELS[input.contactReason]} — coach: ${input.coachName}, phone: ${input.phone}\n\n${input.message}`;
  const [row] = await db()<{ id: number }[]>`
    with request as (
      insert into contact_requests (name, email, phone, coach_name, message, contact_reason)
      values (${input.name}, ${input.email}, ${input.phone}, ${input.coachName}, ${input.message}, ${input.contactReason})
      returning id
    )
    insert into club_questions (name, email, question, contact_request_id)
    select ${input.name}, ${input.email}, ${question}, id from request
    returning contact_request_id as id`;
  return row!.id;
}
