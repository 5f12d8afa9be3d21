/**
 * The cookie an account's deletion leaves for /account, where the browser goes next: it holds no more than "1", lives a
 * minute and is cleared by the page that reads it on the server, so "Your account has been deleted" is said once, and
 * only after a deletion (issue 41 item 8). HttpOnly as every cookie of the site: no script needs it.
 */
export const ACCOUNT_DELETED_COOKIE = 'fk_account_deleted';
export const ACCOUNT_DELETED_SECONDS = 60;
