// Unpaid checkouts won back (docs/product.md "Unpaid checkouts"): a guest leaves the payment page
// without paying; the owner finds her in 'Unpaid checkouts' on her phone, with a WhatsApp button
// that carries the order's link, and mails her; the shopper opens 'complete it here' on her phone,
// pays, and the owner sees the naira recovered. A signed-in shopper who cancels on the payment page
// finds her order in My orders on her phone and completes it from there.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resumePath } from "../../modules/orders/resume-links.server";
import { admin, loginAsAdmin } from "./support/admin";
import { expectAccessible, screenshot, useBrowser, visible } from "./support/browser";
import { demoProduct, guestCheckout } from "./support/buyer";
import {
  adminApi,
  api,
  buyableProductInCart,
  checkout,
  expectNoSidewaysScroll,
  nairaOf,
  signedInShopper,
  skipNewsletterPopup,
} from "./support/shop";

const browser = useBrowser();
const stamp = Date.now().toString(36).slice(-5);

describe("an unpaid checkout won back, on phones", () => {
  it("the owner mails the shopper her saved order from 'Unpaid checkouts'; the shopper completes it from the mail", async () => {
    const product = await demoProduct("Traffic Calm Kit");
    const email = `bisi.${stamp}@example.ng`;
    await guestCheckout(browser, { name: "Bisi Okafor", email, phone: "0809 111 2233" }, [{ productId: product.id, quantity: 1 }], false);

    const owner = await browser.newPage("phone");
    await skipNewsletterPopup(owner.context);
    await loginAsAdmin(owner.page);
    await owner.page.goto(`/unpaidcheckouts?q=${encodeURIComponent(email)}`);
    const card = owner.page.getByTestId("unpaid-checkout").filter({ hasText: email });
    await visible(card);
    expect(await card.innerText()).toContain("Not paid");
    // when she checked out, in Lagos time on the 12-hour clock
    expect(await card.innerText()).toMatch(/\d{1,2} \w{3}, \d{1,2}:\d{2} [ap]m · /);
    // WhatsApp: her number, the message typed in with the link that completes the order
    const wa = new URL((await card.getByTestId("whatsapp-shopper").getAttribute("href"))!);
    expect(wa.origin + wa.pathname).toBe("https://wa.me/2348091112233");
    expect(wa.searchParams.get("text")).toMatch(
      /^Hello Bisi, this is Alafia Self-Care\. Your order #\w{8} \(₦[\d,]+\) is saved for you\. You can complete it here: http.*\/resume\//,
    );
    await expectNoSidewaysScroll(owner.page);
    await expectAccessible(owner.page);
    await screenshot(owner.page, "unpaid-checkouts-phone");
    await card.getByRole("button", { name: "Mail" }).click();
    await visible(owner.page.getByText("Reminder mailed"));

    // the mail's 'complete it here', opened on her phone
    const mailFor = () => admin.outboxMails().find((m) => m.includes(`To: ${email}`) && m.includes("Complete it here: "));
    await expect.poll(() => !!mailFor(), { timeout: 15_000 }).toBe(true);
    const link = /Complete it here: (\S+)/.exec(mailFor()!)![1]!;
    expect(mailFor()).toMatch(/No more reminders about unpaid orders: http\S+\/reminders\/stop\?email=/);
    const shopper = await browser.newPage("phone");
    await skipNewsletterPopup(shopper.context);
    await shopper.page.goto(new URL(link).pathname + new URL(link).search);
    await visible(shopper.page.getByRole("heading", { name: "Bisi, your order is saved" }));
    expect(await shopper.page.getByTestId("resume-lines").innerText()).toContain("1 × Traffic Calm Kit");
    await expectAccessible(shopper.page);
    await screenshot(shopper.page, "resume-order-phone");
    await shopper.page.getByTestId("resume-pay").click();
    await shopper.page.waitForURL(/\/pay\/sandbox\//);
    await shopper.page.getByRole("button", { name: "Pay now" }).click();
    await visible(shopper.page.getByTestId("resume-paid"), 15_000);
    await screenshot(shopper.page, "resume-paid-phone");
    await shopper.context.close();

    // the owner sees it recovered, with its naira
    await owner.page.goto(`/unpaidcheckouts?show=recovered&q=${encodeURIComponent(email)}`);
    const recovered = owner.page.getByTestId("unpaid-checkout").filter({ hasText: email });
    await visible(recovered);
    expect(await recovered.innerText()).toContain("Recovered");
    expect(nairaOf(await owner.page.getByTestId("recovered-total").innerText())).toBeGreaterThanOrEqual(product.price);
    await screenshot(owner.page, "unpaid-checkouts-recovered-phone");
    await owner.context.close();
  }, 150_000);

  it("the owner's list at 1280 px", async () => {
    const { context, page } = await browser.newPage("desktop");
    await skipNewsletterPopup(context);
    await loginAsAdmin(page);
    await page.goto("/unpaidcheckouts");
    await visible(page.getByRole("heading", { name: "Unpaid checkouts" }));
    await expectAccessible(page);
    await screenshot(page, "unpaid-checkouts-desktop");
    await context.close();
  });

  it("a link past its 7 days, on a phone and a desktop: it says the link has ended, and a sold-out line stays readable", async () => {
    const [category] = (await api<{ id: string }[]>("/api/categories")).body;
    const fields = {
      title: `Ended Link Journal ${stamp}`,
      price: 8500,
      description: "A journal for an ended link.",
      categoryId: category!.id,
    };
    const journal = await adminApi<{ id: string }>("POST", "/api/products/create", { ...fields, stock: 3 });
    const kit = await demoProduct("Traffic Calm Kit");
    const email = `tola.${stamp}@example.ng`;
    const order = await guestCheckout(
      browser,
      { name: "Tola Adeyemi", email, phone: "0809 222 3344" },
      [
        { productId: journal.id, quantity: 1 },
        { productId: kit.id, quantity: 1 },
      ],
      false,
    );
    // the journal sells out after she left, and her link's 7 days are over: signed as the shop signs its links
    await adminApi("PUT", `/api/products/${journal.id}`, { ...fields, stock: 0 });
    const secret = fs.readFileSync(path.join(process.env.E2E_DATA_DIR ?? "", ".session-secret"), "utf8").trim();
    const ended = resumePath({ SESSION_SECRET: secret }, order.id, new Date(Date.now() - 60_000));

    for (const viewport of ["phone", "desktop"] as const) {
      const { context, page } = await browser.newPage(viewport);
      await skipNewsletterPopup(context);
      await page.goto(ended);
      await visible(page.getByRole("heading", { name: "Tola, about your order" }));
      expect(await page.getByTestId("resume-closed").innerText()).toContain("This link has ended. Have a look at what is in the shop now.");
      expect(await page.getByTestId("resume-problems").count()).toBe(0);
      expect(await page.getByTestId("resume-pay").count()).toBe(0);
      // the sold-out line is struck through; its '(sold out)' label sits outside the struck part
      const line = page.getByTestId("resume-lines").locator("li").filter({ hasText: fields.title });
      const label = line.getByText("(sold out)");
      await visible(label);
      const struck = await label.evaluate((el) => {
        const through: string[] = [];
        for (let e: Element | null = el; e && e.tagName !== "LI"; e = e.parentElement)
          if (getComputedStyle(e).textDecorationLine.includes("line-through")) through.push(e.tagName);
        return through;
      });
      expect(struck).toEqual([]);
      // and on one line, not '(sold' at the end of one and 'out)' on the next
      expect(await label.evaluate((el) => el.getClientRects().length)).toBe(1);
      expect(await line.getByText(`1 × ${fields.title}`).evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe("line-through");
      expect(await page.getByTestId("resume-lines").locator("li").filter({ hasText: "Traffic Calm Kit" }).innerText()).not.toContain(
        "sold out",
      );
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
      await screenshot(page, `resume-ended-${viewport}`);
      await page.getByRole("link", { name: "Shop again" }).click();
      await page.waitForURL((u) => u.pathname === "/products");
      await context.close();
    }
    await adminApi("DELETE", `/api/products/${journal.id}`);
  }, 150_000);

  // docs/product.md "My orders": the unpaid order is not a dead 'Cancelled' line, it is hers to complete
  it("a signed-in shopper cancels on the payment page, then completes the order from My orders on her phone", async () => {
    const { context, page } = await browser.newPage("phone");
    await skipNewsletterPopup(context);
    await signedInShopper(page, { firstName: "Funke", lastName: "Bello" });
    await buyableProductInCart(page);
    await page.goto("/checkout");
    await checkout.fillAddress(page, { street: "9 Adeola Odeku Street", city: "Victoria Island", phone: "08031234567" });
    await checkout.pay(page).click();
    await page.waitForURL(/\/pay\/sandbox\//);
    await page.getByRole("button", { name: "Cancel payment" }).click();
    await page.waitForURL((u) => u.pathname === "/checkout" && u.searchParams.get("payment") === "cancelled");

    await page.goto("/profile");
    const order = page.getByTestId("my-orders").locator(":scope > li");
    await expect.poll(() => order.count()).toBe(1);
    expect(await order.locator("summary").innerText()).toContain("Not paid");
    const pay = order.getByRole("link", { name: /^Complete payment for Order #[0-9a-f]{8}$/ });
    await visible(pay);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await screenshot(page, "my-orders-complete-payment-phone");
    await pay.click();

    await visible(page.getByRole("heading", { name: "Funke, your order is saved" }));
    await page.getByTestId("resume-pay").click();
    await page.waitForURL(/\/pay\/sandbox\//);
    await page.getByRole("button", { name: "Pay now" }).click();
    await visible(page.getByTestId("resume-paid"), 15_000);

    await page.goto("/profile");
    await expect.poll(() => order.locator("summary").innerText()).toContain("Paid");
    expect(await order.getByRole("link", { name: /^Complete payment/ }).count()).toBe(0);
    await screenshot(page, "my-orders-paid-phone");
    await context.close();
  }, 120_000);
});
