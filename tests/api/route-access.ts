// Who may call each /api route. The authorization matrix test enumerates the
// routes from the router itself and FAILS for any route missing here, so every
// new route forces a decision. Keys are "METHOD /api/path" exactly as registered.
//   public:   anyone; anonymous callers are never refused with 401/403
//   customer: any signed-in user; anonymous gets 401
//   self:     a signed-in user on their own record; `:id`/`:userId` is replaced by the caller's id,
//             and another customer's id must be refused (403/404)
//   admin:    the back office, owners and staff; anonymous gets 401, customers 403
//   owner:    the owner's part of the back office (modules/accounts/roles.ts); staff get 403 too
//   signed:   authenticated by a signature, not a session (webhooks); only "never 500" is checked
export type Access = "public" | "customer" | "self" | "admin" | "owner" | "signed";

export const routeAccess: Record<string, Access> = {
  "GET /api/health": "public",
  "POST /api/newsletter": "public",
  "POST /api/products/:id/back-in-stock": "public",
  // accounts
  "POST /api/auth/register": "public",
  "POST /api/auth/login": "public",
  "POST /api/auth/adminlogin": "public",
  "POST /api/auth/logout": "public",
  "GET /api/auth/me": "customer",
  "POST /api/auth/forgot-password": "public",
  "POST /api/auth/reset-password": "public",
  "POST /api/admins": "owner",
  "PUT /api/admins/:id": "owner",
  "DELETE /api/admins/:id": "owner",
  "GET /api/users": "admin",
  "GET /api/users/:id": "self",
  "PUT /api/users/:id": "self",
  // storefront
  "GET /api/products": "public",
  "GET /api/products/:id": "public",
  "GET /api/categories": "public",
  "GET /api/categories/:id": "public",
  "GET /api/posts": "public",
  "GET /api/posts/:id": "public",
  "GET /api/deliveryrates": "public",
  "GET /api/deliveryrates/:id": "public",
  "GET /api/communicationPlatforms": "public",
  "POST /api/test/create": "public",
  "POST /api/contact": "public",
  "POST /api/coaching-requests": "public",
  // cart, checkout, payments, reviews
  "POST /api/cart/create": "customer",
  "POST /api/cart/merge": "customer",
  "POST /api/cart/quote": "public",
  "GET /api/cart/summary": "customer",
  "GET /api/cart/user/:userId": "self",
  "GET /api/cart/count/:userId": "self",
  "DELETE /api/cart/user/:userId": "self",
  "PUT /api/cart/:id": "customer",
  "DELETE /api/cart/:id": "customer",
  // a guest checks out too (docs/product.md "Guest checkout")
  "POST /api/purchases/create": "public",
  "GET /api/purchases/mine": "customer",
  "POST /api/purchases/:id{[0-9a-fA-F-]{36}}/order-again": "customer",
  // only the buyer's own order is cancelled; anyone else gets 404 (tests/api/paystack.test.ts)
  // the buyer signed in, or whoever holds the order's signed link
  "POST /api/purchases/cancel": "public",
  "POST /api/payments/paystack/webhook": "signed",
  // Meta's subscription check (answered only with the verify token) and its signed deliveries
  "GET /api/whatsapp/webhook": "signed",
  "POST /api/whatsapp/webhook": "signed",
  "GET /api/reviews/:productId": "public",
  "POST /api/reviews/:productId": "customer",
  // admin back office
  "POST /api/products/create": "admin",
  "PUT /api/products/:id": "admin",
  "GET /api/products/:id/history": "admin",
  "DELETE /api/products/:id": "admin",
  "DELETE /api/products/:id/image": "admin",
  "POST /api/categories/create": "admin",
  "PUT /api/categories/:id": "admin",
  "DELETE /api/categories/:id": "admin",
  "POST /api/posts/create": "admin",
  "PUT /api/posts/:id": "admin",
  "DELETE /api/posts/:id": "admin",
  "POST /api/deliveryrates/create": "owner",
  "PUT /api/deliveryrates/:id": "owner",
  "DELETE /api/deliveryrates/:id": "owner",
  "GET /api/purchases": "admin",
  "GET /api/purchases/export.csv": "owner",
  // the owner may read her own purchase; anyone else gets 404 (tested in tests/api/admin-orders.test.ts, "GET /api/purchases/{id}")
  "GET /api/purchases/:id{[0-9a-fA-F-]{36}}": "customer",
  "PATCH /api/purchases/:id{[0-9a-fA-F-]{36}}/status": "admin",
  "DELETE /api/purchases/:id{[0-9a-fA-F-]{36}}": "owner",
  "POST /api/purchases/:id{[0-9a-fA-F-]{36}}/payment": "admin",
  "POST /api/purchases/:id{[0-9a-fA-F-]{36}}/refused": "admin",
  "GET /api/settings": "owner",
  "PUT /api/settings": "owner",
  "GET /api/settings/subscribers.csv": "owner",
  "GET /api/settings/messages.csv": "owner",
  "GET /api/messages": "admin",
  "POST /api/messages/read-all": "admin",
  "PATCH /api/messages/:id": "admin",
  "GET /api/discounts": "owner",
  "POST /api/discounts/create": "owner",
  "GET /api/discounts/:id": "owner",
  "PUT /api/discounts/:id": "owner",
  "DELETE /api/discounts/:id": "owner",
  "GET /api/reports/sales": "owner",
  "GET /api/reports/sales.csv": "owner",
  "GET /api/purchases/:id{[0-9a-fA-F-]{36}}/refunds": "admin",
  "POST /api/purchases/:id{[0-9a-fA-F-]{36}}/refunds": "owner",
  "GET /api/purchases/:id{[0-9a-fA-F-]{36}}/stray-payments": "admin",
  "POST /api/purchases/:id{[0-9a-fA-F-]{36}}/stray-payments/:strayId{[0-9a-fA-F-]{36}}/refund": "owner",
  "GET /api/unpaid-checkouts": "admin",
  "GET /api/unpaid-checkouts/summary": "admin",
  "GET /api/unpaid-checkouts/settings": "owner",
  "PUT /api/unpaid-checkouts/settings": "owner",
  "POST /api/unpaid-checkouts/:id{[0-9a-fA-F-]{36}}/remind": "admin",
};
