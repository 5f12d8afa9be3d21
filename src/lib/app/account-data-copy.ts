import { z } from '#lib/schemas/zod.ts';
import copy from '#content/account-data.json' with { type: 'json' };

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
    effects: z.array(text).min(1),
    password: text,
    confirm: text,
    busy: text,
    cancel: text,
    done: z.object({ title: text, description: text }),
    failed: text,
  }),
});

export type AccountDataCopy = z.output<typeof copySchema>;

/** The words of the Your data card; its export sentence and deletion effects are the privacy policy's. */
export const accountDataCopy: AccountDataCopy = copySchema.parse(copy);
