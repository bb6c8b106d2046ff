// docs/product.md "Chipping in", on phones: a guest asks her friends to pay a birthday gift through
// its payment link; one friend chips in part of it with her name, another is refused too little
// and then pays the rest; the buyer's order is paid with every part counted.
import { describe, expect, it } from "vitest";
import { latestMailTo } from "./support/account-pages";
import { loginAsAdmin } from "./support/admin";
import { atBothWidths, expectAccessible, screenshot, useBrowser, visible } from "./support/browser";
import {
  buyableProductInCart,
  cart,
  checkout,
  expectNoSidewaysScroll,
  nairaOf,
  skipNewsletterPopup,
  waitForHydration,
} from "./support/shop";

const browser = useBrowser();
const stamp = Date.now().toString(36).slice(-5);
const JOURNEY_MS = 150_000;

describe("chipping in, on phones", () => {
  it(
    "friends pay a gift together through its link: a part with a name, a refusal, then the rest",
    async () => {
      // the buyer: a gift to be paid by her friends
      const buyer = await browser.newPage("phone");
      await skipNewsletterPopup(buyer.context);
      await buyableProductInCart(buyer.page);
      await expect.poll(() => cart.lines(buyer.page).count()).toBe(1);
      await cart.chooseArea(buyer.page, "Surulere");
      await buyer.page.goto("/checkout");
      await waitForHydration(buyer.page);
      await checkout.fillContact(buyer.page, { name: "Funke Adeyemi", email: `funke.${stamp}@example.ng` });
      await checkout.fillAddress(buyer.page, { street: "4 Bode Thomas Street", city: "Surulere", phone: "0803 555 0142" });
      const askSomeone = checkout.payWith(buyer.page, "Ask someone to pay");
      await askSomeone.check();
      expect(await buyer.page.locator("main").innerText()).toContain("for one person to pay or for friends to chip in");
      await checkout.pay(buyer.page).click();
      await buyer.page.waitForURL(/\/checkout\/complete\?reference=/);
      const share = buyer.page.getByTestId("pay-link");
      await visible(share);
      expect(await share.innerText()).toContain("Friends paying together can each chip in part of it through the same link.");
      const link = await buyer.page.getByTestId("pay-link-url").innerText();
      await share.scrollIntoViewIfNeeded();
      await screenshot(buyer.page, "chip-in-share-phone");

      // Chioma opens the link on her phone and chips in ₦2,000 with her name
      const chioma = await browser.newPage("phone");
      await chioma.page.goto(link);
      const total = nairaOf(await chioma.page.getByTestId("pay-link-total").innerText());
      expect(total).toBeGreaterThan(3_000);
      const form = chioma.page.getByTestId("chip-in-form");
      await form.scrollIntoViewIfNeeded();
      await expectNoSidewaysScroll(chioma.page);
      await screenshot(chioma.page, "chip-in-form-phone");
      await expectAccessible(chioma.page);
      await form.getByLabel("Amount (₦)").fill("2000");
      await form.getByLabel("Your name (optional)").fill("Chioma");
      await form.getByLabel("Your email (optional)").fill(`chioma.${stamp}@example.ng`);
      await form.getByRole("button", { name: "Chip in" }).click();
      await chioma.page.waitForURL(/\/pay\/sandbox\//);
      expect(nairaOf(await chioma.page.getByTestId("sandbox-amount").innerText())).toBe(2_000);
      await chioma.page.getByRole("button", { name: "Pay now" }).click();
      await chioma.page.waitForURL(/\/pay\/[0-9a-f-]{36}\?.*reference=/);
      const left = total - 2_000;
      await visible(chioma.page.getByText(/^Thank you, Chioma! Your ₦2,000 is in\. ₦[\d,.]+ is left to pay\.$/));
      expect(nairaOf(/₦[\d,.]+(?= is left)/.exec(await chioma.page.locator("main").innerText())![0])).toBe(left);
      expect(await chioma.page.getByTestId("pay-link-chip-ins").innerText()).toMatch(/Chioma\s+₦2,000/);
      await screenshot(chioma.page, "chip-in-thanks-phone");
      // and the shop thanks her by mail, naming Funke by first name only (docs/product.md "Chipping in")
      const thanks = await latestMailTo(`chioma.${stamp}@example.ng`, "chip_in_thanks");
      expect(thanks.subject).toBe("Thank you for paying ₦2,000 towards Funke's order");
      expect(thanks.text).not.toContain(`funke.${stamp}@example.ng`);
      await chioma.context.close();

      // the buyer's page says who chipped in, and still offers the link for the rest
      await buyer.page.reload();
      await visible(buyer.page.getByTestId("pay-link-chip-ins"));
      expect(await buyer.page.getByTestId("pay-link-chip-ins").innerText()).toBe("Chipped in so far: Chioma ₦2,000.");
      expect(await buyer.page.getByTestId("pay-link-url").innerText()).toMatch(/\/pay\/[0-9a-f-]{36}\?e=\d+&t=/);
      await buyer.page.getByTestId("pay-link").scrollIntoViewIfNeeded();
      await screenshot(buyer.page, "chip-in-buyer-phone");

      // Tolu first types too little, is told beside the field, then pays all that is left
      const tolu = await browser.newPage("phone");
      await tolu.page.goto(link);
      await waitForHydration(tolu.page);
      expect(await tolu.page.getByTestId("pay-link-left").innerText()).toMatch(/Paid already ₦2,000, left to pay/);
      const toluForm = tolu.page.getByTestId("chip-in-form");
      await toluForm.getByLabel("Amount (₦)").fill("500");
      await toluForm.getByRole("button", { name: "Chip in" }).click();
      await visible(toluForm.getByText("Chip in at least ₦1,000."));
      await screenshot(tolu.page, "chip-in-refused-phone");
      await tolu.page.getByTestId("pay-link-pay").click();
      await tolu.page.waitForURL(/\/pay\/sandbox\//);
      expect(nairaOf(await tolu.page.getByTestId("sandbox-amount").innerText())).toBe(left);
      await tolu.page.getByRole("button", { name: "Pay now" }).click();
      await visible(tolu.page.getByTestId("pay-link-paid"));
      await atBothWidths(tolu.page, "chip-in-paid");
      await tolu.context.close();

      // the buyer's order is confirmed
      await buyer.page.reload();
      expect(await buyer.page.getByRole("heading", { level: 1 }).innerText()).toBe("Thank you! Your order is confirmed");
      await buyer.context.close();

      // the party is called off: the owner refunds it whole, and each friend's part goes back by her own payment
      const owner = await browser.newPage("phone");
      await loginAsAdmin(owner.page);
      await owner.page.goto(`/viewpurchase/${/\/pay\/([0-9a-f-]{36})/.exec(link)![1]}`);
      const ways = owner.page.getByTestId("refund-ways");
      await visible(ways);
      expect(await ways.innerText()).toContain("₦2,000 paid online by Chioma, who chipped in");
      await waitForHydration(owner.page);
      await screenshot(owner.page, "chip-in-refund-ways-phone");
      // before anything goes, the owner is asked, with where each part of it goes
      let prompt = "";
      owner.page.once("dialog", (d) => {
        prompt = d.message();
        void d.accept();
      });
      await owner.page.getByTestId("refund-submit").click();
      await visible(owner.page.getByText("Refunded; the customer has been emailed"));
      expect(prompt.split("\n")).toEqual([
        expect.stringMatching(/^Refund ₦[\d,.]+\? This cannot be undone\. It goes back the way it was paid:$/),
        expect.stringMatching(/^₦[\d,.]+ online, to the last payment$/),
        "₦2,000 online, to Chioma, who chipped in",
      ]);
      await expect.poll(() => owner.page.getByTestId("refund-state").innerText()).toBe("Refunded");
      expect(await owner.page.getByTestId("refund-list").innerText()).toContain("to Chioma, who chipped in");
      await atBothWidths(owner.page, "chip-in-refunded");
      await owner.context.close();
    },
    JOURNEY_MS,
  );
});
