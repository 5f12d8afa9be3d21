import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, serverFieldErrors, serverMessage, serverStatus } from '#lib/client/api.ts';

afterEach(() => vi.unstubAllGlobals());

describe('the client request helper', () => {
  it("sends JSON with credentials and the page's language", async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('document', { documentElement: { lang: 'es' } });
    await apiRequest('POST', '/api/x', { a: 1 });
    expect(fetchMock).toHaveBeenCalledWith('/api/x', {
      method: 'POST',
      credentials: 'include',
      headers: { 'x-page-language': 'es', 'content-type': 'application/json' },
      body: '{"a":1}',
    });
  });
  it('throws "<status>: <body>" for a non-OK answer', async () => {
    vi.stubGlobal('document', { documentElement: { lang: 'en' } });
    vi.stubGlobal('fetch', async () => new Response('{"error":{"message":"Nope"}}', { status: 401, statusText: 'Unauthorized' }));
    const error = await apiRequest('GET', '/api/x').catch((e: unknown) => e);
    expect((error as Error).message).toBe('401: {"error":{"message":"Nope"}}');
    expect(serverMessage(error)).toBe('Nope');
  });
  it('uses the status text when the body is empty', async () => {
    vi.stubGlobal('document', { documentElement: { lang: 'en' } });
    vi.stubGlobal('fetch', async () => new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable');
  });
  it('reads field errors out of a 400 answer', () => {
    const error = new Error('400: {"error":{"message":"Fix it","fieldErrors":{"email":["Valid email is required"]}}}');
    expect(serverFieldErrors(error)).toEqual({ email: ['Valid email is required'] });
    expect(serverFieldErrors(new Error('500: oops'))).toEqual({});
  });
});

describe('the status of a refused request', () => {
  it('is read from the error the helper throws, and is undefined for a network failure', () => {
    expect(serverStatus(new Error('409: {"error":{"message":"Taken"}}'))).toBe(409);
    expect(serverStatus(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(serverStatus('409')).toBeUndefined();
  });
});
