import { z } from '#lib/schemas/zod.ts';
import copy from '#content/account-data.json' with { type: 'json' };
import type { AccountPlace } from './account-types.ts';

// The words of the Your data card (src/content/account-data.json), checked once on import: a missing word or
// placeholder fails there, not on a person's screen.

const text = z.string().trim().min(1);

const copySchema = z.object({
  heading: text,
  intro: text,
  export: text,
  download: z.object({
    label: text,
    busy: text,
    done: text.refine((value) => value.includes('{file}'), 'must contain {file}'),
    failed: text,
  }),
  delete: z.object({
    open: text,
    heading: text,
    intro: text,
    effects: z.array(z.object({ for: z.enum(['club', 'guide']).optional(), text, inEmail: z.boolean().default(true) })).min(1),
    keptBecause: text,
    password: text,
    confirm: text,
    busy: text,
    cancel: text,
    done: z.object({ title: text, description: text }),
    notice: text,
    failed: text,
  }),
});

export type AccountDataCopy = z.output<typeof copySchema>;

/** The words of the Your data card; its export sentence and deletion effects are the privacy policy's. */
export const accountDataCopy: AccountDataCopy = copySchema.parse(copy);

/**
 * What deleting this account does, in the policy's words: the club's effect only for an account with a club, the
 * licences' only for a guide (or a host holding licences); the policy lists them all. `inEmail`: those the last email
 * to the deleted address says (not that it is sent).
 */
export function deletionEffectsFor({ clubId, isGuide }: Pick<AccountPlace, 'clubId' | 'isGuide'>, { inEmail = false } = {}): string[] {
  return accountDataCopy.delete.effects
    .filter((effect) => !inEmail || effect.inEmail)
    .filter((effect) => (effect.for === 'club' ? clubId !== null : effect.for === 'guide' ? isGuide : true))
    .map(({ text }) => text);
}
