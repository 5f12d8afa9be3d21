import { z } from './zod.ts';

/** A `?page=` query parameter: a whole number from 1 to `lastPage`, 1 when left out. */
export function pageParameter(lastPage: number) {
  const message = `Page must be a whole number from 1 to ${lastPage}`;
  return (
    z
      .string({ error: message })
      // Digits only: Number() would also take '1e2', '0x10' and ' 5'.
      .regex(/^\d+$/, message)
      .transform(Number)
      .pipe(z.number().min(1, message).max(lastPage, message))
      .default(1)
  );
}
