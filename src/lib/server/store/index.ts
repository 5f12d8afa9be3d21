// The store domain (issue 32) as the app and the routes see it: import it from here, never from its other files.
export { receiveStoreEvent, type StoreEventResult } from './orders.ts';
export { itemKindOfSku, storeConfig } from './store-config.ts';
export { receiveStripeEvent, verifyStripeEvent, type StripeEventOutcome } from './stripe.ts';
export { isFromShop, isShopifyTopic, parseShopifyJson, shopifyOrderInput, shopifyRefundInput } from './shopify.ts';
export { resendOrderCodes } from './admin-orders.ts';
export { listOrdersForAdmin } from './admin-orders-read-model.ts';
