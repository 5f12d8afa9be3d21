import { z } from '#lib/schemas/zod.ts';
import copy from '#content/join-request-form.json' with { type: 'json' };

// The words of "Ask to join" a site editor may change (src/content/join-request-form.json), checked once on import by
// the form, the server's answers and the emails: a missing word or placeholder fails there, not on a visitor's screen.

const text = z.string().trim().min(1);
/** A template that must name each of `names` as `{name}`. */
const template = (...names: string[]) =>
  text.refine(
    (value) => names.every((name) => value.includes(`{${name}}`)),
    `must contain ${names.map((name) => `{${name}}`).join(' and ')}`,
  );
const notice = z.object({ title: text, description: text });

export const joinRequestCopySchema = z.object({
  open: text,
  intro: template('club'),
  notAccepting: text,
  name: text,
  email: text,
  phone: text,
  start: text,
  chooseStart: text,
  nextCycle: text,
  message: text,
  messageCount: template('count', 'max'),
  privacy: text,
  submit: text,
  submitting: text,
  cancel: text,
  sent: z.object({ title: text, description: template('club') }),
  alreadyAsked: text,
  failed: notice,
  tooMany: notice,
  loadFailed: text,
  card: z.object({
    heading: text,
    intro: text,
    notAccepting: text,
    acceptingHint: text,
    empty: text,
    failed: text,
    email: text,
    phone: text,
    noPhone: text,
    startLabel: text,
    received: text,
    status: text,
    counts: text,
    mark: text,
  }),
});

export type JoinRequestCopy = z.output<typeof joinRequestCopySchema>;

/** The words of Ask to join and of the Join requests card. */
export const joinRequestCopy: JoinRequestCopy = joinRequestCopySchema.parse(copy);
