// The order desk (docs/product.md "Manual orders"): the owner records a sale she made in an
// Instagram chat, paid by bank transfer, from her phone and from her laptop, and prints its receipt.
// Every tap and every typed field of the phone journey is counted: the report quotes the count.
import type { Cookie, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays, lagosNow, longDay, shortDay } from "../../lib/lagos-calendar";
import { loginAsAdmin } from "./support/admin";
import { atBothWidths, expectAccessible, screenshot, useBrowser, viewports, visible } from "./support/browser";
import { adminApi, skipNewsletterPopup, waitForHydration } from "./support/shop";

const browser = useBrowser();
const JOURNEY_MS = 120_000;
const stamp = Date.now().toString().slice(-4);
const phone = `0809 555 ${stamp}`;

let adminCookies: Cookie[] | undefined;
async function ownerPage(viewport: keyof typeof viewports) {
  const { context, page } = await browser.newPage(viewport);
  await skipNewsletterPopup(context);
  if (adminCookies) await context.addCookies(adminCookies);
  else {
    await loginAsAdmin(page);
    adminCookies = await context.cookies();
  }
  return { context, page };
}

/** What the owner does with her thumb, counted: taps (a select is two: open, pick) and fields she types in. */
function counted(page: Page) {
  const count = { taps: 0, typed: 0 };
  const main = page.locator("main");
  return {
    count,
    tap: async (name: string | RegExp, role: "button" | "link" | "radio" = "button", within: "main" | "page" = "main") => {
      count.taps++;
      await (within === "main" ? main : page)
        .getByRole(role, { name, exact: typeof name === "string" })
        .first()
        .click();
    },
    type: async (label: string, value: string) => {
      count.typed++;
      await main.getByLabel(label, { exact: true }).fill(value);
    },
    pick: async (label: string, option: string) => {
      count.taps += 2;
      await main.getByLabel(label, { exact: true }).selectOption(option);
    },
  };
}

/** Waits for the screen's answer to a tap: the form takes what the server changed. */
const settled = (page: Page) => page.waitForLoadState("networkidle");

async function recordInstagramSale(page: Page, viewport: keyof typeof viewports, { returning }: { returning: boolean }) {
  const owner = counted(page);
  await page.goto("/purchasetable");
  await waitForHydration(page);
  await owner.tap("New order", "link");
  await page.waitForURL(/\/neworder$/);
  await waitForHydration(page);

  // the customer: her phone from the chat
  await owner.type("Find by phone or email", phone);
  await owner.tap("Find");
  await settled(page);
  if (returning) {
    // found by her earlier order: name, phone, street and area are filled in
    await expect.poll(() => page.getByLabel("Name", { exact: true }).inputValue()).toBe("Zainab Yusuf");
    expect(await page.getByLabel("Delivery area", { exact: true }).inputValue()).toBe("Eti-Osa");
  } else {
    await visible(page.getByTestId("new-customer"));
    expect(await page.getByLabel("Phone", { exact: true }).inputValue()).toBe(phone);
    await owner.type("Name", "Zainab Yusuf");
    await owner.type("Street (optional)", "15 Admiralty Way, Lekki Phase 1");
  }

  // what she is buying
  await owner.type("Search products", "gratitude");
  await owner.tap("Find products");
  await settled(page);
  await owner.tap("Add 90-Day Gratitude Journal");
  await settled(page);
  await visible(page.getByTestId("order-lines").getByText("90-Day Gratitude Journal", { exact: true }));
  if (!returning) {
    await owner.pick("Delivery area", "Eti-Osa");
    await settled(page);
  }
  // ₦8,500 + VAT ₦637.50 + Eti-Osa ₦3,500
  await expect.poll(() => page.getByTestId("desk-total").innerText()).toContain("₦12,637.50");

  // where she sold it and how the money came
  await owner.tap("Instagram", "radio");
  await owner.tap("Paid", "radio");
  await visible(page.getByTestId("paid-fields"));
  expect(await page.getByRole("radio", { name: "Transfer" }).isChecked()).toBe(true);
  await owner.type("Reference", `GTB-IG-${stamp}`);
  await screenshot(page, `manual-order-form-${viewport}`);
  await expectAccessible(page);
  await owner.tap(/^Create order/);
  await page.waitForURL(/\/viewpurchase\/[0-9a-f-]{36}\?recorded=1$/);
  await waitForHydration(page);
  const desk = page.getByTestId("order-desk");
  await visible(desk.getByText("Order recorded and paid."));
  await expect.poll(() => desk.innerText()).toContain("Instagram");
  // who recorded it, for the report by team member
  expect((await desk.getByTestId("recorded-by").innerText()).length).toBeGreaterThan(0);
  await expect.poll(() => page.locator("main").innerText()).toContain(`GTB-IG-${stamp}`);
  await screenshot(page, `manual-order-recorded-${viewport}`);

  // the receipt
  await owner.tap(/Print receipt/, "link");
  await page.waitForURL(/\/receipt\/[0-9a-f-]{36}$/);
  await waitForHydration(page);
  const receipt = page.getByTestId("receipt");
  await visible(receipt.getByRole("heading", { name: "Receipt" }));
  const text = await receipt.innerText();
  for (const words of [
    "Alafia Self-Care",
    "Zainab Yusuf",
    "+234 809 555",
    "90-Day Gratitude Journal",
    "₦12,637.50",
    "Paid by bank transfer",
    `GTB-IG-${stamp}`,
  ])
    expect(text).toContain(words);
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute("data-printed", "yes");
  });
  await owner.tap("Print", "button", "page");
  await expect.poll(() => page.locator("body").getAttribute("data-printed")).toBe("yes");
  return { owner: owner.count, receipt };
}

/** The returning customer, found by her phone, and the candles she asks for in the chat. */
async function returningCustomerBuysCandles(page: Page) {
  const main = page.locator("main");
  await main.getByLabel("Find by phone or email", { exact: true }).fill(phone);
  await main.getByRole("button", { name: "Find", exact: true }).click();
  await expect.poll(() => main.getByLabel("Name", { exact: true }).inputValue()).toBe("Zainab Yusuf");
  await main.getByLabel("Search products", { exact: true }).fill("calm candle");
  await main.getByRole("button", { name: "Find products" }).click();
  await main.getByRole("button", { name: "Add Calm Candle Trio" }).click();
  await visible(page.getByTestId("order-lines").getByText("Calm Candle Trio", { exact: true }));
}

/**
 * Slow data: while held, the screen's answers wait until `release` (each request is counted as it
 * arrives). An answer the page stopped waiting for is dropped.
 */
async function holdAnswers(page: Page) {
  const waiting: (() => void)[] = [];
  let holding = false;
  await page.route(
    (url) => url.pathname.startsWith("/neworder"),
    async (route) => {
      if (holding && route.request().method() === "POST") await new Promise<void>((r) => waiting.push(r));
      await route.continue().catch(() => undefined);
    },
  );
  return {
    hold: () => (holding = true),
    held: () => waiting.length,
    release: () => {
      holding = false;
      for (const answer of waiting.splice(0)) answer();
    },
  };
}

describe("the order desk: an Instagram sale paid by transfer", () => {
  it(
    "on a 360 px phone: a new customer, recorded and paid in a few taps, its receipt printed",
    async () => {
      const { context, page } = await ownerPage("phone");
      const { owner } = await recordInstagramSale(page, "phone", { returning: false });
      // nothing on the screens scrolls sideways on the phone
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
      await screenshot(page, "manual-order-receipt-phone");
      await page.emulateMedia({ media: "print" });
      await screenshot(page, "manual-order-receipt-print-phone");
      await page.emulateMedia({ media: "screen" });
      await expectAccessible(page);
      process.stdout.write(
        `Recording a DM sale at 360 px: ${owner.taps} taps and ${owner.typed} typed fields, from the orders list to the printed receipt\n`,
      );
      expect(owner.taps).toBeLessThanOrEqual(12);
      expect(owner.typed).toBeLessThanOrEqual(5);
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    "at 1280 px: she finds the returning customer by phone, records the sale and adds the company's tax number to its receipt",
    async () => {
      const { context, page } = await ownerPage("desktop");
      const { owner, receipt } = await recordInstagramSale(page, "desktop", { returning: true });
      process.stdout.write(`Returning customer at 1280 px: ${owner.taps} taps and ${owner.typed} typed fields\n`);
      await page.getByText("Company name and tax number (optional)").click();
      await page.getByLabel("Company name", { exact: true }).fill("Yusuf Wellness Ltd");
      await page.getByLabel("Tax number (TIN)", { exact: true }).fill("12345678-0001");
      await page.getByRole("button", { name: "Save" }).click();
      await expect.poll(() => receipt.innerText()).toContain("Tax number: 12345678-0001");
      await page.reload();
      await expect.poll(() => page.getByTestId("receipt").innerText()).toContain("Yusuf Wellness Ltd");
      await screenshot(page, "manual-order-receipt-desktop");
      await page.emulateMedia({ media: "print" });
      await screenshot(page, "manual-order-receipt-print-desktop");
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    "on a 360 px phone: a WhatsApp gift to another area, on the day the buyer asked for, with its card",
    async () => {
      const area = `Gift Desk ${stamp}`;
      await adminApi("POST", "/api/deliveryrates/create", { lga: area, deliveryCharge: 2500, dateMode: "optional", leadDays: 1 });
      const { context, page } = await ownerPage("phone");
      await page.goto("/neworder");
      await waitForHydration(page);
      const main = page.locator("main");
      await returningCustomerBuysCandles(page);
      // it goes to her sister in another area, with a card
      await main.getByText("This is a gift").click();
      await main.getByLabel("Recipient's name", { exact: true }).fill("Hauwa Yusuf");
      await main.getByLabel("Recipient's phone", { exact: true }).fill("0803 444 5566");
      await main.getByLabel("Message for the card (optional)").fill("Happy birthday, Hauwa!");
      await main.getByLabel("Street (optional)", { exact: true }).fill("3 Glover Road");
      await main.getByLabel("Delivery area", { exact: true }).selectOption(area);
      await page.waitForLoadState("networkidle");
      // the day the buyer asked for: the first one the area can meet at the Speed chosen (Standard: 3 days on)
      const picker = page.getByTestId("delivery-date-picker");
      await visible(picker);
      const day = picker.locator('[data-available="true"]:not([data-express-only])').first();
      const date = (await day.getAttribute("data-testid"))!.replace("date-", "");
      await day.getByRole("radio").check();
      await expect.poll(() => page.getByTestId("desk-total").innerText()).toMatch(/On \w+/);
      // the gift's fields kept their values through the answers
      expect(await main.getByLabel("Recipient's name", { exact: true }).inputValue()).toBe("Hauwa Yusuf");
      await main.getByRole("radio", { name: "WhatsApp" }).check();
      await main.getByRole("radio", { name: "Pay on delivery" }).check();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
      await picker.scrollIntoViewIfNeeded();
      await screenshot(page, "manual-order-gift-date-phone");
      await expectAccessible(page);
      await main.getByRole("button", { name: /^Create order/ }).click();
      await page.waitForURL(/\/viewpurchase\/[0-9a-f-]{36}\?recorded=1$/);
      await waitForHydration(page);
      await visible(page.getByTestId("gift-panel").getByText("Hauwa Yusuf"));
      await expect.poll(() => page.getByTestId("admin-gift-message").innerText()).toBe("Happy birthday, Hauwa!");
      await visible(page.locator(`a[href="/deliveries?date=${date}"]`));

      // a month on, in the same chat: "send the same to my sister again"
      await page.goto("/neworder");
      await waitForHydration(page);
      await main.getByLabel("Find by phone or email", { exact: true }).fill(phone);
      await main.getByRole("button", { name: "Find", exact: true }).click();
      const sentBefore = main.getByTestId("sent-before");
      await visible(sentBefore.getByText("Her gifts went to"));
      await sentBefore.getByRole("button", { name: /Hauwa Yusuf/ }).click();
      await expect.poll(() => main.getByLabel("Recipient's name", { exact: true }).inputValue()).toBe("Hauwa Yusuf");
      expect(await main.getByRole("checkbox", { name: /This is a gift/ }).isChecked()).toBe(true);
      expect(await main.getByLabel("Recipient's phone", { exact: true }).inputValue()).toBe("+234 803 444 5566");
      expect(await main.getByLabel("Street (optional)", { exact: true }).inputValue()).toBe("3 Glover Road");
      expect(await main.getByLabel("Delivery area", { exact: true }).inputValue()).toBe(area);
      expect(await main.getByLabel("Message for the card (optional)").inputValue()).toBe("");
      await visible(sentBefore.locator('button[aria-pressed="true"]').getByText("Hauwa Yusuf"));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
      await sentBefore.scrollIntoViewIfNeeded();
      await screenshot(page, "manual-order-gifts-went-to-phone");
      await expectAccessible(page);
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    "on a 360 px phone: the last price she agreed in the chat is the line's price (above the listed one refused on the line); she pays part now",
    async () => {
      const { context, page } = await ownerPage("phone");
      await page.goto("/neworder");
      await waitForHydration(page);
      const main = page.locator("main");
      const lines = page.getByTestId("order-lines");
      await returningCustomerBuysCandles(page);
      await main.getByLabel("Delivery area", { exact: true }).selectOption("Eti-Osa");
      await page.waitForLoadState("networkidle");
      const agreed = main.getByLabel("Price each agreed (₦, listed ₦13,900)", { exact: true });
      await agreed.fill("14000");
      await agreed.blur();
      await visible(lines.getByText("At most the listed ₦13,900"));
      await agreed.fill("12000");
      await agreed.blur();
      // ₦12,000 + VAT ₦900 + Eti-Osa ₦3,500
      await expect.poll(() => page.getByTestId("desk-total").innerText()).toContain("₦16,400");
      expect(await lines.innerText()).not.toContain("At most the listed");
      await main.getByRole("radio", { name: "WhatsApp" }).check();
      await main.getByRole("radio", { name: "Pay on delivery" }).check();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
      await lines.scrollIntoViewIfNeeded();
      await screenshot(page, "manual-order-agreed-price-phone");
      await expectAccessible(page);
      await main.getByRole("button", { name: /^Create order/ }).click();
      await page.waitForURL(/\/viewpurchase\/[0-9a-f-]{36}\?recorded=1$/);
      await waitForHydration(page);
      await expect.poll(() => main.innerText()).toContain("1 × ₦12,000");
      await visible(main.getByText("price agreed: Calm Candle Trio at ₦12,000 each (listed ₦13,900)", { exact: false }));
      // she paid ₦6,400 now by transfer, the rest to the rider (docs/product.md "Part payments")
      const record = page.getByTestId("record-payment");
      await record.getByLabel("How it arrived").selectOption("transfer");
      await record.getByLabel("Amount (₦)").fill("6400");
      await record.getByRole("button", { name: "Record payment" }).click();
      await visible(record.getByText("The order total is ₦16,400"));
      await record.getByLabel(/^Part payment/).check();
      // the rest by the day agreed with her, ten days on
      const firstDay = addDays(lagosNow(new Date()).date, 10);
      await record.getByLabel("Rest due by").fill(firstDay);
      await record.getByRole("button", { name: "Record payment" }).click();
      await visible(page.getByText(`Part payment recorded; ₦10,000 left to pay by ${shortDay(firstDay)}`));
      await expect.poll(() => page.getByTestId("rest-due").innerText()).toBe(shortDay(firstDay));
      // she calls: the rest comes two days later; a new day, with no money (no email on this order: nobody mailed)
      const restDay = addDays(firstDay, 2);
      const dayForm = page.getByTestId("rest-due-form");
      expect(await dayForm.getByLabel("Day for the rest").inputValue()).toBe(firstDay);
      await dayForm.getByLabel("Day for the rest").fill(restDay);
      await dayForm.getByRole("button", { name: "Save the day" }).click();
      await visible(page.getByText(`The rest is now due by ${shortDay(restDay)}`, { exact: true }));
      await expect.poll(() => page.getByTestId("rest-due").innerText()).toBe(shortDay(restDay));
      await visible(
        main.getByText(`day for the rest: ${shortDay(firstDay)} → ${shortDay(restDay)} (₦10,000 left to pay)`, { exact: false }),
      );
      // the success takes the refusal's place: no toast still says it was refused
      expect(await page.getByText('Tick "Part payment" to record it as a deposit', { exact: false }).count()).toBe(0);
      await expect.poll(() => page.getByTestId("left-to-pay").innerText()).toBe("₦10,000");
      expect(await page.getByTestId("record-payment").getByLabel("Amount (₦)").inputValue()).toBe("10000");
      await visible(main.getByText("part payment: ₦6,400 by bank transfer recorded; ₦10,000 left to pay", { exact: false }));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
      await page.getByTestId("record-payment").scrollIntoViewIfNeeded();
      await screenshot(page, "order-part-payment-phone");
      // she follows her order on her own phone: what she paid, and what she pays the rider
      const number = page.url().match(/viewpurchase\/([0-9a-f]{8})/)![1]!;
      const her = await browser.newPage("phone");
      await her.page.goto("/track");
      await her.page.getByLabel("Order number").fill(number);
      await her.page.getByLabel("Phone or email").fill(phone);
      await her.page.getByRole("button", { name: "Track order" }).click();
      await expect.poll(() => her.page.getByTestId("order-left-to-pay").innerText()).toMatch(/Paid ₦6,400 so far · left to pay\s+₦10,000/);
      await visible(her.page.getByText("You pay ₦10,000 to the rider when your order arrives", { exact: false }));
      expect(await her.page.getByTestId("step-detail-paid").innerText()).toBe("₦6,400 paid, ₦10,000 left to pay");
      expect(await her.page.getByTestId("order-rest-due").innerText()).toBe(
        `The rest is due by ${longDay(restDay)}, as agreed with the shop.`,
      );
      // no email on this order: no 'on its way to' with nobody after it
      expect(await her.page.getByTestId("order-mail-note").count()).toBe(0);
      await screenshot(her.page, "order-part-paid-shopper-phone");
      // the link for the rest, opened on her phone: it asks for what is left
      const link = new URL(await page.getByLabel("Payment link for the ₦10,000 left to pay").inputValue());
      await her.page.goto(`${link.pathname}${link.search}`);
      expect(await her.page.getByTestId("pay-link-left").innerText()).toMatch(/Paid already ₦6,400, left to pay\s+₦10,000/);
      await visible(her.page.getByRole("button", { name: "Pay ₦10,000" }));
      expect(await her.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
      await screenshot(her.page, "pay-link-part-paid-phone");
      await her.context.close();
      // the invoice for the rest, with where to send it
      await adminApi("PUT", "/api/settings", { bankName: "GTBank", accountName: "Alafia Self-Care Ltd", accountNumber: "0123456789" });
      await page.getByRole("link", { name: /Print invoice/ }).click();
      await page.waitForURL(/\/receipt\//);
      await visible(page.getByText("Paid so far"));
      expect(await page.getByTestId("invoice-bank").innerText()).toBe(
        `Pay ₦10,000 by bank transfer to GTBank, Alafia Self-Care Ltd, account number 0123456789, with ${number} as the reference.`,
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
      await screenshot(page, "order-part-paid-invoice-phone");
      // she calls it off; the ₦6,400 the shop holds waits to be given back, and the owner records it (docs/product.md "Part payments")
      await page.goBack();
      await page.waitForURL(/\/viewpurchase\//);
      await waitForHydration(page);
      page.once("dialog", (d) => void d.accept());
      await main.getByRole("button", { name: "Cancel order" }).click();
      // no email on this order: the answer does not say she was emailed
      await visible(page.getByText("Order marked cancelled", { exact: true }));
      const held = page.getByTestId("held-part");
      await visible(held);
      expect(await held.innerText()).toContain("received by bank transfer");
      expect(await held.innerText()).toContain("To give back or keep");
      // the orders list finds it without her opening the order again
      const orderPage = page.url();
      await page.goto("/purchasetable?payment=give_back");
      await visible(page.getByRole("link", { name: "To give back", exact: true }));
      expect(await page.getByRole("link", { name: "To give back", exact: true }).getAttribute("aria-current")).toBe("page");
      await visible(page.locator("main").getByText("Zainab", { exact: true }).first());
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
      await screenshot(page, "orders-to-give-back-phone");
      await page.goto(orderPage);
      await waitForHydration(page);
      await held.getByLabel("Reference or note").fill("GTB 0042");
      await held.scrollIntoViewIfNeeded();
      await screenshot(page, "order-held-part-phone");
      let asked = "";
      page.once("dialog", (d) => {
        asked = d.message();
        void d.accept();
      });
      await held.getByRole("button", { name: "Record as given back" }).click();
      await visible(page.getByText("Recorded as given back", { exact: true }));
      expect(asked).toBe("Record ₦6,400 as given back by bank transfer? The customer will be told. This cannot be undone.");
      await expect.poll(() => held.getByTestId("held-part-settled").innerText()).toMatch(/^Given back by bank transfer .+ · GTB 0042$/);
      expect(await held.getByRole("button", { name: "Record as given back" }).count()).toBe(0);
      await atBothWidths(page, "order-part-given-back");
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    "on a 360 px phone on slow data: what she types and taps while a total is on its way is kept",
    async () => {
      const { context, page } = await ownerPage("phone");
      await page.goto("/neworder");
      await waitForHydration(page);
      const main = page.locator("main");
      const lines = page.getByTestId("order-lines");
      const journals = main.getByLabel("Quantity of 90-Day Gratitude Journal", { exact: true });
      await main.getByLabel("Search products", { exact: true }).fill("gratitude");
      await main.getByRole("button", { name: "Find products" }).click();
      await main.getByRole("button", { name: "Add 90-Day Gratitude Journal" }).click();
      await visible(lines.getByText("90-Day Gratitude Journal", { exact: true }));

      // she picks the area and, while its total is on its way, types the name and the reference and makes it three journals
      const answers = await holdAnswers(page);
      answers.hold();
      await main.getByLabel("Delivery area", { exact: true }).selectOption("Eti-Osa");
      await expect.poll(answers.held).toBe(1);
      await main.getByLabel("Name", { exact: true }).fill("Amaka Obi");
      await journals.fill("3");
      await main.getByLabel("Reference", { exact: true }).fill(`GTB-SLOW-${stamp}`);
      answers.release();
      await expect.poll(() => page.getByTestId("desk-total").innerText()).toContain("₦3,500");
      expect(await main.getByLabel("Name", { exact: true }).inputValue()).toBe("Amaka Obi");
      expect(await journals.inputValue()).toBe("3");
      expect(await main.getByLabel("Reference", { exact: true }).inputValue()).toBe(`GTB-SLOW-${stamp}`);
      expect(await main.getByLabel("Delivery area", { exact: true }).inputValue()).toBe("Eti-Osa");

      // she adds a notebook and, before it shows, taps one more journal: both taps count, no line goes
      answers.hold();
      await main.getByRole("button", { name: "Add Pocket Gratitude Notebook" }).click();
      await expect.poll(answers.held).toBe(1);
      await main.getByRole("button", { name: "One more 90-Day Gratitude Journal" }).click();
      answers.release();
      // 4 × ₦8,500 + ₦3,500 + VAT ₦2,812.50 + Eti-Osa ₦3,500
      await expect.poll(() => page.getByTestId("desk-total").innerText()).toContain("₦43,812.50");
      await visible(lines.getByText("Pocket Gratitude Notebook", { exact: true }));
      expect(await journals.inputValue()).toBe("4");
      expect(await main.getByLabel("Name", { exact: true }).inputValue()).toBe("Amaka Obi");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
      await screenshot(page, "manual-order-slow-answers-phone");
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    "'New Order' in the sidebar, on the screen already, starts a new order: nothing typed into the last one stays",
    async () => {
      const { context, page } = await ownerPage("desktop");
      await page.goto("/neworder");
      await waitForHydration(page);
      const main = page.locator("main");
      await returningCustomerBuysCandles(page);
      // typed after the last answer: the field she touched since, which an answer would keep
      await main.getByLabel("Street (optional)", { exact: true }).fill("3 Glover Road");
      await page.getByRole("link", { name: "New Order", exact: true }).first().click();
      await expect.poll(() => main.getByLabel("Find by phone or email", { exact: true }).inputValue()).toBe("");
      expect(await main.getByLabel("Name", { exact: true }).inputValue()).toBe("");
      expect(await main.getByLabel("Street (optional)", { exact: true }).inputValue()).toBe("");
      expect(await page.getByTestId("order-lines").count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe("/neworder");
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    "works before the page's script loads: every button posts the form and the server answers it",
    async () => {
      const { context, page } = await browser.newPage("phone", undefined, { javaScriptEnabled: false });
      await context.addCookies(adminCookies!);
      await page.goto("/neworder");
      const main = page.locator("main");
      await returningCustomerBuysCandles(page);
      await main.getByRole("radio", { name: "WhatsApp" }).check();
      await main.getByRole("radio", { name: "Pay on delivery" }).check();
      await main.getByRole("button", { name: /^Create order/ }).click();
      await page.waitForURL(/\/viewpurchase\/[0-9a-f-]{36}\?recorded=1$/);
      await expect.poll(() => page.getByTestId("order-desk").innerText()).toContain("WhatsApp");
      await screenshot(page, "manual-order-no-script-phone", { scripted: false });
      // the rider's money typed wrong: refused, the page says why at its top and beside the field, and keeps what she typed
      const record = page.getByTestId("record-payment");
      await record.getByLabel("Amount (₦)").fill("0");
      await record.getByLabel("Reference").fill("Rider Musa, cash at the door");
      await record.getByRole("button", { name: "Record payment" }).click();
      await visible(page.getByTestId("record-payment").getByText("Amount must be more than 0"));
      await visible(page.getByText("Please check the highlighted fields."));
      // the greeting of the order just recorded is not repeated over the refusal
      expect(await page.getByText("Order recorded.").count()).toBe(0);
      expect(await page.getByTestId("record-payment").getByLabel("Reference").inputValue()).toBe("Rider Musa, cash at the door");
      await screenshot(page, "order-payment-refused-no-script-phone", { scripted: false });
      await context.close();
    },
    JOURNEY_MS,
  );
});
