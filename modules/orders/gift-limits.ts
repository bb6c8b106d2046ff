// The gift's limits that the checkout's screen shows, apart from the schemas: the page draws them
// without loading zod (modules/orders/gift-schemas.ts checks them).

/** The longest message for the card, in characters: the counter under the field counts down from it. */
export const GIFT_MESSAGE_MAX = 250;
