import { z } from 'zod';

// The site's Content-Security-Policy allows no eval. Unless told to stay jitless, zod probes `new Function` the first
// time it parses an object, which the browser reports as a CSP violation (and Lighthouse as an issue).
z.config({ jitless: true });

export { z };
