import type { ContactRequest } from '#lib/schemas/contact.ts';
import { CONTACT_REASON_LABELS } from '#lib/schemas/contact.ts';
import { db } from '#server/platform/db/db.ts';
import type { Mail } from '#server/platform/email/mailer.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { notifyAdmins } from '#server/notifications/index.ts';
import { contactNotice } from './contact-emails.ts';

/**
 * Stores a contact request and the pending club question that puts it in the admin's queue, notifies the admins and
 * queues the sender's `acknowledgement`, in one transaction (links from `origin`). Returns the new request's id.
 */
export async function createContactRequest(input: ContactRequest, acknowledgement: Mail, origin: string): Promise<number> {
  const reason = CONTACT_REASON_LABELS[input.contactReason];
  const question = `${reason} — coach: ${input.coachName}, phone: ${input.phone}\n\n${input.message}`;
  return db().begin(async (tx) => {
    const [row] = await tx<{ id: number }[]>`
      with request as (
        insert into contact_requests (name, email, phone, coach_name, message, contact_reason)
        values (${input.name}, ${input.email}, ${input.phone}, ${input.coachName}, ${input.message}, ${input.contactReason})
        returning id
      )
      insert into club_questions (name, email, question, contact_request_id)
      select ${input.name}, ${input.email}, ${question}, id from request
      returning contact_request_id as id`;
    await notifyAdmins(tx, contactNotice(input), origin);
    await enqueueEmail(tx, acknowledgement);
    return row!.id;
  });
}
