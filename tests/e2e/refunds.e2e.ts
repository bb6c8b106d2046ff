// Refunds from the back office (docs/product.md "Refunds"): a guest pays for two journals and a
// card deck; one journal arrives torn, and the owner refunds part of the order from its page on
// her phone, putting that journal back in stock; later, on a laptop, she refunds the rest.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { admin, loginAsAdmin } from "./support/admin";
import { expectAccessible, screenshot, useBrowser, visible } from "./support/browser";
import { demoProduct, guestCheckout } from "./support/buyer";
import { adminApi, expectNoSidewaysScroll, nairaOf, skipNewsletterPopup } from "./support/shop";

const browser = useBrowser();
const stamp = Date.now().toString(36).slice(-5);

const figure = async (page: Page, id: string) => nairaOf(await page.getByTestId(id).innerText());

describe("the owner refunds part of an order", () => {
  it("at 360 px: part of the money back and one journal back in stock; at 1280 px: the rest", async () => {
    const journal = await demoProduct("Pocket Gratitude Notebook");
    const cards = await demoProduct("Affirmation Card Deck");
    const email = `ronke.${stamp}@example.ng`;
    const order = await guestCheckout(
      browser,
      { name: "Ronke Alabi", email, phone: "0803 555 0199" },
      [
        { productId: journal.id, quantity: 2 },
        { productId: cards.id, quantity: 1 },
      ],
      true,
    );
    const stockAfterSale = (await demoProduct("Pocket Gratitude Notebook")).stock!;

    // the owner, on her phone: the order's page, its Refunds section
    const owner = await browser.newPage("phone");
    await skipNewsletterPopup(owner.context);
    await loginAsAdmin(owner.page);
    await owner.page.goto(`/viewpurchase/${order.id}`);
    const form = owner.page.getByTestId("refund-form");
    await visible(form);
    expect(await owner.page.getByTestId("refund-state").innerText()).toBe("Not refunded");
    expect(await figure(owner.page, "money-paid")).toBe(order.totalAmount);
    await form.getByLabel("Amount (₦)").fill(String(journal.price));
    await form.getByLabel("Reason (optional)").fill("One notebook arrived with a torn cover");
    await form.getByLabel(/^Pocket Gratitude Notebook \(2 can go back\)/).fill("1");
    await screenshot(owner.page, "refund-form-phone");
    let prompt = "";
    owner.page.once("dialog", (d) => {
      prompt = d.message();
      void d.accept();
    });
    await form.getByTestId("refund-submit").click();
    await visible(owner.page.getByText("Refunded; the customer has been emailed"));
    // the prompt writes the amount as the page does: ₦4,500, not ₦4500
    expect(prompt).toBe(`Refund ₦${journal.price.toLocaleString("en-NG")} to the customer? This cannot be undone.`);
    await expect.poll(() => owner.page.getByTestId("refund-state").innerText()).toBe("Partly refunded");
    expect(await figure(owner.page, "money-refunded")).toBe(journal.price);
    expect(await figure(owner.page, "money-refundable")).toBe(order.totalAmount - journal.price);
    const list = owner.page.getByTestId("refund-list");
    expect(await list.innerText()).toContain("Back in stock: 1 × Pocket Gratitude Notebook");
    expect(await list.innerText()).toContain("Reason: One notebook arrived with a torn cover");
    // the order's timeline says it too
    expect(await owner.page.locator("main ol").innerText()).toContain(`Refund of ₦${journal.price.toLocaleString("en-NG")} processed`);
    // one line can now give back only one more notebook
    await visible(form.getByLabel(/^Pocket Gratitude Notebook \(1 can go back\)/));
    expect((await demoProduct("Pocket Gratitude Notebook")).stock).toBe(stockAfterSale + 1);
    await expectNoSidewaysScroll(owner.page);
    await expectAccessible(owner.page);
    await owner.page.getByTestId("refund-list").scrollIntoViewIfNeeded();
    await screenshot(owner.page, "refund-partial-phone");
    await owner.context.close();

    // she is told, with the amount and the notebook taken back
    const refundMail = () =>
      admin
        .outboxMails()
        .filter(
          (m) => m.includes(`To: ${email}`) && m.includes(`We have refunded ₦${journal.price.toLocaleString("en-NG")} of your order`),
        );
    await expect.poll(() => refundMail().length, { timeout: 15_000 }).toBe(1);
    expect(refundMail()[0]).toContain("Returned items: 1 × Pocket Gratitude Notebook");

    // on a laptop: the rest of the money, nothing more back in stock
    const desk = await browser.newPage("desktop");
    await skipNewsletterPopup(desk.context);
    await loginAsAdmin(desk.page);
    await desk.page.goto(`/viewpurchase/${order.id}`);
    const rest = desk.page.getByTestId("refund-form");
    await visible(rest);
    expect(Number(await rest.getByLabel("Amount (₦)").inputValue())).toBe(order.totalAmount - journal.price);
    // the browser refuses more than is left before it is sent (the server refuses it too: tests/api/refunds.test.ts)
    expect(Number(await rest.getByLabel("Amount (₦)").getAttribute("max"))).toBe(order.totalAmount - journal.price);
    await rest.getByLabel("Amount (₦)").fill(String(order.totalAmount - journal.price));
    desk.page.once("dialog", (d) => void d.accept());
    await rest.getByTestId("refund-submit").click();
    await expect.poll(() => desk.page.getByTestId("refund-state").innerText()).toBe("Refunded");
    expect(await figure(desk.page, "money-refunded")).toBe(order.totalAmount);
    await expect.poll(() => desk.page.getByTestId("refund-form").count()).toBe(0);
    expect((await demoProduct("Pocket Gratitude Notebook")).stock).toBe(stockAfterSale + 1);
    await expectAccessible(desk.page);
    await screenshot(desk.page, "refund-full-desktop");
    await desk.context.close();
  }, 150_000);
});

describe("a payment the order could not take", () => {
  it("at 360 px: she pays online after the owner recorded her transfer; the owner refunds that second payment from the order's page", async () => {
    const cards = await demoProduct("Affirmation Card Deck");
    const email = `bisi.${stamp}@example.ng`;
    const order = await guestCheckout(
      browser,
      { name: "Bisi Okafor", email, phone: "0803 555 0288" },
      [{ productId: cards.id, quantity: 1 }],
      true,
      (o) =>
        // her transfer arrived and the owner recorded it while her payment page was still open
        adminApi("POST", `/api/purchases/${o.id}/payment`, { method: "transfer", amount: o.totalAmount, reference: "GTB transfer" }),
      // back on her order's page, she reads that the second payment is not needed and goes back to her
      async (page) => {
        await page.waitForURL(/\/checkout\/complete\?reference=/);
        const note = page.getByTestId("unapplied-payments");
        await visible(note);
        expect(await note.innerText()).toMatch(
          /the order had already been paid, so this second payment is not needed\. We are refunding it/,
        );
        await expectNoSidewaysScroll(page);
        await screenshot(page, "order-page-second-payment-phone");
      },
    );
    const owner = await browser.newPage("phone");
    await skipNewsletterPopup(owner.context);
    await loginAsAdmin(owner.page);
    await owner.page.goto(`/viewpurchase/${order.id}`);
    const strays = owner.page.getByTestId("stray-payments");
    await visible(strays);
    const amount = `₦${order.totalAmount.toLocaleString("en-NG")}`;
    expect(await strays.innerText()).toContain("Refund needed");
    expect(await strays.innerText()).toContain("Not applied: the order was already paid.");
    // the order's own money: paid by transfer, nothing refunded
    expect(await owner.page.getByTestId("refund-state").innerText()).toBe("Not refunded");
    await strays.scrollIntoViewIfNeeded();
    await screenshot(owner.page, "stray-payment-phone");
    let prompt = "";
    owner.page.once("dialog", (d) => {
      prompt = d.message();
      void d.accept();
    });
    await strays.getByRole("button", { name: "Refund this payment" }).click();
    await visible(owner.page.getByText("Payment refunded"));
    expect(prompt).toBe(`Refund ${amount} to the customer? This cannot be undone.`);
    await expect.poll(() => strays.innerText()).toContain("Refunded");
    await expect.poll(() => strays.getByRole("button", { name: "Refund this payment" }).count()).toBe(0);
    expect(await owner.page.getByTestId("refund-state").innerText()).toBe("Not refunded");
    expect(await owner.page.locator("main ol").innerText()).toContain(`Refund of the payment of ${amount} not applied`);
    await expectNoSidewaysScroll(owner.page);
    await expectAccessible(owner.page);
    await screenshot(owner.page, "stray-payment-refunded-phone");
    await owner.context.close();
  }, 120_000);
});
