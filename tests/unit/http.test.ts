import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError, MAX_JSON_BYTES, parseJsonBody } from '#server/platform/http/endpoint.ts';

const schema = z.object({ name: z.string().min(2, 'Name must be at least 2 characters') });
const jsonRequest = (body: string, type = 'application/json') =>
  new Request('http://localhost/api/x', { method: 'POST', headers: { 'content-type': type }, body });

/** The answer the middleware gives for the refusal parsing throws. */
async function errorOf(parsing: Promise<unknown>) {
  const error = await parsing.then(
    () => new Error('expected a refusal'),
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof HttpError)) throw error;
  const response = error.toResponse();
  return {
    status: response.status,
    body: (await response.json()) as { error: { message: string; fieldErrors?: Record<string, string[]> } },
  };
}

describe('parseJsonBody', () => {
  it('returns the parsed data for a valid body', async () => {
    expect(await parseJsonBody(jsonRequest('{"name":"Ada"}'), schema)).toEqual({ name: 'Ada' });
  });
  it('answers 400 with the schema messages per field', async () => {
    const { status, body } = await errorOf(parseJsonBody(jsonRequest('{"name":"A"}'), schema));
    expect(status).toBe(400);
    expect(body.error.fieldErrors).toEqual({ name: ['Name must be at least 2 characters'] });
  });
  it('answers 400 for malformed JSON and for a body that is not an object', async () => {
    expect((await errorOf(parseJsonBody(jsonRequest('{"name":'), schema))).status).toBe(400);
    const { status, body } = await errorOf(parseJsonBody(jsonRequest('[1,2]'), schema));
    expect(status).toBe(400);
    expect(body.error.fieldErrors?._form).toBeDefined();
  });
  it('answers 415 when the body is not declared as JSON', async () => {
    expect((await errorOf(parseJsonBody(jsonRequest('name=Ada', 'text/plain'), schema))).status).toBe(415);
  });
  it('answers 413 for a body over the limit, declared or not', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(MAX_JSON_BYTES) });
    expect((await errorOf(parseJsonBody(jsonRequest(big), schema))).status).toBe(413);
  });
});

describe('NUL characters, which PostgreSQL text cannot store', () => {
  it('are refused with 400 naming the field, wherever they stand', async () => {
    const { status, body } = await errorOf(parseJsonBody(jsonRequest('{"name":"Ad\\u0000a"}'), schema));
    expect(status).toBe(400);
    expect(body.error.fieldErrors).toEqual({ name: ['Text cannot contain NUL characters.'] });
    const nested = await errorOf(parseJsonBody(jsonRequest('{"name":"Ada","extra":[{"a":"\\u0000"}]}'), schema));
    expect(nested.body.error.fieldErrors).toEqual({ 'extra.0.a': ['Text cannot contain NUL characters.'] });
    const inKey = await errorOf(parseJsonBody(jsonRequest('{"name":"Ada","\\u0000":1}'), schema));
    expect(inKey.body.error.fieldErrors).toEqual({ _form: ['Text cannot contain NUL characters.'] });
  });
  it('leave an escaped backslash followed by u0000 alone', async () => {
    expect(await parseJsonBody(jsonRequest('{"name":"a\\\\u0000"}'), schema)).toEqual({ name: 'a\\u0000' });
  });
  it('walk deeply nested input without overflowing the stack', async () => {
    const deep = '['.repeat(5000) + '"\\u0000"' + ']'.repeat(5000);
    expect((await errorOf(parseJsonBody(jsonRequest(deep), schema))).status).toBe(400);
  });
});
