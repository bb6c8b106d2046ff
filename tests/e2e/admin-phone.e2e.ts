import path from "node:path";
import type { Cookie, Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { admin, loginAsAdmin } from "./support/admin";
import { clippedPlaceholders, expectAccessible, screenshot, screenshotDir, useBrowser, viewports, visible } from "./support/browser";
import { skipNewsletterPopup } from "./support/shop";
import { addDays, lagosNow, longDay } from "../../lib/lagos-calendar";

// Every admin list on a 360 px phone: each row is a card whose every column and action
// (View, Edit, Delete) is on screen, with nothing to scroll sideways to.
const browser = useBrowser();

// one sign-in for the file: the admin login is rate-limited per account
let adminCookies: Cookie[] | undefined;
async function adminPage(viewport: "phone" | "desktop") {
  const { context, page } = await browser.newPage(viewport);
  await skipNewsletterPopup(context);
  if (adminCookies) await context.addCookies(adminCookies);
  else {
    await loginAsAdmin(page);
    adminCookies = await context.cookies();
  }
  return { context, page };
}

/** Opens the list at `path` and its first row's Edit screen (`screen`). */
async function editFirstRow(page: Page, path: string, screen: RegExp) {
  await page.goto(path);
  await expect.poll(() => admin.rows(page).count()).toBeGreaterThan(0);
  await admin
    .rows(page)
    .first()
    .getByRole("link", { name: /^Edit / })
    .click();
  await page.waitForURL(screen);
}

/** The right edge of each element, so a test can say which ones lie off the screen. */
const rightEdges = (locator: Locator) =>
  locator.evaluateAll((els) =>
    els.map((e) => ({ text: (e.textContent ?? "").trim() || e.getAttribute("aria-label"), right: e.getBoundingClientRect().right })),
  );

async function expectRowsOnScreen(page: Page, actions: RegExp[]) {
  const width = viewports.phone.width;
  await expect.poll(() => admin.rows(page).count()).toBeGreaterThan(0);
  const row = admin.rows(page).first();
  // every cell, and every action, ends inside the screen
  expect((await rightEdges(row.locator("td"))).filter((c) => c.right > width)).toEqual([]);
  for (const name of actions) {
    const action = row.getByRole("link", { name }).or(row.getByRole("button", { name }));
    await visible(action.first());
    expect((await rightEdges(action.first()))[0]!.right).toBeLessThanOrEqual(width);
  }
  // nothing scrolls sideways: neither the page nor the table's frame
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const frame = page.locator("main [role=region]").first();
  expect(await frame.evaluate((e) => e.scrollWidth - e.clientWidth)).toBeLessThanOrEqual(0);
}

const tables: { path: string; name: string; actions: RegExp[]; labels: string[] }[] = [
  // unpaid orders: only those offer the bin (a paid order stays on record)
  {
    path: "/purchasetable?status=pending",
    name: "purchasetable",
    actions: [/^View$/, /^Delete the order of /],
    labels: ["Total Amount", "Status"],
  },
  { path: "/producttable", name: "producttable", actions: [/^Edit /, /^Delete /], labels: ["Price(₦)", "Stock"] },
  { path: "/categorytable", name: "categorytable", actions: [/^Edit /, /^Delete /], labels: ["Name", "Products"] },
  { path: "/blogtable", name: "blogtable", actions: [/^Edit /, /^Delete /], labels: ["Title", "Heading"] },
  { path: "/lga", name: "lga", actions: [/^Edit /, /^Delete /], labels: ["LGA", "Delivery Charge"] },
  { path: "/dashboard", name: "users", actions: [], labels: ["Email", "Phone", "Country"] },
  { path: "/teamtable", name: "teamtable", actions: [], labels: ["Email", "Phone"] },
  // the demo's paid orders, by source: what went back to them and what the shop keeps
  { path: "/reports?by=source", name: "reports", actions: [], labels: ["Order totals", "Refunded", "Kept"] },
  // who recorded the paid orders at the order desk, the website's own apart
  { path: "/reports?by=member", name: "reports-members", actions: [], labels: ["Team member", "Order totals", "Kept"] },
  // the demo's products with what they cost the shop and the profit on them
  { path: "/reports?by=product", name: "reports-products", actions: [], labels: ["Sales of goods", "Cost", "Profit"] },
  // every product's cost price, to put in at once
  { path: "/costprices", name: "costprices", actions: [], labels: ["Sells for", "Cost price (₦)", "Profit a unit"] },
  // the customers who spent most, each number opening her orders
  {
    path: "/reports?by=customer",
    name: "reports-customers",
    actions: [/^Orders of \+234 /, /^Chat with .+ on WhatsApp/],
    labels: ["Customer", "Order totals", "Kept"],
  },
];

describe("admin tables on a 360 px phone", () => {
  it("show each row as a card: every column labelled, the actions on screen, nothing off to the side", async () => {
    const { context, page } = await adminPage("phone");
    for (const table of tables) {
      await page.goto(table.path);
      await expectRowsOnScreen(page, table.actions);
      // each value is named by its column on the card (the header row is for screen readers only)
      const labels = await admin
        .rows(page)
        .first()
        .locator("td[data-label]")
        .evaluateAll((tds) => tds.map((td) => getComputedStyle(td, "::before").content.replace(/"/g, "")));
      for (const label of table.labels) expect(labels).toContain(label);
      await screenshot(page, `admin-${table.name}-cards-phone`);
      await expectAccessible(page);
    }
    await context.close();
  });

  it("show each list's whole search hint: the Search button goes under the box where both do not fit", async () => {
    const { context, page } = await adminPage("phone");
    const clipped: string[] = [];
    for (const path of [...tables.map((t) => t.path), "/unpaidcheckouts", "/discounttable"]) {
      await page.goto(path);
      await visible(page.locator("main h1").first());
      clipped.push(...(await clippedPlaceholders(page)).map((box) => `${path} ${box}`));
    }
    // 'Name, email or phon' on the dashboard's users was one of four
    expect(clipped).toEqual([]);
    await context.close();
  });

  it("toast a save under the top bar, clear of the menu button", async () => {
    const { context, page } = await adminPage("phone");
    await editFirstRow(page, "/lga", /\/editlga\//);
    // saved as it is: the rate stays what it was
    await page.getByRole("button", { name: "Update LGA", exact: true }).click();
    const toast = page.getByText("LGA updated");
    await visible(toast);
    // (once it has slid in)
    const bar = (await page.locator("header").first().boundingBox())!;
    await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    await context.close();
  });

  it("let the owner set a product's cost price on her phone, and read the profit in Reports", async () => {
    const { context, page } = await adminPage("phone");
    // a new product's form asks for it under the price
    await page.goto("/createproduct");
    await visible(page.getByLabel("Cost price (₦)"));
    await screenshot(page, "admin-createproduct-phone");
    await editFirstRow(page, "/producttable", /\/editproduct\//);
    const panel = page.getByTestId("cost-price");
    await panel.getByLabel("Cost price (₦)").fill("1000");
    await panel.getByRole("button", { name: "Save cost price" }).click();
    await visible(page.getByText("Cost price saved"));
    await visible(panel.getByText(/profit a unit/));
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, "admin-cost-price-phone");
    await expectAccessible(page);
    await page.goto("/reports?by=product");
    await visible(page.getByTestId("report-profit").getByText(/margin/));
    // then the same days' expenses (the demo shop wrote some down this month) and what is left
    await visible(page.getByTestId("report-expenses").getByText(/after them\.$/));
    await screenshot(page, "admin-reports-profit-phone");
    // every product's on one screen (those without one first): the first box, then Save
    await page.goto("/costprices");
    const box = admin
      .rows(page)
      .first()
      .getByLabel(/^Cost price of /);
    const title = (await box.getAttribute("aria-label"))!.replace("Cost price of ", "");
    await box.fill("2000.5");
    await page.getByRole("button", { name: "Save cost prices" }).click();
    await visible(page.getByText("1 cost price saved."));
    // its row, wherever the saved cost puts it now, shows what a unit earns
    const row = admin.rows(page).filter({ has: page.getByLabel(`Cost price of ${title}`, { exact: true }) });
    expect(await row.getByLabel(`Cost price of ${title}`, { exact: true }).inputValue()).toBe("2000.5");
    await visible(row.getByText(/%\)$|loss$/));
    // Save stays in reach at the foot of the phone's screen, however far up the list she is
    await page.evaluate(() => window.scrollTo(0, 0));
    const save = page.getByRole("button", { name: "Save cost prices" });
    await expect.poll(async () => ((await save.boundingBox()) ?? { y: Infinity, height: 0 }).y).toBeLessThan(viewports.phone.height);
    // (the phone's screen as she sees it: a full-page picture draws a sticky bar where the page ends)
    await page.screenshot({ path: path.join(screenshotDir, "admin-costprices-top-phone.png") });
    await screenshot(page, "admin-costprices-phone");
    await expectAccessible(page);
    await context.close();
  });

  it("let the team keep a note about a customer on her order's page, on every order of hers", async () => {
    const { context, page } = await adminPage("phone");
    await page.goto("/purchasetable");
    await expect.poll(() => admin.rows(page).count()).toBeGreaterThan(0);
    await admin.rows(page).first().getByRole("link", { name: "View" }).click();
    await page.waitForURL(/\/viewpurchase\//);
    const order = page.url();
    const phone = await page.getByTestId("customer-phone").innerText();
    const panel = page.getByTestId("customer-note");
    const box = panel.getByLabel("Notes about her");
    try {
      await box.fill("Pays by transfer. Loves the lavender candle; the rider calls from the blue gate.");
      await panel.getByRole("button", { name: "Save note" }).click();
      await visible(page.getByText("Note saved"));
      await visible(panel.getByTestId("customer-note-saved").getByText(/^Saved by .+ on /));
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(screenshotDir, "admin-customer-note-phone.png") });
      await expectAccessible(page);
      // it is hers, not the order's: read again on a fresh load
      await page.reload();
      expect(await page.getByTestId("customer-note").getByLabel("Notes about her").inputValue()).toContain("lavender candle");
      // the order desk shows it when it finds her by her number, for the next sale in a chat
      await page.goto("/neworder");
      await page.getByLabel("Find by phone or email").fill(phone);
      await page.getByRole("button", { name: "Find", exact: true }).click();
      await visible(
        page
          .getByTestId("found-customer-note")
          .first()
          .getByText(/lavender candle/),
      );
      await page.getByTestId("found-customer-note").first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(screenshotDir, "admin-neworder-customer-note-phone.png") });
    } finally {
      await page.goto(order);
      await page.getByTestId("customer-note").getByLabel("Notes about her").fill("");
      await page.getByTestId("customer-note").getByRole("button", { name: "Save note" }).click();
      await visible(page.getByText("Note removed"));
    }
    await context.close();
  });

  it("let the owner write a note to shoppers ahead of its first day, and read when they will see it", async () => {
    const { context, page } = await adminPage("phone");
    await page.goto("/settings");
    const tomorrow = addDays(lagosNow(new Date()).date, 1);
    const save = () =>
      Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/settings") && r.ok()),
        page.getByRole("button", { name: "Save Settings" }).click(),
      ]);
    try {
      await page.getByLabel("Note at the top of every page").fill("Closed for Christmas from 24 December: order by the 20th");
      await page.getByLabel("Show from").fill(tomorrow);
      await save();
      await page.reload();
      const state = page.getByTestId("notice-state");
      expect(await state.innerText()).toBe(`Shoppers see it from ${longDay(tomorrow)}`);
      expect(await page.getByLabel("Show from").inputValue()).toBe(tomorrow);
      await state.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(screenshotDir, "admin-settings-notice-phone.png") });
      // further down, with the pick-up address: the days before a pick-up's reminder
      await page.getByLabel("Remind after (days)").scrollIntoViewIfNeeded();
      expect(await page.getByLabel("Remind after (days)").inputValue()).toBe("3");
      await page.screenshot({ path: path.join(screenshotDir, "admin-settings-pickup-phone.png") });
      // not yet on the storefront
      const shop = await context.newPage();
      await shop.goto("/");
      expect(await shop.getByTestId("shop-notice").count()).toBe(0);
    } finally {
      await page.getByLabel("Note at the top of every page").fill("");
      await page.getByLabel("Show from").fill("");
      await save();
    }
    await context.close();
  });

  it("let the owner write down an expense on her phone, see it in the days' total, and take it away", async () => {
    const { context, page } = await adminPage("phone");
    await page.goto("/expenses");
    const add = page.getByTestId("add-expense");
    await add.getByLabel("Amount (₦)").fill("3500");
    await add.getByLabel("What for").selectOption({ label: "Riders and delivery" });
    await add.getByLabel("Note (optional)").fill("Rider to Lekki, 3 parcels");
    await add.getByRole("button", { name: "Add expense" }).click();
    await visible(page.getByText("₦3,500 for riders and delivery written down"));
    // the form is empty again for the next one; the list and the kinds' totals have it
    await expect.poll(() => add.getByLabel("Note (optional)").inputValue()).toBe("");
    const row = admin.rows(page).filter({ hasText: "Rider to Lekki, 3 parcels" });
    await visible(row);
    await visible(page.getByTestId("expense-kinds").getByText("Riders and delivery"));
    await screenshot(page, "admin-expenses-phone");
    await expectAccessible(page);
    // the dashboard takes the month's expenses off the profit on goods
    await page.goto("/dashboard");
    await visible(page.getByText("After expenses"));
    await screenshot(page, "admin-dashboard-expenses-phone");
    await page.goto("/expenses");
    page.once("dialog", (d) => d.accept());
    await admin
      .rows(page)
      .filter({ hasText: "Rider to Lekki, 3 parcels" })
      .getByRole("button", { name: /^Delete / })
      .click();
    await visible(page.getByText("Expense deleted"));
    await expect.poll(() => admin.rows(page).filter({ hasText: "Rider to Lekki, 3 parcels" }).count()).toBe(0);
    await context.close();
  });

  it("let the owner write down the rent every month, change it on its own screen, and stop it", async () => {
    for (const viewport of ["phone", "desktop"] as const) {
      const { context, page } = await adminPage(viewport);
      const note = `Shop rent, ${viewport}`;
      await page.goto("/expenses");
      const add = page.getByTestId("add-expense");
      await add.getByLabel("Amount (₦)").fill("150000");
      await add.getByLabel("What for").selectOption({ label: "Rent" });
      await add.getByLabel("Note (optional)").fill(note);
      await add.getByRole("checkbox", { name: /Every month/ }).check();
      await add.getByRole("button", { name: "Add expense" }).click();
      await visible(page.getByText(/₦150,000 for rent written down, and every month on the \d+(st|nd|rd|th)/));
      const monthly = page.getByTestId("monthly-expenses").getByRole("listitem").filter({ hasText: note });
      await visible(monthly.getByText(/Next on /));
      const row = admin.rows(page).filter({ hasText: note });
      await visible(row.getByText("Monthly"));
      await screenshot(page, `admin-expenses-monthly-${viewport}`);
      await expectAccessible(page);

      // the rent went up: changed on its own screen, for the months after too
      await row.getByRole("link", { name: /^Edit Rent of ₦150,000/ }).click();
      await page.waitForURL(/\/editexpense\//);
      await page.getByLabel("Amount (₦)").fill("180000");
      await page.getByRole("checkbox", { name: /Also for the months after/ }).check();
      await screenshot(page, `admin-edit-expense-${viewport}`);
      await expectAccessible(page);
      await page.getByRole("button", { name: "Save" }).click();
      await page.waitForURL(/\/expenses$/);
      await visible(page.getByText("Expense updated"));
      await visible(monthly.getByText("₦180,000"));
      await visible(admin.rows(page).filter({ hasText: note }).getByText("₦180,000"));

      // stopped: the month written stays, nothing more is written down
      page.once("dialog", (d) => d.accept());
      await monthly.getByRole("button", { name: /^Stop writing down Rent/ }).click();
      await visible(page.getByText("No longer written down every month"));
      await expect.poll(() => monthly.count()).toBe(0);
      await visible(admin.rows(page).filter({ hasText: note }));
      await context.close();
    }
  });

  it("list the customers who spent most, and a customer's number opens her orders", async () => {
    const { context, page } = await adminPage("desktop");
    await page.goto("/reports?by=customer");
    await expect.poll(() => admin.rows(page).count()).toBeGreaterThan(0);
    const first = admin.rows(page).first();
    const name = (await first.locator("td").first().innerText()).split("\n")[0]!;
    await screenshot(page, "admin-reports-customers-desktop");
    await first.getByRole("link", { name: /^Orders of / }).click();
    await page.waitForURL(/\/purchasetable\?q=/);
    await expect.poll(() => admin.rows(page).count()).toBeGreaterThan(0);
    expect(await admin.rows(page).first().innerText()).toContain(name.split(" ")[0]);
    await context.close();
  });

  it("keep the table layout from 640 px", async () => {
    const { context, page } = await adminPage("desktop");
    await page.goto("/purchasetable");
    await expect.poll(() => admin.rows(page).count()).toBeGreaterThan(0);
    await visible(page.locator("main table thead"));
    expect(
      await admin
        .rows(page)
        .first()
        .evaluate((tr) => getComputedStyle(tr).display),
    ).toBe("table-row");
    await context.close();
  });
});
