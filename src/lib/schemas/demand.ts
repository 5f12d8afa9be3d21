import { STATE_CODES } from '#lib/places/us-states.ts';
import { z } from './zod.ts';

/** The columns /admin-demand and its CSV sort by: numbers most first, the name from A. */
export const ADMIN_DEMAND_SORTS = ['waiting', 'unmetSearches', 'listedClubs', 'listedGuides', 'name'] as const;
export type AdminDemandSort = (typeof ADMIN_DEMAND_SORTS)[number];

/**
 * GET /admin-demand and GET /api/admin/export/demand.csv: `state=MT` lists that state's counties (without it, the
 * counties anywhere with people waiting or unmet searches), `sort=` one of ADMIN_DEMAND_SORTS (default: waiting).
 */
export const adminDemandQuerySchema = z.object({
  state: z
    .string({ error: 'State must be a state code' })
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(STATE_CODES, { error: 'State must be one of the 50 state codes' }))
    .optional(),
  sort: z.enum(ADMIN_DEMAND_SORTS, { error: `Sort must be one of ${ADMIN_DEMAND_SORTS.join(', ')}` }).default('waiting'),
});
export type AdminDemandQuery = z.output<typeof adminDemandQuerySchema>;
