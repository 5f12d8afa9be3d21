import copy from '#content/es/alert-form.json' with { type: 'json' };
import { alertCopySchema, type AlertCopy } from './alert-copy.ts';

// The Spanish words of the alert form (src/content/es/alert-form.json), checked as the English ones are: the content
// check and the build import this module. The Spanish directory's island imports the file as it is.

/** The alert form's words, in Spanish. */
export const alertCopyEs: AlertCopy = alertCopySchema.parse(copy);
