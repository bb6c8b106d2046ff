import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// Mirrors docs/product.md §2's route table; each issue adds its screens here.
export default [
  route("sitemap.xml", "routes/seo/sitemap.ts"),
  route("robots.txt", "routes/seo/robots.ts"),
  route("feeds/products.xml", "routes/seo/product-feed.ts"),
  route("og/default.jpg", "routes/seo/og-default.ts"),
  route("og/:kind/:file", "routes/seo/og-image.ts"),
  layout("routes/shop/layout.tsx", [
    index("routes/shop/home.tsx"),
    // accounts
    route("login", "routes/account/login.tsx"),
    route("register", "routes/account/register.tsx"),
    route("promosign", "routes/account/promosign.tsx"),
    route("forgotpassword", "routes/account/forgot-password.tsx"),
    route("resetpassword", "routes/account/reset-password.tsx"),
    route("verifyemail", "routes/account/verify-email.tsx"),
    route("profile", "routes/account/profile.tsx"),
    route("logout", "routes/account/logout.tsx"),
    route("admin", "routes/admin/admin-login.tsx"),
    // storefront
    route("products", "routes/shop/products.tsx"),
    route("categories/:id", "routes/shop/category.tsx"),
    route("productdetails/:id", "routes/shop/product-details.tsx"),
    // docs/product.md "Back in stock": where a sold-out product's request lands before its script runs
    route("productdetails/:id/notify", "routes/shop/back-in-stock.tsx"),
    route("promopage", "routes/shop/promo.tsx"),
    route("blogs", "routes/shop/blogs.tsx"),
    route("blogdetails/:id", "routes/shop/blog-details.tsx"),
    route("about", "routes/shop/about.tsx"),
    route("contact", "routes/shop/contact.tsx"),
    // docs/product.md "Tracking an order"
    route("track", "routes/shop/track.tsx"),
    // every newsletter box posts here; without the script, this page shows the answer
    route("newsletter", "routes/shop/newsletter.tsx"),
    route("author", "routes/shop/author.tsx"),
    // docs/product.md "Gifts for teams"
    route("teamgifts", "routes/shop/teamgifts.tsx"),
    route("privacy", "routes/shop/privacy.tsx"),
    route("terms", "routes/shop/terms.tsx"),
    route("popup", "routes/shop/popup.tsx"),
    route("poptest", "routes/shop/poptest.tsx"),
    route("test", "routes/shop/test-page.tsx"),
    route("cart", "routes/shop/cart.tsx"),
    route("checkout", "routes/shop/checkout.tsx"),
    route("checkout/complete", "routes/shop/checkout-complete.tsx"),
    route("pay/:id", "routes/shop/pay-link.tsx"),
    // docs/product.md "Unpaid checkouts": the reminder's 'complete it here' and 'no more reminders'
    route("resume/:id", "routes/shop/resume.tsx"),
    route("reminders/stop", "routes/shop/stop-reminders.tsx"),
    route("review", "routes/shop/review.tsx"),
    // docs/product.md "Wish lists": hers, and the list a shared link opens
    route("wishlist", "routes/shop/wish-list.tsx"),
    route("wishlist/:token", "routes/shop/shared-wish-list.tsx"),
    route("*", "routes/shop/not-found.tsx"),
  ]),
  route("pay/sandbox/:reference", "routes/pay-sandbox.tsx"),
  // docs/product.md §2 Admin screens: one layout with the sidebar, every loader behind requireAdminPage
  layout("routes/admin/layout.tsx", [
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("teamtable", "routes/admin/teamtable.tsx"),
    // docs/product.md §2 /adminregister: adding a team member, inside the back office
    route("adminregister", "routes/admin/admin-register.tsx"),
    route("producttable", "routes/admin/producttable.tsx"),
    route("createproduct", "routes/admin/createproduct.tsx"),
    route("editproduct/:id", "routes/admin/editproduct.tsx"),
    route("categorytable", "routes/admin/categorytable.tsx"),
    route("createcategory", "routes/admin/createcategory.tsx"),
    route("editcategory/:id", "routes/admin/editcategory.tsx"),
    route("blogtable", "routes/admin/blogtable.tsx"),
    route("createpost", "routes/admin/createpost.tsx"),
    route("editblog/:id", "routes/admin/editblog.tsx"),
    route("purchasetable", "routes/admin/purchasetable.tsx"),
    route("viewpurchase/:id", "routes/admin/viewpurchase.tsx"),
    // docs/product.md "Manual orders"
    route("neworder", "routes/admin/neworder.tsx"),
    // docs/product.md "Unpaid checkouts"
    route("unpaidcheckouts", "routes/admin/unpaidcheckouts.tsx"),
    // docs/product.md "Gift orders": the gifts whose day comes round again soon
    route("giftdays", "routes/admin/giftdays.tsx"),
    // docs/product.md "Messages"
    route("messages", "routes/admin/messages.tsx"),
    route("lga", "routes/admin/lga.tsx"),
    route("createlga", "routes/admin/createlga.tsx"),
    route("editlga/:id", "routes/admin/editlga.tsx"),
    // docs/product.md "Delivery on a chosen date"
    route("deliverycalendar", "routes/admin/deliverycalendar.tsx"),
    route("deliveries", "routes/admin/deliveries.tsx"),
    // docs/product.md "Reports"
    route("reports", "routes/admin/reports.tsx"),
    // docs/product.md "Cost prices and profit"
    route("costprices", "routes/admin/costprices.tsx"),
    // docs/product.md "Expenses"
    route("expenses", "routes/admin/expenses.tsx"),
    route("editexpense/:id", "routes/admin/editexpense.tsx"),
    // docs/product.md "Discount codes"
    route("discounttable", "routes/admin/discounttable.tsx"),
    route("creatediscount", "routes/admin/creatediscount.tsx"),
    route("editdiscount/:id", "routes/admin/editdiscount.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("paymentsettings", "routes/admin/payment-settings.tsx"),
  ]),
  route("admin/lga", "routes/admin/lga-redirect.tsx"),
  // docs/product.md "Gift orders": the parcel's papers, printed from the order's page (no sidebar)
  route("packingslip/:id", "routes/admin/packing-slip.tsx"),
  route("giftreceipt/:id", "routes/admin/gift-receipt.tsx"),
  // docs/product.md "Paying": the picture of her transfer receipt, for the team
  route("transferreceipt/:id", "routes/admin/transfer-receipt.ts"),
  // docs/product.md "Manual orders": the receipt or invoice, a page of its own to print
  route("receipt/:id", "routes/admin/receipt.tsx"),
] satisfies RouteConfig;
