import type { BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";
import { adminEmail, adminPassword } from "./admin";
import { baseUrl, visible } from "./browser";

/** Journeys that are not about the newsletter pop-up keep it away. */
export async function skipNewsletterPopup(context: BrowserContext) {
  await context.addInitScript(() => window.localStorage.setItem("hasSeenPopup", "true"));
}

/** Holds the page's modules back until the returned function is called: a slow phone's first seconds. */
export async function holdScripts(context: BrowserContext): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((r) => (release = r));
  await context.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * A slow phone: `path` is on screen before its script runs, and `pick` is what she does in that
 * moment; then the script runs and takes over.
 */
export async function pickBeforeScripts(page: Page, path: string, pick: () => Promise<void>) {
  const release = await holdScripts(page.context());
  await page.goto(path, { waitUntil: "domcontentloaded" });
  await pick();
  release();
  await waitForHydration(page);
}

/** Waits until React has hydrated the page (buttons then do something). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => Boolean((window as unknown as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules));
  await page.waitForLoadState("networkidle");
}

export async function api<T>(path: string): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(`${baseUrl}${path}`);
  return { status: res.status, body: (await res.json()) as T, headers: res.headers };
}

export const header = {
  async search(page: Page, text: string) {
    await page.getByRole("button", { name: "Search products" }).click();
    const box = page.getByRole("searchbox", { name: "Search products" });
    await visible(box);
    await box.fill(text);
    await box.press("Enter");
    await page.waitForURL((url) => url.pathname === "/products" && url.searchParams.get("q") === text);
  },
};

// Page helpers for the cart and checkout journeys (docs/style.md).

/**
 * Opens a product a journey can always buy, found as a shopper finds it (search, then its card):
 * the demo's Pocket Gratitude Notebook, 60 in stock. The first card of /products is not a fixed
 * product (the demo products share one creation time) and may be the one left or already sold out
 * by an earlier journey.
 */
export async function openBuyableProduct(page: Page) {
  await page.goto(`/products?q=${encodeURIComponent("Pocket Gratitude Notebook")}`);
  await page.locator('a[href^="/productdetails/"]').first().click();
  await page.waitForURL(/\/productdetails\//);
}

/** A buyable product added to the cart from its page, once the page's script runs: she lands on /cart. */
export async function buyableProductInCart(page: Page) {
  await openBuyableProduct(page);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await page.waitForURL(/\/cart$/);
}

/** Product ids linked from the home page's cards (the demo data). */
export async function productIdsFromHome(page: Page): Promise<string[]> {
  await page.goto("/");
  const hrefs = await page.locator('a[href^="/productdetails/"]').evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
  return [...new Set(hrefs.map((h) => h.split("/").pop()!))];
}

export const cart = {
  /** puts lines straight into the browser's guest cart, as Add To Cart does for a guest */
  async seedGuest(page: Page, lines: { productId: string; quantity: number }[]) {
    await page.evaluate((l) => window.localStorage.setItem("cart", JSON.stringify(l)), lines);
  },
  async open(page: Page) {
    await page.goto("/cart");
    await visible(page.getByRole("heading", { name: "Your cart" }));
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Loading your cart" }).count()).toBe(0);
  },
  /** the guest cart has reached the account: the server cart holds `quantity` units (read with the page's session) */
  async merged(page: Page, quantity: number) {
    const serverQuantity = async () => {
      const res = await page.request.get("/api/cart/summary");
      const { items } = (await res.json()) as { items: { quantity: number }[] };
      return items.reduce((sum, i) => sum + i.quantity, 0);
    };
    await expect.poll(serverQuantity, { timeout: 15_000 }).toBe(quantity);
  },
  lines: (page: Page) => page.getByTestId("cart-line"),
  badge: (page: Page) => page.locator("header").getByTestId("cart-count"),
  total: (page: Page) => page.getByTestId("summary-total").innerText(),
  /** the delivery area picked in the cart's summary */
  area: (page: Page) => page.locator("main").getByLabel("Delivery area", { exact: true }),
  /** picks her area in the cart and waits until the summary prices delivery for it (the checkout then starts with it) */
  async chooseArea(page: Page, area: string) {
    await cart.area(page).selectOption(area);
    await expect.poll(() => page.getByTestId("summary-delivery").innerText(), { timeout: 15_000 }).not.toBe("Choose your area");
  },
  async chooseCurrency(page: Page, currency: "NGN" | "USD") {
    await page.getByTestId("currency").selectOption(currency);
  },
};

/** ₦15,162.50 → 15162.5 (what formatNaira shows, back to a number) */
export const nairaOf = (text: string) => Number(text.replace(/[₦,\s]/g, ""));

/** The summary's four amounts as numbers (data-testid `${prefix}-subtotal` etc.). */
export async function breakdown(page: Page, prefix: "summary" | "order") {
  const read = async (part: string) => nairaOf(await page.getByTestId(`${prefix}-${part}`).innerText());
  return { subtotal: await read("subtotal"), vat: await read("vat"), delivery: await read("delivery"), total: await read("total") };
}

/** A JSON call to the shop's API as the demo admin (bearer token from POST /api/auth/adminlogin). */
let adminBearer: Promise<string> | undefined;
export async function adminApi<T>(method: string, path: string, body?: unknown): Promise<T> {
  adminBearer ??= fetch(`${baseUrl}/api/auth/adminlogin`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl },
    body: JSON.stringify({ email: adminEmail, password: adminPassword }),
  }).then(async (r) => {
    if (!r.ok) throw new Error(`the demo admin's API login answered ${r.status}: ${await r.text()}`);
    return ((await r.json()) as { accessToken: string }).accessToken;
  });
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${await adminBearer}`, "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * What delivery must cost (docs/product.md §9, docs/decisions/0005-checkout-money-path.md): the
 * delivery area's rate (the demo shop has rates, so only they count); express adds
 * the settings' surcharge.
 */
export async function expectedDelivery(lga: string, method: "standard" | "express"): Promise<number> {
  const [rates, settings] = await Promise.all([
    api<{ lga: string; deliveryCharge: number }[]>("/api/deliveryrates").then((r) => r.body),
    adminApi<{ expressSurcharge: number }>("GET", "/api/settings"),
  ]);
  const rate = rates.find((r) => r.lga.trim().toLowerCase() === lga.trim().toLowerCase());
  if (!rate) throw new Error(`${lga} is not one of the shop's delivery areas`);
  return method === "express" ? rate.deliveryCharge + settings.expressSurcharge : rate.deliveryCharge;
}

/**
 * A review of `productId` by a new shopper who bought it (the shop takes reviews only from buyers):
 * registered, signed in, one unit paid on the sandbox page, then reviewed, all through the shop's
 * own calls in `context`, whose cookies become the shopper's session.
 */
/** A JSON post to the shop's API with the page's cookies (her session), as her browser's script sends it; a refusal throws. */
export const shopperPost =
  (page: Page) =>
  async <T>(path: string, data: unknown): Promise<T> => {
    const res = await page.request.post(path, { data, headers: { Origin: baseUrl } });
    if (!res.ok()) throw new Error(`POST ${path} answered ${res.status()}: ${await res.text()}`);
    return (await res.json()) as T;
  };

export async function reviewAsNewBuyer(context: BrowserContext, productId: string, review: { rating: number; comment: string }) {
  const page = await context.newPage();
  const post = shopperPost(page);
  const email = `buyer-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.ng`;
  const password = "Calm-days-2026";
  await post("/api/auth/register", { firstName: "Bisi", lastName: "Adeyemi", email, password });
  await post("/api/auth/login", { email, password });
  await post("/api/cart/create", { productId, quantity: 1 });
  const { authorizationUrl } = await post<{ authorizationUrl: string }>("/api/purchases/create", {
    street: "14 Admiralty Way",
    city: "Lekki",
    state: "Lagos",
    phone: "08031234567",
    lga: "Lekki",
  });
  await page.goto(authorizationUrl);
  await page.getByRole("button", { name: "Pay now" }).click();
  // the confirmation page verifies the payment and completes the order
  await page.waitForURL(/\/checkout\/complete\?reference=/);
  await post(`/api/reviews/${productId}`, review);
  await page.close();
}

/** Nothing wider than the screen (360 px on a phone): no sideways scrolling. */
export async function expectNoSidewaysScroll(page: Page, label = new URL(page.url()).pathname) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), label).toBe(true);
}

/** The product page's review count as it shows under the stars ('No reviews yet' = 0). */
export async function shownReviewCount(page: Page): Promise<number> {
  const heading = await page.locator("main h1").locator("xpath=..").innerText();
  return Number(/(\d+) reviews?\b/.exec(heading)?.[1] ?? 0);
}

export const checkout = {
  /** the address part of the checkout (the shop delivers in Lagos: no state is asked) */
  async fillAddress(page: Page, a: { street: string; city: string; phone: string }) {
    await page.locator("main").getByLabel("Street address", { exact: true }).fill(a.street);
    await page.locator("main").getByLabel("City or town", { exact: true }).fill(a.city);
    await page.locator("main").getByLabel("Phone", { exact: true }).fill(a.phone);
  },
  /** a guest's name and email, asked before the address */
  async fillContact(page: Page, c: { name: string; email: string }) {
    await page.locator("main").getByLabel("Full name", { exact: true }).fill(c.name);
    await page.locator("main").getByLabel("Email", { exact: true }).fill(c.email);
  },
  pay: (page: Page) => page.getByTestId("pay-button"),
  lga: (page: Page) => page.locator("main").getByLabel("Where should we deliver?", { exact: true }),
  /** a delivery speed's radio, named with its price for the area: "Standard · ₦2,500 3–5 days" */
  method: (page: Page, name: "Standard" | "Express") => page.getByRole("radio", { name: new RegExp(`^${name} · `) }),
  /** one of the ways to pay, by its label ("Pay now", "Bank transfer to our account", "Pay on delivery", "Ask someone to pay") */
  payWith: (page: Page, label: string) => page.getByRole("radio", { name: new RegExp(`^${label}`) }),
};

export type Shopper = { firstName: string; lastName: string; email: string; phone: string; address: string; lga: string; password: string };

/**
 * A new shopper, registered and signed in through the API from `page` (its context's cookies
 * become her session), then on the home page as the login form leaves her, where the first
 * signed-in page hands a guest cart to the account. Journeys about buying start here; the
 * sign-up screens have their own journeys (accounts.e2e.ts). Her area is Badagry, the first
 * town /register offers.
 */
export async function signedInShopper(page: Page, who: Partial<Shopper> = {}): Promise<Shopper> {
  const shopper: Shopper = {
    firstName: "Ada",
    lastName: "Obi",
    email: `shopper.${crypto.randomUUID().slice(0, 8)}@example.ng`,
    phone: "08031234567",
    address: "14 Bode Thomas Street",
    lga: "Badagry",
    password: "Calm-and-kind-2026",
    ...who,
  };
  // the shop this page is on (a journey may run its own shop on another port)
  if (page.url() === "about:blank") await page.goto("/");
  const origin = new URL(page.url()).origin;
  const calls: [string, unknown][] = [
    ["/api/auth/register", shopper],
    ["/api/auth/login", { email: shopper.email, password: shopper.password }],
  ];
  for (const [path, data] of calls) {
    const res = await page.request.post(path, { data, headers: { Origin: origin } });
    if (!res.ok()) throw new Error(`POST ${path} answered ${res.status()}: ${await res.text()}`);
  }
  await page.goto("/");
  return shopper;
}
