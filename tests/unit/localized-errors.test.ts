import { describe, expect, it } from 'vitest';
import { errorResponse, json } from '#server/platform/http/endpoint.ts';
import { localizeErrorResponse, localizedMessage } from '#server/platform/http/localized-errors.ts';

describe('an API message in the request’s language', () => {
  it('is the English message for English, its Spanish twin for Spanish, and English where the catalogue has none', () => {
    expect(localizedMessage('Please correct the highlighted fields.', 'en')).toBe('Please correct the highlighted fields.');
    expect(localizedMessage('Please correct the highlighted fields.', 'es')).toBe('Corrige los campos señalados.');
    expect(localizedMessage("We don't know the ZIP code 00000. Check it, or type a city", 'es')).toBe(
      'No conocemos el código postal 00000. Revísalo o escribe una ciudad',
    );
    expect(localizedMessage('A message nobody translated', 'es')).toBe('A message nobody translated');
  });

  it('turns a refusal’s message and field messages, keeping its status, keys and headers; leaves anything else alone', async () => {
    const refusal = errorResponse(400, 'Please correct the highlighted fields.', { 'meetingSlots.0.start': ['Choose a club'] });
    const spanish = await localizeErrorResponse(refusal, 'es');
    expect(spanish.status).toBe(400);
    expect(spanish.headers.get('cache-control')).toBe('no-store');
    expect(await spanish.json()).toEqual({
      error: { message: 'Corrige los campos señalados.', fieldErrors: { 'meetingSlots.0.start': ['Elige un club'] } },
    });

    const english = errorResponse(404, 'Not found.');
    expect(await localizeErrorResponse(english, 'en')).toBe(english);
    const ok = json({ message: 'Not found.' });
    expect(await localizeErrorResponse(ok, 'es')).toBe(ok);
    const page = new Response('<p>Not found.</p>', { status: 404, headers: { 'content-type': 'text/html' } });
    expect(await localizeErrorResponse(page, 'es')).toBe(page);
  });
});
