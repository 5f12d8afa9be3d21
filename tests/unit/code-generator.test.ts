import { describe, expect, it } from 'vitest';
import { generateHostSetCode, normalizeHostSetCode } from '#server/codes/code-generator.ts';

describe('HOST SET code generation', () => {
  it('makes codes of the form HOST-XXXXX-XXXXX from an alphabet without look-alike characters', () => {
    for (let i = 0; i < 200; i++) {
      expect(generateHostSetCode()).toMatch(/^HOST-[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    }
  });
  it('does not repeat itself', () => {
    const codes = new Set(Array.from({ length: 5000 }, generateHostSetCode));
    expect(codes.size).toBe(5000);
  });
  it('compares codes ignoring case and surrounding spaces', () => {
    expect(normalizeHostSetCode('  host-abcde-fghjk \n')).toBe('HOST-ABCDE-FGHJK');
  });
});
