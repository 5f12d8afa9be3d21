import { afterAll } from 'vitest';
import { killStrayServers } from './server-process.ts';

// A setup file's hook is registered first, so it runs after each API file's own: what it finds was left behind.
afterAll(killStrayServers);
