/** The admin account the end-to-end server is started with. */
export const E2E_ADMIN = { email: 'admin@flamekeeper.test', username: 'admin', password: 'e2e admin password' };
