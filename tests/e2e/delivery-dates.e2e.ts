// Delivery on a chosen date (docs/product.md "Delivery on a chosen date"), on a 360 px phone: the owner
// turns dates on for an area, adds a time window and a blackout day; a guest picks a date and a window
// at checkout (greyed-out dates say why), pays on the sandbox page, sees the date on her order and
// changes the day herself there; the owner moves it again on the back office's order page, opens
// 'Deliveries for <date>' and prints its run sheet.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { longDay, shortDay } from "../../lib/lagos-calendar";
import { loginAsAdmin, admin } from "./support/admin";
import { expectAccessible, screenshot, useBrowser, viewports, visible } from "./support/browser";
import {
  adminApi,
  api,
  buyableProductInCart,
  cart,
  checkout,
  expectedDelivery,
  expectNoSidewaysScroll,
  nairaOf,
  pickBeforeScripts,
  skipNewsletterPopup,
  waitForHydration,
} from "./support/shop";

const browser = useBrowser();
const stamp = Date.now().toString(36).slice(-5);
const AREA = "Victoria Island";
const JOURNEY_MS = 180_000;

type Choice = { date: string; available: boolean };
/** The picker's dates as the page shows them (data-testid date-YYYY-MM-DD, data-available). */
const shownDates = (page: Page): Promise<Choice[]> =>
  page
    .getByTestId("delivery-dates")
    .locator("label")
    .evaluateAll((labels) =>
      labels.map((l) => ({ date: l.getAttribute("data-testid")!.slice(5), available: l.getAttribute("data-available") === "true" })),
    );

/** The owner, signed in on her phone, on the delivery calendar. */
async function ownerOnCalendar() {
  const owner = await browser.newPage("phone");
  await loginAsAdmin(owner.page);
  await owner.page.goto("/deliverycalendar");
  await waitForHydration(owner.page);
  return owner;
}

/** The owner adds a time window (hours, its surcharge in naira) and sees it listed as `shown`. */
async function addWindow(page: Page, w: { from: number; to: number; surcharge: number; shown: string }) {
  const form = page.getByTestId("window-form");
  await form.getByLabel("From (hour)").fill(String(w.from));
  await form.getByLabel("To (hour)").fill(String(w.to));
  await form.getByLabel("Surcharge (₦)").fill(String(w.surcharge));
  await form.getByRole("button", { name: "Add window" }).click();
  await visible(page.getByTestId("delivery-window").filter({ hasText: w.shown }));
}

describe("delivery on a chosen date, on a phone", () => {
  it(
    "a guest picks a date and a window and pays; the owner opens the day's deliveries and its run sheet",
    async () => {
      // the owner's area: a date is required, the next day at the earliest, 'order by 2 pm', one delivery a day
      await adminApi("POST", "/api/deliveryrates/create", {
        lga: AREA,
        deliveryCharge: 3000,
        dateMode: "required",
        leadDays: 1,
        cutoffHour: 14,
        dailyCapacity: 1,
      });
      const { body: products } = await api<{ id: string; stock: number | null }[]>("/api/products?pageSize=20");
      const product = products.find((p) => p.stock === null || p.stock > 3)!;

      // a guest's checkout page for the area shows which dates can be met
      const buyer = await browser.newPage("phone");
      await skipNewsletterPopup(buyer.context);
      await buyer.page.goto("/");
      await cart.seedGuest(buyer.page, [{ productId: product.id, quantity: 1 }]);
      await cart.open(buyer.page);
      await expect.poll(() => cart.lines(buyer.page).count()).toBe(1);
      await cart.chooseArea(buyer.page, AREA);
      // the cart already says her area takes dates, and how soon
      await expect
        .poll(() => buyer.page.getByTestId("cart-date-note").innerText())
        .toMatch(/delivery day at checkout\. Order by \d{1,2} (am|pm) \(Lagos time\) for next-day delivery with Express\.$/);
      await screenshot(buyer.page, "cart-date-note-phone");
      await buyer.page.getByRole("link", { name: "Proceed to payment" }).click();
      await buyer.page.waitForURL((u) => u.pathname === "/checkout");
      await waitForHydration(buyer.page);
      await visible(buyer.page.getByTestId("delivery-date-picker"));
      const first = await shownDates(buyer.page);
      expect(first).toHaveLength(14);
      // today is never possible with a day's lead time
      expect(first[0]!.available).toBe(false);
      const open = first.filter((c) => c.available).map((c) => c.date);
      const [day, blackout, full] = open as [string, string, string];

      // the owner, on her phone: a window with a surcharge and a public holiday in the delivery calendar
      const owner = await ownerOnCalendar();
      await addWindow(owner.page, { from: 9, to: 12, surcharge: 1000, shown: "9 am – 12 pm" });
      const dayForm = owner.page.getByTestId("mark-day-form");
      await dayForm.getByLabel("Date").fill(blackout);
      await dayForm.getByLabel("Name shoppers see").fill(`Public holiday ${stamp}`);
      await dayForm.getByRole("button", { name: "Save day" }).click();
      await visible(owner.page.getByTestId("marked-day").filter({ hasText: `Public holiday ${stamp}` }));
      await expectNoSidewaysScroll(owner.page);
      await screenshot(owner.page, "delivery-calendar-phone");

      // another shopper takes the only place on a third day
      const taken = await fetch(`${process.env.E2E_BASE_URL}/api/purchases/create`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: process.env.E2E_BASE_URL! },
        body: JSON.stringify({
          name: "Kemi Ade",
          email: `kemi.${stamp}@example.ng`,
          phone: "0802 222 3344",
          street: "2 Ozumba Mbadiwe Avenue",
          city: "Victoria Island",
          lga: AREA,
          deliveryDate: full,
          deliveryMethod: "express",
          paymentMethod: "online",
          lines: [{ productId: product.id, quantity: 1 }],
        }),
      });
      expect(taken.status).toBe(201);

      // the guest's page again: the holiday and the full day are greyed out with their reasons
      await buyer.page.reload();
      await waitForHydration(buyer.page);
      const picker = buyer.page.getByTestId("delivery-date-picker");
      expect(await buyer.page.getByTestId(`date-${blackout}`).innerText()).toContain(`Public holiday ${stamp}`);
      expect(await buyer.page.getByTestId(`date-${full}`).innerText()).toContain("Fully booked");
      expect(await buyer.page.getByTestId(`date-${first[0]!.date}`).innerText()).toContain("Needs a day's notice");
      await expect.poll(() => picker.getByRole("radio", { name: /Public holiday/ }).isDisabled()).toBe(true);
      await checkout.fillContact(buyer.page, { name: "Tola Bakare", email: `tola.dates.${stamp}@example.ng` });
      await checkout.fillAddress(buyer.page, { street: "12 Adeola Odeku Street", city: "Victoria Island", phone: "0803 555 0142" });
      const before = nairaOf(await buyer.page.getByTestId("summary-total").innerText());
      // tomorrow is sooner than Standard's 3–5 days: the chip says so, and picking it with Standard says what to do
      expect(await buyer.page.getByTestId(`date-${day}`).innerText()).toContain("Express only");
      await buyer.page.getByTestId(`date-${day}`).getByRole("radio").check();
      await buyer.page.waitForURL((u) => u.searchParams.get("date") === day);
      await expect
        .poll(() => picker.getByRole("alert").innerText())
        .toMatch(/^Standard delivery takes 3–5 days, so it can't reach you on /);
      await picker.scrollIntoViewIfNeeded();
      await screenshot(buyer.page, "checkout-express-only-phone");
      await checkout.method(buyer.page, "Express").check();
      await buyer.page.waitForURL((u) => u.searchParams.get("method") === "express" && u.searchParams.get("date") === day);
      await expect.poll(() => picker.getByRole("alert").count()).toBe(0);
      await picker.getByRole("radio", { name: /9 am – 12 pm/ }).check();
      await buyer.page.waitForURL((u) => !!u.searchParams.get("window"));
      const express = (await expectedDelivery(AREA, "express")) - (await expectedDelivery(AREA, "standard"));
      await expect.poll(async () => nairaOf(await buyer.page.getByTestId("summary-total").innerText())).toBe(before + express + 1000);
      expect(await buyer.page.getByTestId("summary-delivery-date").innerText()).toContain("9 am – 12 pm");
      await expectNoSidewaysScroll(buyer.page);
      await expectAccessible(buyer.page);
      await picker.scrollIntoViewIfNeeded();
      await screenshot(buyer.page, "checkout-delivery-date-phone");

      // she pays on the sandbox page and her order says when it comes
      await checkout.pay(buyer.page).click();
      await buyer.page.waitForURL(/\/pay\/sandbox\//);
      await buyer.page.getByRole("button", { name: "Pay now" }).click();
      await buyer.page.waitForURL(/\/checkout\/complete\?reference=.*&t=/);
      const when = await buyer.page.getByTestId("order-delivery-date").innerText();
      expect(when).toMatch(/^Delivery on \w+day \d{1,2} \w+ \d{4}, 9 am – 12 pm$/);
      expect(nairaOf(await buyer.page.getByTestId("order-delivery-date-fee").innerText())).toBe(1000);
      await screenshot(buyer.page, "order-delivery-date-phone");
      // her confirmation mail says it too
      await expect
        .poll(() => admin.outboxMails().some((m) => m.includes(`tola.dates.${stamp}@example.ng`) && m.includes("Delivery on")), {
          timeout: 15_000,
        })
        .toBe(true);

      // she changes her day herself on her order's page, her window kept
      const sooner = open[3]!;
      const mine = buyer.page.getByTestId("change-delivery-day");
      await mine.getByText("Change my delivery day").click();
      expect(await mine.getByTestId(`date-${day}`).getByRole("radio").isChecked()).toBe(true);
      await mine.getByTestId(`date-${sooner}`).getByRole("radio").check();
      await mine.getByRole("button", { name: "Change my day" }).scrollIntoViewIfNeeded();
      await screenshot(buyer.page, "change-my-delivery-day-phone");
      await mine.getByRole("button", { name: "Change my day" }).click();
      await visible(
        buyer.page.getByTestId("delivery-day-changed").getByText(`Done: your order now comes on ${shortDay(sooner)}, 9 am – 12 pm.`),
      );
      // (the answer may be drawn a moment before the order read again)
      await expect
        .poll(() => buyer.page.getByTestId("order-delivery-date").innerText())
        .toBe(`Delivery on ${longDay(sooner)}, 9 am – 12 pm`);
      await expectNoSidewaysScroll(buyer.page);

      // then she calls to have it later still: the owner moves it on the order's page, her window kept
      const [placed] = await adminApi<{ id: string }[]>("GET", `/api/purchases?q=${encodeURIComponent(`tola.dates.${stamp}@example.ng`)}`);
      const later = open[4]!;
      await owner.page.goto(`/viewpurchase/${placed!.id}`);
      await waitForHydration(owner.page);
      const mover = owner.page.getByTestId("delivery-day");
      await mover.getByText("Move the delivery day").click();
      // her own day is chosen, and not full for her though she holds its only place
      expect(await mover.getByTestId(`date-${sooner}`).getByRole("radio").isChecked()).toBe(true);
      expect(await mover.getByTestId(`date-${sooner}`).getAttribute("data-available")).toBe("true");
      await mover.getByTestId(`date-${later}`).getByRole("radio").check();
      await mover.getByRole("button", { name: "Move delivery" }).scrollIntoViewIfNeeded();
      await screenshot(owner.page, "move-delivery-day-phone");
      await mover.getByRole("button", { name: "Move delivery" }).click();
      await visible(owner.page.getByText(`Delivery day moved to ${shortDay(later)}, 9 am – 12 pm; the customer has been told`));
      await expect.poll(() => owner.page.getByTestId("admin-delivery-date").innerText()).toBe(`${longDay(later)}, 9 am – 12 pm`);
      await expectNoSidewaysScroll(owner.page);
      // the same page on the owner's laptop, its form open
      await owner.page.setViewportSize(viewports.desktop);
      await mover.getByRole("button", { name: "Move delivery" }).scrollIntoViewIfNeeded();
      await screenshot(owner.page, "move-delivery-day-desktop");
      await owner.page.setViewportSize(viewports.phone);
      await buyer.page.reload();
      expect(await buyer.page.getByTestId("order-delivery-date").innerText()).toBe(`Delivery on ${longDay(later)}, 9 am – 12 pm`);

      // the owner opens the new day's deliveries, then its run sheet
      const number = (await buyer.page.getByTestId("order-number").innerText()).replace(/^Order #/, "");
      await owner.page.goto(`/deliveries?date=${later}`);
      await waitForHydration(owner.page);
      await visible(owner.page.getByRole("heading", { name: /^Deliveries for / }));
      const area = owner.page.getByTestId("run-sheet-area").filter({ hasText: AREA });
      const row = area.getByTestId("run-sheet-row").filter({ hasText: number });
      const text = await row.innerText();
      for (const part of ["Tola Bakare", "+234 803 555 0142", "12 Adeola Odeku Street", "9 am – 12 pm", "Paid"])
        expect(text).toContain(part);
      await expectNoSidewaysScroll(owner.page);
      await expectAccessible(owner.page);
      await screenshot(owner.page, "deliveries-for-date-phone");
      // the whole day can move at once (a holiday announced late): its form, opened, then closed again
      const moveDay = owner.page.getByTestId("move-day");
      await moveDay.getByText(/^Move this day's \d+ orders? to another day$/).click();
      await visible(moveDay.getByLabel("Move them to"));
      await screenshot(owner.page, "deliveries-move-day-phone");
      await moveDay.getByText(/^Move this day's \d+ orders? to another day$/).click();
      // printed: the run sheet alone, a ruled table, no back-office menu
      await owner.page.setViewportSize({ width: 794, height: 1123 });
      await owner.page.emulateMedia({ media: "print" });
      expect(await owner.page.locator("aside").isVisible()).toBe(false);
      expect(await owner.page.getByTestId("print-run-sheet").isVisible()).toBe(false);
      // (another journey may have a delivery in another area that day: this area's table)
      expect(await area.getByRole("columnheader", { name: "Received by" }).isVisible()).toBe(true);
      await screenshot(owner.page, "run-sheet-print");

      // the day's run: the area's paid orders packed at once, then sent out with the rider
      await owner.page.emulateMedia({ media: "screen" });
      await owner.page.setViewportSize({ width: 360, height: 780 });
      const steps = area.getByTestId("area-steps");
      await steps.getByRole("button", { name: /^Mark \d+ as preparing$/ }).click();
      await visible(
        owner.page
          .getByTestId("area-step-answer")
          .getByText(/^\d+ orders? in .+ (is|are) marked as preparing; (its|each) customer was told\.$/),
      );
      await expect.poll(() => row.innerText()).toContain("Preparing");
      await steps.getByLabel(/^Rider for /).fill("Musa, 0803 555 0199");
      await screenshot(owner.page, "deliveries-send-out-phone");
      await steps.getByRole("button", { name: /^Send out \d+ packed$/ }).click();
      await visible(
        owner.page.getByTestId("area-step-answer").getByText(/out for delivery with Musa, 0803 555 0199; (its|each) customer was told\.$/),
      );
      await expect.poll(() => row.innerText()).toContain("Out");
      await expectNoSidewaysScroll(owner.page);
      // her order's page says who brings it
      await buyer.page.reload();
      await expect.poll(() => buyer.page.getByTestId("order-timeline").innerText()).toContain("Musa, 0803 555 0199");
      await buyer.context.close();
      await owner.context.close();
    },
    JOURNEY_MS,
  );

  it(
    "takes a date and a window both picked before the checkout's script runs",
    async () => {
      const area = `Ikoyi Evenings ${stamp}`;
      await adminApi("POST", "/api/deliveryrates/create", { lga: area, deliveryCharge: 2000, dateMode: "optional", leadDays: 1 });
      // the owner's evening window, ₦1,500 extra
      const owner = await ownerOnCalendar();
      await addWindow(owner.page, { from: 17, to: 20, surcharge: 1500, shown: "5 pm – 8 pm" });
      await owner.context.close();

      const { context, page } = await browser.newPage("phone");
      await skipNewsletterPopup(context);
      await buyableProductInCart(page);
      await cart.chooseArea(page, area);
      // a slow phone: the checkout is on screen before its script runs, and she picks a day and the evening at once
      let day = "";
      await pickBeforeScripts(page, "/checkout", async () => {
        // the first day Standard (her default) can meet
        const open = page.getByTestId("delivery-dates").locator('label[data-available="true"]:not([data-express-only])').first();
        day = (await open.getAttribute("data-testid"))!.slice(5);
        await open.getByRole("radio").check();
        await page
          .getByTestId("delivery-windows")
          .getByRole("radio", { name: /5 pm – 8 pm/ })
          .check();
      });
      // both count: the page asks for that day's evening price, and the summary shows the day, the window and its ₦1,500
      await page.waitForURL((u) => u.searchParams.get("date") === day && !!u.searchParams.get("window"), { timeout: 15_000 });
      const slot = page.getByTestId("summary-delivery-date");
      await expect.poll(() => slot.innerText(), { timeout: 15_000 }).toContain("5 pm – 8 pm");
      expect(nairaOf((await slot.locator("dd").innerText()).trim())).toBe(1500);
      expect(await page.getByTestId(`date-${day}`).getByRole("radio").isChecked()).toBe(true);
      expect(
        await page
          .getByTestId("delivery-windows")
          .getByRole("radio", { name: /5 pm – 8 pm/ })
          .isChecked(),
      ).toBe(true);

      // Express for that day would arrive the same day for more: the picker says so, and one tap switches back
      const standardTotal = nairaOf(await page.getByTestId("summary-total").innerText());
      await checkout.method(page, "Express").check();
      await page.waitForURL((u) => u.searchParams.get("method") === "express" && u.searchParams.get("date") === day);
      const saves = page.getByTestId("standard-saves");
      const surcharge = (await expectedDelivery(area, "express")) - (await expectedDelivery(area, "standard"));
      await expect
        .poll(() => saves.innerText())
        .toMatch(new RegExp(`^Standard delivery also arrives on \\w{3} \\d{1,2} \\w{3}, for ₦[\\d,]+ less\\.`));
      expect(nairaOf(/for (₦[\d,]+) less/.exec(await saves.innerText())![1]!)).toBe(surcharge);
      expect(nairaOf(await page.getByTestId("summary-total").innerText())).toBe(standardTotal + surcharge);
      await saves.scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(page);
      await screenshot(page, "checkout-standard-saves-phone");
      // and on a laptop: the note under the dates in the form's column, beside the summary
      await page.setViewportSize(viewports.desktop);
      await expectNoSidewaysScroll(page);
      // in the middle of the screen, clear of the header that stays at the top
      await saves.evaluate((note) => note.scrollIntoView({ block: "center" }));
      await screenshot(page, "checkout-standard-saves-desktop");
      await page.setViewportSize(viewports.phone);
      await saves.getByRole("button", { name: "Switch to Standard" }).click();
      await page.waitForURL((u) => u.searchParams.get("method") === "standard" && u.searchParams.get("date") === day);
      expect(await checkout.method(page, "Standard").isChecked()).toBe(true);
      await expect.poll(async () => nairaOf(await page.getByTestId("summary-total").innerText())).toBe(standardTotal);
      expect(await saves.count()).toBe(0);
      expect(await page.getByTestId(`date-${day}`).getByRole("radio").isChecked()).toBe(true);
      await context.close();
    },
    JOURNEY_MS,
  );
});
