// Imported first by serve.ts, before any module reads the settings (env() reads process.env once, when the logger
// loads): on the local demo, the store's webhooks get the demo's secrets (demo-store-secrets.ts).
import path from 'node:path';
import { useDemoStoreSecrets } from './demo-store-secrets.ts';

const made = useDemoStoreSecrets(process.env);
if (made) {
  process.stdout.write(
    `\n  The store's webhooks are on for this demo, signed with secrets made in ${path.relative(process.cwd(), made)}.\n` +
      '  Try an order: npm run store:simulate -- --kind host-set --email you@example.com\n\n',
  );
}
