/**
 * The cookie an account's deletion leaves for the home page (a prerendered page, which cannot show a form's flash):
 * it holds no more than "1", lives a minute and is cleared by the page that reads it, so "Your account has been
 * deleted" is said once, and only after a deletion (issue 41 item 8).
 */
export const ACCOUNT_DELETED_COOKIE = 'fk_account_deleted';
export const ACCOUNT_DELETED_SECONDS = 60;
