import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  COMMON_PASSWORD_MESSAGE,
  PERSONAL_PASSWORD_MESSAGE,
  REPEATED_PASSWORD_MESSAGE,
  SHORT_PASSWORD_MESSAGE,
  SITE_NAME_PASSWORD_MESSAGE,
  isCommonPassword,
  passwordProblem,
  refusingWeakPasswords,
} from '#server/platform/password-policy.ts';

// Security review, issue 26 item 7: '123456 ' and ' 123456' were accepted while '123456' was refused; 'flamekeeper'
// and 'aaaaaa' were accepted.

const owner = { name: 'Avery Quinn', email: 'avery.quinn@example.com' };

describe('passwordProblem', () => {
  it.each(['123456', '123456 ', ' 123456', ' 123456 ', '\t123456\n', 'I love you', 'i  LOVE   you', 'PASSWORD1', '1234 5678'])(
    'refuses the common password %j however it is spaced or cased',
    (password) => {
      expect(passwordProblem(password)).toBe(COMMON_PASSWORD_MESSAGE);
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each([
    'flamekeeper',
    'FlameKeeper',
    'FlameKeeper Clubs',
    'flamekeeperclubs',
    'flame keeper',
    'flamekeeper2024',
    'Host Set 123456',
    'flamekeeperflamekeeper',
  ])("refuses %j: the site's own words with little added", (password) =>
    expect(passwordProblem(password)).toBe(SITE_NAME_PASSWORD_MESSAGE),
  );

  it('accepts a phrase that only mentions the site', () => {
    expect(passwordProblem('my flamekeeper circle meets on thursdays')).toBeNull();
  });

  it.each(['aaaaaa', 'AAAAAAAA', 'zzzzzzzzzzzz', 'ababab', 'xyzxyzxyz', '§§§§§§'])(
    'refuses %j: one to three characters repeated',
    (password) => expect(passwordProblem(password)).toBe(REPEATED_PASSWORD_MESSAGE),
  );

  it.each([
    ['the name', 'Avery Quinn'],
    ['the name without its space', 'averyquinn'],
    ['the name inside', 'xx-AveryQuinn-77'],
    ['a part of the name', 'quinn4ever!'],
    ['the email', 'avery.quinn@example.com'],
    ["the email's local part", 'avery.quinn'],
  ])('refuses a password containing %s (%j)', (_what, password) =>
    expect(passwordProblem(password, owner)).toBe(PERSONAL_PASSWORD_MESSAGE),
  );

  it('splits an email at punctuation and between letters and digits, ignoring parts shorter than 4 characters', () => {
    const person = { name: 'Jo Li', email: 'jo.li1985@example.com' };
    expect(passwordProblem('summer-of-1985', person)).toBe(PERSONAL_PASSWORD_MESSAGE);
    expect(passwordProblem('joyful lions', person)).toBeNull();
    expect(passwordProblem('JoLi-rides-far', person)).toBe(PERSONAL_PASSWORD_MESSAGE);
    // "Lin" is in "kindling", which Casey Lin may still choose.
    expect(passwordProblem('kindling-42', { name: 'Casey Lin', email: 'casey.lin@example.com' })).toBeNull();
  });

  it('names nobody from a payload whose name or email is not text yet', () => {
    expect(passwordProblem('kindling-42', { name: [] as never, email: 42 as never })).toBeNull();
  });

  it("keeps the spec's minimum of 6 characters, counted without the spaces around", () => {
    expect(passwordProblem('     a')).toBe(SHORT_PASSWORD_MESSAGE);
    expect(passwordProblem('kind  ')).toBe(SHORT_PASSWORD_MESSAGE);
  });

  it.each(['kindling-42', 'correct horse battery staple', 'Tuesday evenings by the fire'])('accepts %j', (password) =>
    expect(passwordProblem(password, owner)).toBeNull(),
  );
});

describe('refusingWeakPasswords', () => {
  const schema = refusingWeakPasswords(
    z.object({ name: z.string().trim(), email: z.string(), password: z.string().min(6, SHORT_PASSWORD_MESSAGE) }),
    ({ name, email }) => ({ name, email }),
  );
  const messagesOf = (payload: unknown) => schema.safeParse(payload).error?.issues.map(({ path, message }) => ({ path, message }));

  it("refuses, under the password field, a password with the payload's own name", () => {
    expect(messagesOf({ name: ' Robin Ash ', email: 'r@example.com', password: 'robinash' })).toEqual([
      { path: ['password'], message: PERSONAL_PASSWORD_MESSAGE },
    ]);
  });

  it('gives a short password one message, not two', () => {
    expect(messagesOf({ name: 'Robin Ash', email: 'r@example.com', password: 'aaa' })).toEqual([
      { path: ['password'], message: SHORT_PASSWORD_MESSAGE },
    ]);
  });

  it('accepts a good password', () => {
    expect(schema.safeParse({ name: 'Robin Ash', email: 'r@example.com', password: 'kindling-42' }).success).toBe(true);
  });
});
