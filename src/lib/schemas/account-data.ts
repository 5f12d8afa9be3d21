import { z } from './zod.ts';
import { currentPassword } from './account.ts';

/**
 * POST /api/account/delete: the account's current password, typed to confirm (issue 37 F3: not its email, which anyone
 * at a signed-in browser can read). The server checks it against the account's.
 */
export const deleteAccountSchema = z.object({ currentPassword });
