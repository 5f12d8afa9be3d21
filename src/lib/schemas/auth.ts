import { z } from './zod.ts';
import { singleLine } from './text.ts';

/** POST /api/login: the admin signs in with email or username. */
export const loginSchema = z.object({
  emailOrUsername: singleLine().min(1, 'Email or username is required').max(254, 'Email or username is too long'),
  password: z.string().min(1, 'Password is required').max(200, 'Password is too long'),
});
