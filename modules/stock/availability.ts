// What a product's stock figure means to a shopper (browser-safe). A stock of null is
// not tracked: the product is always buyable, never 'Only N left', never 'Sold out'.

/** Tracked with nothing left: cards and lists say 'Sold out', the cart refuses it. */
export const isSoldOut = (stock: number | null): boolean => stock !== null && stock <= 0;

/** Whether `quantity` units can be had (in the cart, at checkout). */
export const hasEnough = (stock: number | null, quantity: number): boolean => stock === null || quantity <= stock;

/** What a shopper is told when she asks for more than there is: 'Only 3 left', or 'Sold out'. */
export const unitsLeftText = (stock: number): string => (stock <= 0 ? "Sold out" : `Only ${stock} left`);
