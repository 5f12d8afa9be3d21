import type { GuideUnlistedReason } from '#lib/guides/types.ts';
import type { Sql, TransactionSql } from '#server/platform/db/db.ts';

// When a guide is listed (issue 27, docs/decisions/022): the admin has recorded a certification date, the guide holds
// an active licence or one in its grace period (LISTING_STATUSES), and neither the guide nor the admin has hidden the
// profile. Every public read asks it at read time, so a guide whose last licence lapses or is revoked, or whom the
// admin hides, is gone from every page and answer at once.

/**
 * The condition on `licences l` under which the licence lists its guide (LISTING_STATUSES), spelled out so that
 * licences_listing_idx (migration 027) serves the queries that state it.
 */
export const listsGuide = (sql: Sql | TransactionSql) => sql`l.status in ('active', 'grace')`;

/** The condition on `guides g` under which the guide is listed. */
export const isListedGuide = (sql: Sql | TransactionSql) => sql`(
  g.certified_on is not null and not g.profile_hidden and g.admin_hidden_at is null
  and exists (select 1 from licences l where l.guide_id = g.user_id and ${listsGuide(sql)})
)`;

/** The columns on `guides g` that unlistedReasons reads. */
export const listingColumns = (sql: Sql | TransactionSql) => sql`
  g.certified_on is not null as "certified",
  exists (select 1 from licences l where l.guide_id = g.user_id and ${listsGuide(sql)}) as "holdsActiveLicence",
  g.profile_hidden as "hiddenByGuide",
  g.admin_hidden_at is not null as "hiddenByAdmin"`;

export interface ListingState {
  certified: boolean;
  holdsActiveLicence: boolean;
  hiddenByGuide: boolean;
  hiddenByAdmin: boolean;
}

/** Why a guide is not listed, in the order the admin would act on it; empty when listed. */
export function unlistedReasons(state: ListingState): GuideUnlistedReason[] {
  return [
    ...(state.certified ? [] : (['not-certified'] as const)),
    ...(state.holdsActiveLicence ? [] : (['no-active-licence'] as const)),
    ...(state.hiddenByGuide ? ['hidden-by-guide' as const] : []),
    ...(state.hiddenByAdmin ? ['hidden-by-admin' as const] : []),
  ];
}
