import joinRequest from '#content/es/join-request-form.json' with { type: 'json' };
import alert from '#content/es/alert-form.json' with { type: 'json' };
import details from '#content/es/club-details.json' with { type: 'json' };
import { FORM_MESSAGES_ES } from '#lib/shared/form-messages-es.ts';
import type { ClubWords } from './club-words.ts';

/** The club words of the Spanish pages' islands: Spanish content files only, and Spanish for the forms' own checks. */
export const CLUB_WORDS_ES: ClubWords = { joinRequest, alert, details, fieldMessages: FORM_MESSAGES_ES };
