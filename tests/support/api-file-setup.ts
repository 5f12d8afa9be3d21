import { afterAll } from 'vitest';
import { startFromTemplate } from './api.ts';
import { killStrayServers } from './server-process.ts';

// Runs before each API file: whatever the worker's files before it did, it starts from the template's rows.
await startFromTemplate();

// A setup file's hook is registered first, so it runs after each API file's own: what it finds was left behind.
afterAll(killStrayServers);
