import type { GuideListing } from '#lib/guides/types.ts';
import type { GuideVisibilityInput } from '#lib/schemas/guides.ts';
import { findAccountEmail, type User } from '#server/auth/index.ts';
import { recordAudit } from '#server/platform/audit.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import { profileHiddenEmail, profileShownEmail } from './guide-emails.ts';
import { listingColumns, unlistedReasons, type ListingState } from '#server/licensing/index.ts';

// The admin hides a guide's profile from every public page, with a reason the guide is emailed, or shows it again.

/** Whether the guide is listed and, if not, why not, as the admin's table shows it. */
async function listingOf(sql: Sql | TransactionSql, userId: string): Promise<GuideListing> {
  const [row] = await sql<(ListingState & { adminHiddenReason: string | null })[]>`
    select ${listingColumns(sql)}, g.admin_hidden_reason from guides g where g.user_id = ${userId}`;
  return { unlistedReasons: unlistedReasons(row!), adminHiddenReason: row!.adminHiddenReason };
}

/**
 * Hides (with the reason) or shows the guide's profile; null for an unknown guide. Hiding a hidden profile changes its
 * reason, and the guide hears the new one; showing a shown profile changes nothing and sends nothing.
 */
export async function setVisibility(
  userId: string,
  input: GuideVisibilityInput,
  admin: User,
  origin: string,
): Promise<GuideListing | null> {
  return db().begin(async (tx) => {
    const [guide] = await tx<{ name: string; reason: string | null }[]>`
      select g.name, g.admin_hidden_reason as reason
      from guides g where g.user_id = ${userId} for update of g`;
    if (!guide) return null;
    const before = { ...guide, email: (await findAccountEmail(tx, userId))! };
    const reason = input.hidden ? input.reason : null;
    if (reason !== before.reason) {
      await tx`
        update guides set admin_hidden_reason = ${reason},
          admin_hidden_at = ${input.hidden ? tx`coalesce(admin_hidden_at, now())` : null}
        where user_id = ${userId}`;
      await enqueueEmail(tx, reason === null ? profileShownEmail(before, origin) : profileHiddenEmail(before, reason, origin));
      await recordAudit(tx, {
        actor: admin,
        action: input.hidden ? 'guide.hidden' : 'guide.shown',
        subject: `Guide ${before.name} <${before.email}>`,
        before: { hiddenReason: before.reason },
        after: { hiddenReason: reason },
      });
    }
    return listingOf(tx, userId);
  });
}
