import { describe, expect, it } from 'vitest';
import { formatMoney } from '#lib/shared/format.ts';
import { storePaymentUrl } from '#lib/licensing/store-link.ts';

describe('the "Pay at the store" link of a reservation (issue 32)', () => {
  it('gives a Shopify store link the cart attribute reference and the checkout email', () => {
    const url = new URL(storePaymentUrl('https://store.flamekeeperclubs.com/products/guide-licence', 'FK-AB23-CD45', 'jo+x@example.com'));
    expect(url.origin + url.pathname).toBe('https://store.flamekeeperclubs.com/products/guide-licence');
    expect(url.searchParams.get('attributes[reference]')).toBe('FK-AB23-CD45');
    expect(url.searchParams.get('checkout[email]')).toBe('jo+x@example.com');
    expect(url.searchParams.has('client_reference_id')).toBe(false);
  });

  it('gives a Stripe Payment Link client_reference_id and prefilled_email, keeping its own parameters', () => {
    const url = new URL(storePaymentUrl('https://buy.stripe.com/test_14k5mQ?locale=en', 'FK-AB23-CD45', 'jo@example.com'));
    expect(url.searchParams.get('client_reference_id')).toBe('FK-AB23-CD45');
    expect(url.searchParams.get('prefilled_email')).toBe('jo@example.com');
    expect(url.searchParams.get('locale')).toBe('en');
    expect(url.searchParams.has('attributes[reference]')).toBe(false);
  });

  it('leaves the email out when it is not known', () => {
    const url = new URL(storePaymentUrl('https://buy.stripe.com/test_14k5mQ', 'FK-AB23-CD45', null));
    expect([...url.searchParams.keys()]).toEqual(['client_reference_id']);
  });
});

describe('formatMoney', () => {
  it('writes cents in their currency', () => {
    expect(formatMoney(19_900, 'USD')).toBe('$199.00');
    expect(formatMoney(1_250, 'EUR')).toBe('€12.50');
  });
});
