// The reservation's "Pay at the store" link (issue 32): it carries the order's reference, so that the store's webhook
// finds the licence the payment is for, and the guide's email, so that they need not type it.

/** Stripe Payment Links are served from this host; any other store link is taken to be the Shopify store's. */
const STRIPE_PAYMENT_LINK_HOST = 'buy.stripe.com';

/**
 * The store link of licence-terms.json for one order. A Stripe Payment Link gets `client_reference_id` (the Checkout
 * Session's, which the webhook reads) and `prefilled_email`; a Shopify link gets the cart attribute `reference` (which
 * arrives in the order's `note_attributes`) and `checkout[email]`, as Shopify's cart permalinks take them.
 */
export function storePaymentUrl(storeHref: string, reference: string, email: string | null): string {
  const url = new URL(storeHref);
  const stripe = url.hostname === STRIPE_PAYMENT_LINK_HOST;
  url.searchParams.set(stripe ? 'client_reference_id' : 'attributes[reference]', reference);
  if (email) url.searchParams.set(stripe ? 'prefilled_email' : 'checkout[email]', email);
  return url.toString();
}
