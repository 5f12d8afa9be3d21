import joinRequest from '#content/join-request-form.json' with { type: 'json' };
import alert from '#content/alert-form.json' with { type: 'json' };
import details from '#content/club-details.json' with { type: 'json' };
import type { ClubWords } from './club-words.ts';

/** The club words of the English pages' islands: English content files only, and no field messages to translate. */
export const CLUB_WORDS_EN: ClubWords = { joinRequest, alert, details, fieldMessages: {} };
