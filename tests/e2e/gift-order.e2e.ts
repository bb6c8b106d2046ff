// Gift orders (docs/product.md "Gift orders"), on a phone: a guest sends a journal to a friend in
// another area, on a day she picks, with a message for the card and the prices hidden, pays in the sandbox, and sees the
// gift on her order's page; the shop opens the order, prints its packing slip: the message is on
// it, and no price.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loginAsAdmin } from "./support/admin";
import { expectAccessible, screenshot, screenshotDir, useBrowser, visible } from "./support/browser";
import { demoProduct, guestCartOf } from "./support/buyer";
import {
  adminApi,
  cart,
  checkout,
  expectedDelivery,
  expectNoSidewaysScroll,
  nairaOf,
  pickBeforeScripts,
  shopperPost,
  signedInShopper,
  skipNewsletterPopup,
  waitForHydration,
  buyableProductInCart,
} from "./support/shop";

const browser = useBrowser();
const stamp = Date.now().toString(36).slice(-5);
const JOURNEY_MS = 180_000;
const GIFT_AREA = `Lekki Gifts ${stamp}`;
const MESSAGE = "Happy birthday, Kemi! You carry everyone. This week, let someone carry you. Love always.";

describe("a gift, on a phone", () => {
  it(
    "from the product to payment: the recipient's area prices delivery, the message counts down, prices hidden; the packing slip prints the message and no price",
    async () => {
      const email = `funke.${stamp}@example.ng`;
      // the recipient's area delivers on a chosen date (docs/product.md "Delivery on a chosen date")
      await adminApi("POST", "/api/deliveryrates/create", { lga: GIFT_AREA, deliveryCharge: 2500, dateMode: "optional", leadDays: 1 });
      const buyer = await browser.newPage("phone");
      await skipNewsletterPopup(buyer.context);
      await buyableProductInCart(buyer.page);
      await expect.poll(() => cart.lines(buyer.page).count()).toBe(1);
      // her own area in the cart: the gift goes elsewhere
      await cart.chooseArea(buyer.page, "Ikeja");
      await buyer.page.getByRole("link", { name: "Proceed to payment" }).click();
      await buyer.page.waitForURL((u) => u.pathname === "/checkout");
      await waitForHydration(buyer.page);

      const page = buyer.page;
      const main = page.locator("main");
      await main.getByText("This is a gift").click();
      await visible(main.getByLabel("Recipient's name", { exact: true }));
      // the area is now hers, and delivery is priced for it
      const area = main.getByLabel("Recipient's delivery area", { exact: true });
      await area.selectOption(GIFT_AREA);
      await page.waitForURL((u) => u.searchParams.get("lga") === GIFT_AREA);
      const recipientDelivery = await expectedDelivery(GIFT_AREA, "standard");
      await expect
        .poll(async () => page.getByTestId("checkout-total-line").innerText())
        .toContain(`Delivery ₦${recipientDelivery.toLocaleString("en-NG")}`);
      expect(nairaOf(await page.getByTestId("summary-delivery").innerText())).toBe(recipientDelivery);
      // her area takes dates: the first day that can be met, for her birthday, is sooner than Standard's
      // 3–5 days, so she chooses Express for it
      const firstOpen = main.getByTestId("delivery-dates").locator('label[data-available="true"]').first();
      expect(await firstOpen.innerText()).toContain("Express only");
      const day = (await firstOpen.getAttribute("data-testid"))!.slice(5);
      await checkout.method(page, "Express").check();
      await page.waitForURL((u) => u.searchParams.get("method") === "express");
      await firstOpen.getByRole("radio").check();
      await page.waitForURL((u) => u.searchParams.get("date") === day);
      const expressDelivery = await expectedDelivery(GIFT_AREA, "express");
      await expect.poll(async () => nairaOf(await page.getByTestId("summary-delivery").innerText())).toBe(expressDelivery);
      expect(await firstOpen.innerText()).not.toContain("Express only");
      await visible(main.getByLabel("Recipient's name", { exact: true }));

      await main.getByLabel("Recipient's name", { exact: true }).fill("Kemi Adebayo");
      await main.getByLabel("Recipient's phone", { exact: true }).fill("0809 111 2233");
      const message = main.getByLabel("Message for the card (optional)", { exact: true });
      await message.pressSequentially(MESSAGE.slice(0, 20));
      await expect.poll(() => main.locator("#gift-message-count").innerText()).toBe("230 of 250 characters left");
      await message.fill(MESSAGE);
      await message.press("End");
      await message.pressSequentially(" x");
      await message.press("Backspace");
      await message.press("Backspace");
      await expect.poll(() => main.locator("#gift-message-count").innerText()).toBe(`${250 - MESSAGE.length} of 250 characters left`);
      await main.getByText("Hide prices", { exact: true }).click();
      expect(await main.getByRole("checkbox", { name: /Hide prices/ }).isChecked()).toBe(true);
      // her birthday comes round again: a reminder a week before it next year
      await main.getByText("Remind me next year", { exact: true }).click();
      expect(await main.getByRole("checkbox", { name: /Remind me next year/ }).isChecked()).toBe(true);

      await checkout.fillContact(page, { name: "Funke Balogun", email });
      await main.getByLabel("Your phone", { exact: true }).fill("0803 555 0142");
      await main.getByLabel("Recipient's street address", { exact: true }).fill("5 Fola Osibo Road, Lekki Phase 1");
      await main.getByLabel("Recipient's city or town", { exact: true }).fill("Lekki");
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await page.getByTestId("gift-options").scrollIntoViewIfNeeded();
      await screenshot(page, "gift-checkout-phone");

      await main.getByText("Add delivery instructions").click();
      await main.getByLabel("Instructions for the rider").fill("Gate 2, call on arrival");

      // the payment page first: she cancels it (her card asked for an OTP she did not get), and the
      // checkout comes back as she left it, gift and all
      await checkout.pay(page).click();
      await page.waitForURL(/\/pay\/sandbox\//);
      await page.getByRole("button", { name: "Cancel payment" }).click();
      await page.waitForURL((u) => u.pathname === "/checkout" && u.searchParams.get("payment") === "cancelled");
      await waitForHydration(page);
      expect(await page.getByTestId("checkout-error").innerText()).toMatch(/Payment cancelled/);
      expect(await main.getByRole("checkbox", { name: /This is a gift/ }).isChecked()).toBe(true);
      expect(await main.getByLabel("Recipient's delivery area", { exact: true }).inputValue()).toBe(GIFT_AREA);
      expect(await checkout.method(page, "Express").isChecked()).toBe(true);
      expect(await main.getByTestId(`date-${day}`).getByRole("radio").isChecked()).toBe(true);
      const typed = {
        "Recipient's name": "Kemi Adebayo",
        "Recipient's phone": "+234 809 111 2233",
        "Message for the card (optional)": MESSAGE,
        "Full name": "Funke Balogun",
        Email: email,
        "Your phone": "+234 803 555 0142",
        "Recipient's street address": "5 Fola Osibo Road, Lekki Phase 1",
        "Recipient's city or town": "Lekki",
        "Instructions for the rider": "Gate 2, call on arrival",
      };
      for (const [label, value] of Object.entries(typed))
        expect([label, await main.getByLabel(label, { exact: true }).inputValue()]).toEqual([label, value]);
      expect(await main.getByRole("checkbox", { name: /Hide prices/ }).isChecked()).toBe(true);
      expect(await main.getByRole("checkbox", { name: /Remind me next year/ }).isChecked()).toBe(true);
      await expect.poll(() => main.locator("#gift-message-count").innerText()).toBe(`${250 - MESSAGE.length} of 250 characters left`);
      await screenshot(page, "gift-checkout-after-cancel-phone");

      await checkout.pay(page).click();
      await page.waitForURL(/\/pay\/sandbox\//);
      await page.getByRole("button", { name: "Pay now" }).click();
      await page.waitForURL(/\/checkout\/complete\?reference=.*&t=/);
      await visible(page.getByTestId("gift-delivery"));
      const shown = await page.getByTestId("gift-delivery").innerText();
      expect(shown).toContain("Gift for Kemi Adebayo");
      // the owner's default: the buyer's view shows the recipient's area, not her street
      expect(shown).toContain(`Delivered in ${GIFT_AREA}`);
      expect(shown).not.toContain("Fola Osibo");
      expect(shown).toContain(MESSAGE);
      expect(shown).toMatch(/We remind you on \w+day \d+ \w+ \d{4}, a week before the day comes round again/);
      // the chosen day is on her order
      expect(await page.getByTestId("order-delivery-date").innerText()).toMatch(/\d/);
      await expectNoSidewaysScroll(page);
      await page.getByTestId("gift-delivery").scrollIntoViewIfNeeded();
      await screenshot(page, "gift-order-page-phone");
      // her mother's birthday comes every year: she asks for the reminder each year
      await page.getByRole("button", { name: "Remind me every year" }).click();
      await visible(page.getByTestId("reminder-answer"));
      expect(await page.getByTestId("reminder-answer").innerText()).toMatch(
        /Done: we will remind you every year\. The next reminder comes on \w+day \d+ \w+ \d{4}\./,
      );
      // the action's answer can show before the page's data is read again: wait for its words
      await expect
        .poll(() => page.getByTestId("gift-delivery").innerText())
        .toMatch(/We remind you every year, a week before the day: next on \w+day/);
      await visible(page.getByRole("button", { name: "Stop the yearly reminder" }));
      await expectNoSidewaysScroll(page);
      await screenshot(page, "gift-order-yearly-phone");
      await buyer.context.close();

      // the shop, on a phone too: the order, its gift, the packing slip
      const [row] = await adminApi<{ id: string; giftFor: string | null }[]>("GET", `/api/purchases?q=${encodeURIComponent(email)}`);
      expect(row!.giftFor).toBe("Kemi Adebayo");
      const shop = await browser.newPage("phone");
      await loginAsAdmin(shop.page);
      // the orders list marks the gift and names her
      await shop.page.goto(`/purchasetable?q=${encodeURIComponent(email)}`);
      const listed = shop.page.locator("main table tbody tr").first();
      await visible(listed.getByTestId("gift-badge"));
      expect(await listed.innerText()).toContain("for Kemi Adebayo");
      await expectNoSidewaysScroll(shop.page);
      await screenshot(shop.page, "gift-admin-list-phone");
      await shop.page.goto(`/viewpurchase/${row!.id}`);
      await visible(shop.page.getByTestId("gift-panel"));
      expect(await shop.page.getByTestId("admin-gift-message").innerText()).toBe(MESSAGE);
      expect(await shop.page.getByTestId("gift-panel").innerText()).toMatch(
        /Remind the buyer every year: next a mail on \w+day \d+ \w+ \d{4}/,
      );
      await expectNoSidewaysScroll(shop.page);
      await screenshot(shop.page, "gift-admin-order-phone");
      await shop.page.getByTestId("packing-slip-link").click();
      await shop.page.waitForURL(/\/packingslip\//);
      const paper = shop.page.getByTestId("packing-paper");
      await visible(paper);
      // the day she chose (not the method's 1–2 days), so the packer works to it
      expect(await shop.page.getByTestId("packing-delivery").innerText()).toMatch(/^Delivery on \w+day \d{1,2} \w+ \d{4} \(Express\)$/);
      await expectNoSidewaysScroll(shop.page);
      await expectAccessible(shop.page);
      await screenshot(shop.page, "gift-packing-slip-phone");

      // printed: only the sheet, with the message and no price
      await shop.page.emulateMedia({ media: "print" });
      expect(await shop.page.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
      const printed = await paper.innerText();
      expect(printed).toContain(MESSAGE);
      expect(printed).toContain("Kemi Adebayo");
      expect(printed).toContain("From: Funke Balogun");
      expect(printed).not.toMatch(/₦|NGN/);
      await screenshot(shop.page, "gift-packing-slip-printed");
      fs.mkdirSync(screenshotDir, { recursive: true });
      await shop.page.pdf({ path: path.join(screenshotDir, "gift-packing-slip.pdf"), format: "A4", printBackground: true });
      await shop.context.close();
    },
    JOURNEY_MS,
  );

  it(
    "signed in: the gift's area starts unchosen, her own saved area never prices it, and turning the gift off brings hers back",
    async () => {
      const { context, page } = await browser.newPage("phone");
      await skipNewsletterPopup(context);
      await signedInShopper(page, { firstName: "Tolu", lastName: "Bakare", lga: "Lekki" });
      await buyableProductInCart(page);
      await page.goto("/checkout");
      await waitForHydration(page);
      const main = page.locator("main");
      await expect.poll(() => checkout.lga(page).inputValue()).toBe("Lekki");
      await expect.poll(() => page.getByTestId("checkout-total-line").innerText()).toContain("Delivery ₦");

      await main.getByText("This is a gift").click();
      const area = main.getByLabel("Recipient's delivery area", { exact: true });
      await expect.poll(() => area.inputValue()).toBe("");
      expect(await area.locator("option:checked").innerText()).toBe("Choose your area");
      // no area, no delivery charge: as for a shopper who has not chosen one
      await expect
        .poll(() => page.getByTestId("checkout-total-line").innerText())
        .toBe("Choose your area to see the delivery charge and your total.");
      await screenshot(page, "gift-checkout-signed-in-area-cleared");

      await main.getByText("This is a gift").click();
      await expect.poll(() => checkout.lga(page).inputValue()).toBe("Lekki");
      await expect.poll(() => page.getByTestId("checkout-total-line").innerText()).toContain("Delivery ₦");
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    "the shop sees last year's gifts whose days come round soon, with a WhatsApp message to each buyer typed in",
    async () => {
      // the demo's gifts: delivered a year ago, their buyers asked to be reminded
      for (const viewport of ["phone", "desktop"] as const) {
        const shop = await browser.newPage(viewport);
        await loginAsAdmin(shop.page);
        await shop.page.goto("/giftdays");
        const card = shop.page.getByTestId("gift-day").filter({ hasText: "Tolu Adeyemi's day" });
        await visible(card);
        expect(await card.innerText()).toMatch(/Tolu Adeyemi's day · \w+day \d+ \w+ \d{4} \(in 4 days\)/);
        expect(await card.innerText()).toContain("From Funmilayo Adeyemi");
        // her reminder went a week before the day; she has ordered since (the demo's orders of this month)
        expect(await card.innerText()).toMatch(/Reminder mailed \d{1,2} \w{3}/);
        await visible(card.getByTestId("ordered-again"));
        const wa = new URL((await card.getByTestId("whatsapp-buyer").getAttribute("href"))!);
        expect(wa.origin + wa.pathname).toBe("https://wa.me/2348035550101");
        expect(wa.searchParams.get("text")).toMatch(
          /^Hello Funmilayo, this is Alafia Self-Care\. Tolu Adeyemi's day comes round again on \w+day \d+ \w+ \d{4}\. Last year you sent 1 × .+\. Shall we put something together again\? http\S+\/products$/,
        );
        // the next one's reminder is still to go: her buyer asked for it every year, two years ago
        const yearly = shop.page.getByTestId("gift-day").filter({ hasText: "Mama Ajayi's day" });
        expect(await yearly.innerText()).toMatch(/Reminder mail on \w{3} \d+ \w{3}/);
        expect(await yearly.innerText()).toMatch(/In \d{4}, for \w{3} \d+ \w{3}: 1 × /);
        await visible(yearly.getByTestId("gift-day-yearly"));
        // whoever wrote to her says so, and the card says who (on the desktop, after the phone's mark)
        const last = shop.page.getByTestId("gift-day").filter({ hasText: "Ifeoma Okonkwo's day" });
        if (viewport === "phone") await last.getByRole("button", { name: "Mark as messaged" }).click();
        await visible(last.getByTestId("gift-day-messaged"));
        expect(await last.getByTestId("gift-day-messaged").innerText()).toMatch(/^Messaged by Shop Admin, \d{1,2} \w{3}, /);
        expect(await last.getByRole("button", { name: "Mark as messaged" }).count()).toBe(0);
        await expectNoSidewaysScroll(shop.page);
        await expectAccessible(shop.page);
        await screenshot(shop.page, `gift-days-${viewport}`);
        await shop.context.close();
      }
    },
    JOURNEY_MS,
  );

  it(
    "a card's message typed before the page's script ran is counted once it runs",
    async () => {
      const { context, page } = await browser.newPage("phone");
      await skipNewsletterPopup(context);
      await guestCartOf(context, "Pocket Gratitude Notebook");
      const main = page.locator("main");
      await pickBeforeScripts(page, "/checkout", async () => {
        await main.getByText("This is a gift").click();
        await main.getByLabel("Message for the card (optional)", { exact: true }).fill("For the calmest Sunday.");
      });
      await expect.poll(() => main.locator("#gift-message-count").innerText()).toBe(`${250 - 23} of 250 characters left`);
      await context.close();
    },
    JOURNEY_MS,
  );

  it(
    "works with JavaScript turned off: the switch reveals the recipient's fields, a refused form comes back as she typed it, and the server takes the gift",
    async () => {
      const { context, page } = await browser.newPage("phone", undefined, { javaScriptEnabled: false });
      await guestCartOf(context, "Pocket Gratitude Notebook");
      await page.goto("/checkout");
      const main = page.locator("main");
      expect(await main.getByLabel("Recipient's name", { exact: true }).isVisible()).toBe(false);
      await main.getByText("This is a gift").click();
      await visible(main.getByLabel("Recipient's name", { exact: true }));
      await main.getByLabel("Where should we deliver?", { exact: true }).selectOption("Eti-Osa");
      // the server prices the area she picked, and the gift stays on
      await main.getByRole("button", { name: "Update delivery and total" }).click();
      await visible(page.getByTestId("checkout-total-line").getByText(/^Total ₦/));
      await visible(main.getByLabel("Recipient's name", { exact: true }));
      await main.getByLabel("Recipient's name", { exact: true }).fill("Bisi Lawal");
      // a wrong phone: the server's answer names it
      await main.getByLabel("Recipient's phone", { exact: true }).fill("12345");
      await main.getByLabel("Message for the card (optional)", { exact: true }).fill("For the calmest Sunday.");
      await checkout.fillContact(page, { name: "Ngozi Eze", email: `ngozi.${stamp}@example.ng` });
      // drawn by the server for a gift now: the address is the recipient's, the phone hers
      await main.getByLabel("Recipient's street address", { exact: true }).fill("3 Kofo Abayomi Street");
      await main.getByLabel("Recipient's city or town", { exact: true }).fill("Victoria Island");
      await main.getByLabel("Your phone", { exact: true }).fill("0803 555 0142");
      await checkout.pay(page).click();
      await visible(page.getByText("Enter a Nigerian phone number, like 0803 555 0142"));
      await screenshot(page, "gift-checkout-no-js-error-phone", { scripted: false });

      // the page comes back as she left it, priced for the recipient's area: she mends the phone only
      expect(await main.getByLabel("Recipient's delivery area", { exact: true }).inputValue()).toBe("Eti-Osa");
      expect(await main.getByLabel("Recipient's name", { exact: true }).inputValue()).toBe("Bisi Lawal");
      expect(await main.getByLabel("Message for the card (optional)", { exact: true }).inputValue()).toBe("For the calmest Sunday.");
      expect(await main.getByLabel("Recipient's street address", { exact: true }).inputValue()).toBe("3 Kofo Abayomi Street");
      const email = await main.getByLabel("Email", { exact: true }).inputValue();
      expect(email).toBe(`ngozi.${stamp}@example.ng`);
      await visible(page.getByTestId("checkout-total-line").getByText(/^Total ₦/));
      await main.getByLabel("Recipient's phone", { exact: true }).fill("0809 444 5566");
      await main.getByText("Keep it a surprise", { exact: true }).click();
      await checkout.pay(page).click();
      await page.waitForURL(/\/pay\/sandbox\//);
      await context.close();
      const [row] = await adminApi<{ id: string; giftFor: string | null }[]>("GET", `/api/purchases?q=${encodeURIComponent(email)}`);
      expect(row!.giftFor).toBe("Bisi Lawal");
      const order = await adminApi<{ lga: string; street: string; gift: { surpriseMode: boolean; message: string } }>(
        "GET",
        `/api/purchases/${row!.id}`,
      );
      expect(order).toMatchObject({
        lga: "Eti-Osa",
        street: "3 Kofo Abayomi Street",
        gift: { surpriseMode: true, message: "For the calmest Sunday." },
      });
    },
    JOURNEY_MS,
  );

  it(
    "signed in, a second gift to the same friend: 'Sent before' fills her in, priced for her area, and the gift goes to her",
    async () => {
      const { context, page } = await browser.newPage("phone");
      await skipNewsletterPopup(context);
      await signedInShopper(page, { firstName: "Tobi", lastName: "Ajayi" });
      const post = shopperPost(page);
      const { id: productId } = await demoProduct("Pocket Gratitude Notebook");
      // her first gift to Bisi, paid on the payment page
      await post("/api/cart/create", { productId, quantity: 1 });
      const { authorizationUrl } = await post<{ authorizationUrl: string }>("/api/purchases/create", {
        phone: "0803 555 0142",
        lga: "Eti-Osa",
        street: "3 Kofo Abayomi Street",
        city: "Victoria Island",
        isGift: true,
        recipientName: "Bisi Lawal",
        recipientPhone: "0809 444 5566",
        giftMessage: "For the calmest Sunday.",
      });
      await page.goto(authorizationUrl);
      await page.getByRole("button", { name: "Pay now" }).click();
      await page.waitForURL(/\/checkout\/complete\?reference=/);

      // a month on, another gift for her
      await post("/api/cart/create", { productId, quantity: 1 });
      await page.goto("/checkout");
      await waitForHydration(page);
      const main = page.locator("main");
      await main.getByText("This is a gift").click();
      const sentBefore = main.getByTestId("sent-before");
      await visible(sentBefore);
      await sentBefore.getByRole("link", { name: /Bisi Lawal/ }).click();
      await page.waitForURL((u) => u.searchParams.has("to"));
      await expect.poll(() => main.getByLabel("Recipient's name", { exact: true }).inputValue()).toBe("Bisi Lawal");
      expect(await main.getByLabel("Recipient's phone", { exact: true }).inputValue()).toBe("+234 809 444 5566");
      expect(await main.getByLabel("Recipient's street address", { exact: true }).inputValue()).toBe("3 Kofo Abayomi Street");
      expect(await main.getByLabel("Recipient's city or town", { exact: true }).inputValue()).toBe("Victoria Island");
      expect(await main.getByLabel("Recipient's delivery area", { exact: true }).inputValue()).toBe("Eti-Osa");
      expect(await main.getByLabel("Message for the card (optional)", { exact: true }).inputValue()).toBe("");
      const delivery = await expectedDelivery("Eti-Osa", "standard");
      await expect.poll(async () => nairaOf(await page.getByTestId("summary-delivery").innerText())).toBe(delivery);
      expect(await sentBefore.getByRole("link", { name: /Bisi Lawal/ }).getAttribute("aria-current")).toBe("true");
      await main.getByLabel("Message for the card (optional)", { exact: true }).fill("Again, with love.");
      // another speed keeps her chosen and what was typed
      await checkout.method(page, "Express").check();
      await page.waitForURL((u) => u.searchParams.get("method") === "express" && u.searchParams.has("to"));
      await expect
        .poll(async () => nairaOf(await page.getByTestId("summary-delivery").innerText()))
        .toBe(await expectedDelivery("Eti-Osa", "express"));
      expect(await main.getByLabel("Message for the card (optional)", { exact: true }).inputValue()).toBe("Again, with love.");
      expect(await main.getByLabel("Recipient's name", { exact: true }).inputValue()).toBe("Bisi Lawal");
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await sentBefore.scrollIntoViewIfNeeded();
      await screenshot(page, "gift-sent-before-phone");
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, "gift-sent-before-desktop");

      await checkout.pay(page).click();
      await page.waitForURL(/\/pay\/sandbox\//);
      await page.getByRole("button", { name: "Pay now" }).click();
      await page.waitForURL(/\/checkout\/complete\?reference=.*&t=/);
      const shown = await page.getByTestId("gift-delivery").innerText();
      expect(shown).toContain("Gift for Bisi Lawal");
      expect(shown).toContain("Again, with love.");
      await context.close();
    },
    JOURNEY_MS,
  );
});
