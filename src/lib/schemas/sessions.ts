import { z } from './zod.ts';

/** DELETE /api/sessions/{id}: a session's public id, 16 lowercase hex digits. */
export const sessionIdParamSchema = z.string().regex(/^[0-9a-f]{16}$/, 'Session not found.');
