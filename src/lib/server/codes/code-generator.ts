import { randomInt } from 'node:crypto';

// No 0/O, 1/I/L: codes are read off a printed card and typed in by hand.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const GROUP_LENGTH = 5;

/** A new HOST SET code, `HOST-XXXXX-XXXXX`: 10 symbols from a 31-letter alphabet, about 49.5 bits of randomness. */
export function generateHostSetCode(): string {
  const symbol = () => ALPHABET[randomInt(ALPHABET.length)];
  const group = () => Array.from({ length: GROUP_LENGTH }, symbol).join('');
  return `HOST-${group()}-${group()}`;
}

/** How codes are compared: case-insensitive, ignoring surrounding spaces. */
export function normalizeHostSetCode(input: string): string {
  return input.trim().toUpperCase();
}
