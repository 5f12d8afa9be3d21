import { describe, expect, it } from 'vitest';
import { EnvironmentError, isLoopbackHost, parseEnv } from '#server/platform/env.ts';

const serverStart = (source: Record<string, string | undefined>) => parseEnv(source, { server: true });

describe('the settings of a server start', () => {
  it('refuses a production start (NODE_ENV=production) without SITE_URL, saying why', () => {
    expect(() => serverStart({ NODE_ENV: 'production' })).toThrow(EnvironmentError);
    expect(() => serverStart({ NODE_ENV: 'production', SITE_URL: '' })).toThrow(/SITE_URL is not set, and NODE_ENV is production/);
  });

  it('refuses a start on a non-loopback address without SITE_URL, saying why', () => {
    for (const HOST of ['0.0.0.0', '::', '10.0.0.7', 'clubs.example', '128.0.0.1']) {
      expect(() => serverStart({ HOST }), HOST).toThrow(`SITE_URL is not set, and HOST=${HOST} is not a loopback address`);
    }
  });

  it('starts in production with SITE_URL', () => {
    const settings = serverStart({ NODE_ENV: 'production', HOST: '0.0.0.0', SITE_URL: 'https://clubs.example' });
    expect(settings.SITE_URL).toBe('https://clubs.example');
  });

  it('starts the demo on loopback without SITE_URL', () => {
    for (const HOST of [undefined, 'localhost', '127.0.0.1', '127.3.2.1', '::1']) {
      expect(serverStart({ HOST, NODE_ENV: 'development' }).SITE_URL, HOST).toBeUndefined();
    }
  });

  it('takes a device cookie key of at least 32 characters, or none (the server then makes one)', () => {
    expect(() => parseEnv({ DEVICE_COOKIE_SECRET: 'too short' })).toThrow(/DEVICE_COOKIE_SECRET: must be at least 32 characters/);
    expect(parseEnv({ DEVICE_COOKIE_SECRET: 'x'.repeat(32) }).DEVICE_COOKIE_SECRET).toBe('x'.repeat(32));
    expect(parseEnv({ DEVICE_COOKIE_SECRET: '' }).DEVICE_COOKIE_SECRET).toBeUndefined();
  });

  it('leaves the rule to server starts: a build (Astro sets NODE_ENV=production) and the CLIs parse the same settings', () => {
    expect(parseEnv({ NODE_ENV: 'production' }).NODE_ENV).toBe('production');
  });
});

describe('loopback addresses', () => {
  it('are localhost, 127.0.0.0/8 and ::1, and nothing else', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '127.255.0.9', '::1', '[::1]'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '127.0.0.256', '127.0.0', 'localhost.evil.example', '192.168.1.2', '']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});
