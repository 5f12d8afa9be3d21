import { z } from '#lib/schemas/zod.ts';
import copy from '#content/alert-form.json' with { type: 'json' };

// The words of the alert form a site editor may change (src/content/alert-form.json), checked once on import by the
// form, the directory and the server's answers: a missing word or placeholder fails there, not on a visitor's screen.

const text = z.string().trim().min(1);
/** A template that must name `name` as `{name}`. */
const template = (name: string) => text.refine((value) => value.includes(`{${name}}`), `must contain {${name}}`);
const notice = z.object({ title: text, description: text });

export const alertCopySchema = z.object({
  offer: template('place'),
  offerNoPlace: text,
  clubOffer: template('club'),
  clubAccepting: text,
  email: text,
  place: text,
  distance: text,
  miles: template('miles'),
  includeOnline: text,
  hint: text,
  submit: text,
  submitting: text,
  sent: notice,
  failed: notice,
  page: z.object({ heading: text, intro: text }),
  guideOffer: template('place'),
  guideHint: text,
});

export type AlertCopy = z.output<typeof alertCopySchema>;

/** The alert form's words. */
export const alertCopy: AlertCopy = alertCopySchema.parse(copy);
