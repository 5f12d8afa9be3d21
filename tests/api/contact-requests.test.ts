import { describe, expect, it } from 'vitest';
import { request, testSql, waitForEmail } from '../support/api.ts';

const valid = {
  name: 'Jordan Ellis',
  email: 'jordan.ellis@example.com',
  phone: '(828) 555-0199',
  coachName: 'Maria Lopez',
  message: 'I would like to join the Tuesday evening circle in Asheville.',
  contactReason: 'question',
};

const post = (json: unknown) => request('/api/contact-requests', { method: 'POST', json });

async function fieldErrors(response: Response) {
  expect(response.status).toBe(400);
  return ((await response.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors;
}

describe('POST /api/contact-requests', () => {
  it('stores a valid message and queues it as a pending question for the admin', async () => {
    const email = `visitor.${Date.now()}@example.com`;
    const response = await post({ ...valid, email });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };

    const sql = testSql();
    const [stored] = await sql`select name, email, phone, coach_name, message, contact_reason from contact_requests where id = ${id}`;
    expect(stored).toEqual({
      name: valid.name,
      email,
      phone: valid.phone,
      coachName: valid.coachName,
      message: valid.message,
      contactReason: 'question',
    });
    const [question] = await sql`select name, email, status, question from club_questions where contact_request_id = ${id}`;
    expect(question).toMatchObject({ name: valid.name, email, status: 'pending' });
    expect(question!.question).toContain(valid.message);
  });

  it('acknowledges a message naming no listed guide honestly: the team reads it and passes it on to the coach', async () => {
    const email = `visitor.ack.${Date.now()}@example.com`;
    const response = await post({ ...valid, email });
    expect(await response.json()).toMatchObject({ success: true, forwardedTo: null });
    const ack = await waitForEmail((mail) => mail.includes(`\nTo: ${email}`));
    expect(ack).toContain('Subject: We received your message to FlameKeeper Clubs');
    expect(ack).toContain(
      'A real person on our team will read your message and reply to this address; if it is for a coach, we will pass it on to them.',
    );
    expect(ack).toContain('Coach messages: Within 2 hours');
    expect(ack).not.toContain(valid.message);
  });

  it('refuses a message from a Spanish page in Spanish, with the same field keys; English stays as it was', async () => {
    const invalid = { ...valid, name: 'J', email: 'nope', coachName: '', message: 'short', contactReason: 'gossip' };
    const spanish = await request('/api/contact-requests', { method: 'POST', json: invalid, headers: { 'x-page-language': 'es' } });
    const english = await post(invalid);
    const spanishErrors = await fieldErrors(spanish);
    const englishErrors = await fieldErrors(english);
    expect(Object.keys(spanishErrors).sort()).toEqual(Object.keys(englishErrors).sort());
    expect(spanishErrors).toEqual({
      name: ['El nombre debe tener al menos 2 caracteres'],
      email: ['Escribe un correo electrónico válido'],
      coachName: ['El nombre del coach es obligatorio'],
      message: ['El mensaje debe tener al menos 10 caracteres'],
      contactReason: ['Elige el motivo de tu mensaje'],
    });
    expect(englishErrors).toEqual({
      name: ['Name must be at least 2 characters'],
      email: ['Please enter a valid email address'],
      coachName: ['Coach name is required'],
      message: ['Message must be at least 10 characters'],
      contactReason: ['Please select a reason for contact'],
    });
  });

  it('defaults the reason for contact to schedule', async () => {
    const { contactReason: _, ...withoutReason } = valid;
    const response = await post(withoutReason);
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const [stored] = await testSql()`select contact_reason from contact_requests where id = ${id}`;
    expect(stored!.contactReason).toBe('schedule');
  });

  it.each([
    ['name', 'J', 'Name must be at least 2 characters'],
    ['email', 'not-an-email', 'Please enter a valid email address'],
    ['phone', '12345', 'Please enter a valid phone number'],
    ['coachName', 'M', 'Coach name is required'],
    ['message', 'Too short', 'Message must be at least 10 characters'],
    ['contactReason', 'praise', 'Please select a reason for contact'],
  ])('rejects an invalid %s with the message "%s"', async (field, value, message) => {
    expect((await fieldErrors(await post({ ...valid, [field]: value })))[field]).toEqual([message]);
  });

  it('names every missing field', async () => {
    const errors = await fieldErrors(await post({}));
    expect(Object.keys(errors).sort()).toEqual(['coachName', 'email', 'message', 'name', 'phone']);
    expect(errors['coachName']).toEqual(['Coach name is required']);
  });

  it('rejects wrong types and a body that is not an object', async () => {
    const errors = await fieldErrors(await post({ ...valid, name: 42, message: ['a'], contactReason: null }));
    expect(Object.keys(errors).sort()).toEqual(['contactReason', 'message', 'name']);
    expect((await post('just a string')).status).toBe(400);
    expect((await post(null)).status).toBe(400);
  });

  it('rejects a missing or malformed body', async () => {
    const empty = await request('/api/contact-requests', { method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(400);
    const malformed = await request('/api/contact-requests', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": "Jordan",',
    });
    expect(malformed.status).toBe(400);
  });

  it('rejects an oversized body with 413 and stores nothing', async () => {
    const [before] = await testSql()<{ n: number }[]>`select count(*)::int as n from contact_requests`;
    const response = await post({ ...valid, message: 'x'.repeat(64 * 1024) });
    expect(response.status).toBe(413);
    const [after] = await testSql()<{ n: number }[]>`select count(*)::int as n from contact_requests`;
    expect(after!.n).toBe(before!.n);
  });
});

describe('GET /api/population-tiers', () => {
  it('serves the five tiers from site content, the last without an upper bound', async () => {
    const response = await request('/api/population-tiers');
    expect(response.status).toBe(200);
    const tiers = (await response.json()) as {
      tier: number;
      minPopulation: number;
      maxPopulation: number | null;
      sharedFee: number;
      exclusiveFee: number;
      description: string;
    }[];
    expect(tiers.map((t) => t.tier)).toEqual([1, 2, 3, 4, 5]);
    expect(tiers.at(-1)!.maxPopulation).toBeNull();
    for (const tier of tiers) {
      expect(Object.keys(tier).sort()).toEqual(['description', 'exclusiveFee', 'maxPopulation', 'minPopulation', 'sharedFee', 'tier']);
      expect(tier.exclusiveFee).toBeGreaterThanOrEqual(tier.sharedFee);
    }
  });
});
