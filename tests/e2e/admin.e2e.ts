import type { Cookie } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addTeamMember, admin, adminEmail, adminPassword, expectUrl, loginAsAdmin, pngFile } from "./support/admin";
import { expectAccessible, screenshot, useBrowser, viewports, visible } from "./support/browser";
import { adminApi, skipNewsletterPopup } from "./support/shop";

const browser = useBrowser();
const stamp = Date.now().toString(36).slice(-5);

// One sign-in for the whole file, as an owner keeps her session: the admin login is
// rate-limited per account (5 in 15 minutes), and other journeys sign this admin in too.
let adminCookies: Cookie[] | undefined;

async function adminPage(viewport: "phone" | "desktop" = "desktop") {
  const { context, page } = await browser.newPage(viewport);
  await skipNewsletterPopup(context);
  if (adminCookies) {
    await context.addCookies(adminCookies);
    await page.goto("/dashboard");
  } else {
    await loginAsAdmin(page);
    adminCookies = await context.cookies();
  }
  return { context, page };
}

describe("admin back office journeys", () => {
  it("creates a category and a product with an uploaded image; both appear on the storefront; a price edit shows there", async () => {
    const { context, page } = await adminPage("desktop");
    const category = `Bath Rituals ${stamp}`;
    const title = `Lavender Soak ${stamp}`;

    await page.goto("/createcategory");
    await page.getByLabel("Name").fill(category);
    await page.locator("#field-imageUrl").setInputFiles(await pngFile("category.png", "#53705b"));
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expectUrl(page, /\/categorytable$/);
    await admin.search(page, category);
    expect(await admin.firstRowText(page)).toContain(category);
    await screenshot(page, "admin-categorytable-desktop");

    await page.goto("/createproduct");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Price (₦)", { exact: true }).fill("12500");
    await page.getByLabel("Description").fill("Lavender and oat bath soak for slow evenings.");
    await page.getByLabel("Category").selectOption({ label: category });
    await page.getByRole("switch", { name: "Track stock" }).check();
    await page.getByLabel("Quantity in stock").fill("8");
    // the owner's own field (docs/product.md "Cost prices and profit"), sent with the image to the API
    await page.getByLabel("Cost price (₦)").fill("5000");
    await page.locator("#field-imageUrl").setInputFiles(await pngFile("product.png"));
    await screenshot(page, "admin-createproduct-desktop");
    await page.getByRole("button", { name: "Create Product" }).click();
    await expectUrl(page, /\/producttable$/);
    await admin.search(page, title);
    const row = admin.rows(page).first();
    expect(await row.textContent()).toContain(`${title.slice(0, 7)}...`);
    expect(await row.textContent()).toContain("₦12,500");
    expect(await row.locator("img").getAttribute("src")).toMatch(/^\/uploads\/products\/.+\.webp$/);
    await screenshot(page, "admin-producttable-desktop");
    await expectAccessible(page);

    // the storefront: the category tile and the product under it
    await page.goto("/");
    const tile = page.locator("main").getByRole("link", { name: category });
    expect(await tile.count()).toBeGreaterThan(0);
    await tile.first().click();
    await expect.poll(() => page.locator("main").getByText(title).count()).toBeGreaterThan(0);
    await screenshot(page, "admin-new-category-on-storefront-desktop");

    // edit the price; the product page shows it
    await page.goto("/producttable");
    await admin.search(page, title);
    await admin
      .rows(page)
      .first()
      .getByRole("link", { name: `Edit ${title}` })
      .click();
    await expectUrl(page, /\/editproduct\//);
    const productId = page.url().split("/").pop()!;
    // the cost the new product's form took, with the profit a unit at its price
    expect(await page.getByTestId("cost-price").getByLabel("Cost price (₦)").inputValue()).toBe("5000");
    await visible(page.getByText("Sells for ₦12,500: ₦7,500 profit a unit (60%)."));
    // docs/product.md §5/§8: an empty file (0 bytes) is no image; Update Image says so
    await page.getByLabel(/Choose an image/).setInputFiles({ name: "empty.png", mimeType: "image/png", buffer: Buffer.alloc(0) });
    await page.getByRole("button", { name: "Update Image" }).click();
    await expect.poll(() => page.getByRole("alert").filter({ hasText: "Please select an image to upload" }).count()).toBe(1);
    // Remove Current Image posts to the screen's action
    await page.getByRole("button", { name: "Remove Current Image" }).click();
    await visible(page.getByText("No image", { exact: true }));
    expect(await page.getByRole("button", { name: "Remove Current Image" }).count()).toBe(0);
    await page.getByLabel("Price (₦)", { exact: true }).fill("9900");
    await page.getByRole("button", { name: "Update Product" }).click();
    await expectUrl(page, /\/producttable$/);
    await page.goto(`/productdetails/${productId}`);
    await expect.poll(() => page.locator("main").getByText("₦9,900").count()).toBeGreaterThan(0);
    // the price edit kept the stock: still tracked, 8 left
    expect(await (await page.request.get(`/api/products/${productId}`)).json()).toMatchObject({ trackStock: true, stock: 8 });
    await screenshot(page, "admin-price-edit-on-storefront-desktop");
    // docs/product.md "Product history": the edit screen says who priced it and removed its photo, newest first
    await page.goto(`/editproduct/${productId}`);
    const history = page.getByTestId("product-history").getByRole("listitem");
    await expect
      .poll(() => history.allTextContents())
      .toEqual([
        expect.stringMatching(/^Price ₦[\d,]+ → ₦9,900.* · Shop Admin$/),
        // the photo removed above is a change by hand too
        expect.stringMatching(/^Photo removed.* · Shop Admin$/),
        expect.stringMatching(/^Added at ₦[\d,]+, 8 in stock.* · Shop Admin$/),
      ]);
    await page.setViewportSize({ width: 360, height: 780 });
    // pictured whole from the top (the sticky header in its place)
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, "product-history-phone");
    // and the owner's dashboard lists it among the team's latest changes, linked to the product
    await page.goto("/dashboard");
    const latest = page.getByTestId("product-history").getByRole("listitem").filter({ hasText: title });
    await expect.poll(() => latest.first().textContent()).toMatch(/→ ₦9,900/);
    expect(await latest.first().getByRole("link", { name: title }).getAttribute("href")).toBe(`/editproduct/${productId}`);
    await screenshot(page, "dashboard-latest-changes-phone");
    await context.close();
  });

  for (const viewport of ["desktop", "phone"] as const) {
    it(`shows the dashboard's figures and 30-day chart at ${viewport} width, nothing wider than the screen`, async () => {
      const { context, page } = await adminPage(viewport);
      await page.goto("/dashboard");
      const main = page.locator("main");
      for (const figure of ["Paid revenue", "Orders", "New customers", "Average order"])
        await visible(main.getByText(figure, { exact: true }));
      expect(await main.getByText(/^₦[\d,]+$/).count()).toBeGreaterThanOrEqual(2);
      // each figure fits its card (half the width of a 360 px phone)
      expect(await main.locator("p.font-display").evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth).length)).toBe(0);
      // uPlot draws on a canvas once its chunk has loaded; it must fit the card it sits in
      const chart = main.getByRole("img", { name: /Line chart of paid sales/ });
      await expect.poll(() => chart.locator("canvas").count()).toBe(1);
      const card = (await main.locator("figure").boundingBox())!;
      const canvas = (await chart.locator("canvas").boundingBox())!;
      expect(canvas.width).toBeGreaterThan(200);
      expect(canvas.x + canvas.width).toBeLessThanOrEqual(card.x + card.width + 1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
      expect(await admin.rows(page).count()).toBeGreaterThan(0);
      await screenshot(page, `admin-dashboard-${viewport}`);
      await expectAccessible(page);
      await context.close();
    });

    it(`searches, filters and pages purchases at ${viewport} width`, async () => {
      const { context, page } = await adminPage(viewport);
      await page.goto("/purchasetable");
      await visible(page.getByRole("heading", { name: "Purchases" }));
      await visible(page.getByPlaceholder("Search by name, email or status..."));
      expect(await admin.rows(page).count()).toBe(5);
      await screenshot(page, `admin-purchasetable-${viewport}`);

      // numbered pages; previous disabled on page 1
      expect(await page.getByRole("link", { name: "Previous page" }).getAttribute("aria-disabled")).toBe("true");
      await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2", exact: true }).click();
      await expectUrl(page, /page=2/);
      await expect.poll(() => admin.showing(page).textContent()).toMatch(/^Showing 6 to 10 of/);

      await admin.search(page, "adaeze");
      await expect.poll(() => admin.showing(page).textContent()).toMatch(/^Showing 1 to/);
      const names = await admin.rows(page).locator("td:first-child").allTextContents();
      expect(names.length).toBeGreaterThan(0);
      expect(names.every((n) => n === "Adaeze")).toBe(true);

      // a date window with no orders, then Clear Filters brings them back
      await page.getByLabel("Start Date").fill("2020-01-01");
      await page.getByLabel("End Date").fill("2020-01-31");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expectUrl(page, /from=2020-01-01/);
      await visible(page.getByText("No purchases found"));
      await page.getByRole("link", { name: "Clear Filters" }).click();
      await expectUrl(page, /\/purchasetable$/);
      await expect.poll(() => admin.rows(page).count()).toBe(5);
      await expectAccessible(page);
      await context.close();
    });
  }

  it("opens a purchase and moves it to shipped; the customer is mailed", async () => {
    const { context, page } = await adminPage("desktop");
    await page.goto("/purchasetable?q=completed");
    // a paid order stays on record: no bin on its row
    expect(
      await admin
        .rows(page)
        .getByRole("button", { name: /^Delete the order of / })
        .count(),
    ).toBe(0);
    // one with an email to mail: an order the shop recorded may have none (another journey records such sales meanwhile);
    // not a gift, whose page speaks of a buyer and a recipient (the gift journeys pay theirs meanwhile): found by her email
    const paid = await adminApi<{ email: string; giftFor: string | null; status: string }[]>(
      "GET",
      "/api/purchases?q=completed&pageSize=100",
    );
    const plain = paid.find((o) => o.status === "completed" && o.email.includes("@") && o.giftFor === null)!;
    await page.goto(`/purchasetable?q=${encodeURIComponent(plain.email)}&status=completed`);
    await admin
      .rows(page)
      .filter({ hasNot: page.getByTestId("gift-badge") })
      .first()
      .getByRole("link", { name: "View" })
      .click();
    await expectUrl(page, /\/viewpurchase\//);
    const orderNo = page.url().split("/").pop()!.slice(0, 8);
    await visible(page.getByRole("heading", { name: `Order #${orderNo}` }));
    for (const section of ["Order Status", "Customer Information", "Order Items", "Order Summary", "Payment Information"])
      await visible(page.getByRole("heading", { name: section }));
    // the customer's number as people read it, whichever way it was stored, and a chat with her about this order
    expect(await page.getByTestId("customer-phone").innerText()).toMatch(/^\+234 \d{3} \d{3} \d{4}$/);
    const firstName = (
      await page
        .locator("dt", { hasText: /^Name$/ })
        .locator("xpath=following-sibling::dd[1]")
        .innerText()
    ).split(" ")[0];
    const chat = new URL((await page.getByTestId("whatsapp-customer").getAttribute("href"))!);
    expect(chat.origin + chat.pathname).toMatch(/^https:\/\/wa\.me\/234\d{10}$/);
    expect(chat.searchParams.get("text")).toBe(`Hello ${firstName}, about your order #${orderNo}: `);
    await page.getByRole("button", { name: "Mark as processing" }).click();
    await visible(page.getByRole("button", { name: "Mark as shipped" }));
    // the rider's details go to the customer with the step
    await page.getByLabel("Rider's name and phone, or tracking details").fill("Musa Bello, 0803 111 2222");
    await page.getByRole("button", { name: "Mark as shipped" }).click();
    await visible(page.getByRole("button", { name: "Mark as delivered" }));
    expect(await page.locator("ol li").filter({ hasText: "shipped" }).count()).toBe(1);
    await screenshot(page, "admin-viewpurchase-shipped-desktop");
    await expectAccessible(page);
    // the outbox worker delivers queued mails to DATA_DIR/outbox when no SMTP is set
    // one mail that is this order's shipped notice (not any mail of the order plus another order's)
    await expect
      .poll(
        () =>
          admin
            .outboxMails()
            .filter(
              (m) =>
                m.includes(`order #${orderNo}`) && m.includes("on its way") && m.includes("Delivery details: Musa Bello, 0803 111 2222"),
            ).length,
        {
          timeout: 20_000,
        },
      )
      .toBe(1);
    await context.close();
  });

  it("creates, edits and deletes an LGA", async () => {
    const { context, page } = await adminPage("phone");
    const lga = `Ojodu ${stamp}`;
    await page.goto("/lga");
    await page.getByRole("link", { name: "Add New LGA" }).click();
    await expectUrl(page, /\/createlga$/);
    await page.getByLabel("LGA Name").fill(lga);
    expect(await page.getByLabel("Delivery Charge (₦)").getAttribute("step")).toBe("100");
    await page.getByLabel("Delivery Charge (₦)").fill("1500");
    await page.getByRole("button", { name: "Create LGA" }).click();
    await expectUrl(page, /\/lga$/);
    await admin.search(page, lga);
    expect(await admin.firstRowText(page)).toContain("₦1,500");
    await screenshot(page, "admin-lga-phone");

    await admin
      .rows(page)
      .first()
      .getByRole("link", { name: `Edit ${lga}` })
      .click();
    await page.getByLabel("Delivery Charge (₦)").fill("1700");
    await page.getByRole("button", { name: "Update LGA" }).click();
    await expectUrl(page, /\/lga$/);
    await admin.search(page, lga);
    expect(await admin.firstRowText(page)).toContain("₦1,700");

    // the same edit with JavaScript turned off: the form posts to the screen's action, which answers the page
    const noScript = await browser.newPage("phone", undefined, { javaScriptEnabled: false });
    await noScript.context.addCookies(adminCookies!);
    await noScript.page.goto(`/lga?q=${encodeURIComponent(lga)}`);
    await noScript.page.getByRole("link", { name: `Edit ${lga}` }).click();
    await noScript.page.getByLabel("Delivery Charge (₦)").fill("150");
    await noScript.page.getByLabel("Cut-off hour (Lagos time, 1–23)").fill("15");
    await noScript.page.getByRole("button", { name: "Update LGA" }).click();
    // refused by the server (steps of ₦100), the message beside the field, and the page keeps what she typed
    await visible(noScript.page.getByText("Delivery Charge must be in steps of ₦100"));
    expect(await noScript.page.getByLabel("Delivery Charge (₦)").inputValue()).toBe("150");
    expect(await noScript.page.getByLabel("Cut-off hour (Lagos time, 1–23)").inputValue()).toBe("15");
    await expect.poll(() => noScript.page.getByLabel("Delivery Charge (₦)").evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(noScript.page, "admin-lga-refused-no-js-phone", { scripted: false });
    await noScript.page.getByLabel("Delivery Charge (₦)").fill("1800");
    await noScript.page.getByRole("button", { name: "Update LGA" }).click();
    await expectUrl(noScript.page, /\/lga$/);
    await visible(noScript.page.locator("tr", { hasText: lga }).getByText("₦1,800"));
    await screenshot(noScript.page, "admin-lga-no-js-phone", { scripted: false });
    await noScript.context.close();
    await page.reload();
    expect(await admin.firstRowText(page)).toContain("₦1,800");

    page.once("dialog", (d) => {
      expect(d.message()).toBe("Are you sure you want to delete this LGA?");
      void d.accept();
    });
    await admin
      .rows(page)
      .first()
      .getByRole("button", { name: `Delete ${lga}` })
      .click();
    await visible(page.getByText("No LGAs found"));
    await expectAccessible(page);
    await context.close();
  });

  it("renames and deletes a category, writes, edits and deletes a blog post, and deletes a product (no image: the screens' actions)", async () => {
    const { context, page } = await adminPage("desktop");
    const category = `Tea Rituals ${stamp}`;
    const response = await page.goto("/createcategory");
    // the back office's script starts as the screen loads, not after its first paint: a save right away is toasted
    // (read from the page as sent: once hydrated, React Router drops its module script from the page on its next render)
    const html = await response!.text();
    expect([/<script[^>]* type="module"/.test(html), html.includes("data-after-paint")]).toEqual([true, false]);
    await page.getByLabel("Name").fill(category);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expectUrl(page, /\/categorytable$/);
    await visible(page.getByText("Saved", { exact: true }));
    await admin.search(page, category);
    await admin
      .rows(page)
      .first()
      .getByRole("link", { name: `Edit ${category}` })
      .click();
    await expectUrl(page, /\/editcategory\//);
    await page.getByLabel("Name").fill(`${category} Renamed`);
    await page.getByRole("button", { name: "Update", exact: true }).click();
    await expectUrl(page, /\/categorytable$/);
    await admin.search(page, `${category} Renamed`);
    expect(await admin.firstRowText(page)).toContain(`${category} Renamed`);

    // a product in it, created without an image, then deleted
    const title = `Chamomile Tin ${stamp}`;
    await page.goto("/createproduct");
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Price (₦)", { exact: true }).fill("4200");
    await page.getByLabel("Description").fill("Loose chamomile for the evening.");
    await page.getByLabel("Category").selectOption({ label: `${category} Renamed` });
    await page.getByRole("button", { name: "Create Product" }).click();
    await expectUrl(page, /\/producttable$/);
    await visible(page.getByText("Product created"));
    await admin.search(page, title);
    page.once("dialog", (d) => void d.accept());
    await admin
      .rows(page)
      .first()
      .getByRole("button", { name: `Delete ${title}` })
      .click();
    await visible(page.getByText("No products found"));

    page.once("dialog", (d) => void d.accept());
    await page.goto(`/categorytable?q=${encodeURIComponent(`${category} Renamed`)}`);
    await admin
      .rows(page)
      .first()
      .getByRole("button", { name: `Delete ${category} Renamed` })
      .click();
    await visible(page.getByText("No categories found"));

    const post = `Slow mornings ${stamp}`;
    await page.goto("/createpost");
    await page.getByLabel("Title").fill(post);
    await page.getByLabel("Heading").fill("A calmer start");
    await page.getByLabel("Text", { exact: true }).fill("Light a candle.\n\nBreathe before the phone.");
    await page.getByRole("button", { name: "Create Post" }).click();
    await expectUrl(page, /\/blogtable$/);
    await admin.search(page, post);
    await admin
      .rows(page)
      .first()
      .getByRole("link", { name: `Edit ${post}` })
      .click();
    await expectUrl(page, /\/editblog\//);
    await page.getByLabel("Heading").fill("A gentler start");
    await page.getByRole("button", { name: "Update Post" }).click();
    await expectUrl(page, /\/blogtable$/);
    await admin.search(page, post);
    expect(await admin.firstRowText(page)).toContain("A gentler start");
    page.once("dialog", (d) => void d.accept());
    await admin
      .rows(page)
      .first()
      .getByRole("button", { name: `Delete ${post}` })
      .click();
    await visible(page.getByText("No blog posts found"));
    await expectAccessible(page);
    await context.close();
  });

  it("removes a team member from /teamtable: asked first, her row goes and her back-office session ends; without JavaScript too", async () => {
    const kemi = { firstName: "Kemi", lastName: "Ade", email: `kemi.${stamp}@example.ng`, password: "Calm-days-2026" };
    const bisi = { firstName: "Bisi", lastName: "Lawal", email: `bisi.${stamp}@example.ng`, password: "Calm-days-2026" };
    const { context, page } = await adminPage("phone");
    await addTeamMember(context, kemi);
    await addTeamMember(context, bisi);
    // Kemi is at work in the back office
    const staff = await browser.newPage("desktop");
    await skipNewsletterPopup(staff.context);
    await loginAsAdmin(staff.page, kemi);

    // her own row has no Remove
    await page.goto("/teamtable");
    await admin.search(page, adminEmail);
    await visible(admin.rows(page).getByText(adminEmail));
    expect(
      await admin
        .rows(page)
        .getByRole("button", { name: /^Remove / })
        .count(),
    ).toBe(0);
    // and its card ends with no empty foot
    expect(await admin.rows(page).first().locator("td.admin-actions").isVisible()).toBe(false);

    await admin.search(page, kemi.email);
    const remove = admin.rows(page).first().getByRole("button", { name: "Remove Kemi Ade from the team" });
    await visible(remove);
    // on the card's foot, inside the 360 px screen
    const box = (await remove.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(viewports.phone.width);
    await screenshot(page, "admin-teamtable-remove-phone");
    let asked = "";
    page.once("dialog", (d) => {
      asked = d.message();
      void d.accept();
    });
    await remove.click();
    await visible(page.getByText("Kemi Ade has been removed from the team."));
    expect(asked).toBe("Remove Kemi Ade from the team? They will no longer be able to sign in to the back office.");
    await visible(page.getByText("No users found"));
    await screenshot(page, "admin-teamtable-removed-phone");
    await expectAccessible(page);

    // her next click in the back office finds her signed out
    await staff.page.goto("/producttable");
    await staff.page.waitForURL(/\/admin\?redirectTo=/);
    await staff.context.close();

    // the same Remove with JavaScript turned off: the form posts to the screen's action, which answers the page
    const noScript = await browser.newPage("desktop", undefined, { javaScriptEnabled: false });
    await noScript.context.addCookies(adminCookies!);
    await noScript.page.goto(`/teamtable?q=${encodeURIComponent(bisi.email)}`);
    await screenshot(noScript.page, "admin-teamtable-desktop", { scripted: false });
    await noScript.page.getByRole("button", { name: "Remove Bisi Lawal from the team" }).click();
    await visible(noScript.page.getByRole("status").filter({ hasText: "Bisi Lawal has been removed from the team." }));
    await visible(noScript.page.getByText("No users found"));
    await screenshot(noScript.page, "admin-teamtable-removed-no-js-desktop", { scripted: false });
    await noScript.context.close();
    await context.close();
  });

  it("saves the settings, and Log out in the sidebar ends the session", async () => {
    // a session of its own: logging out ends it, and this file shares one
    const { context, page } = await browser.newPage("desktop");
    await skipNewsletterPopup(context);
    expect((await context.request.post("/api/auth/adminlogin", { data: { email: adminEmail, password: adminPassword } })).status()).toBe(
      200,
    );
    await page.goto("/settings");
    const threshold = await page.getByLabel("Low-stock threshold").inputValue();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await visible(page.getByRole("status").filter({ hasText: "Settings saved." }));
    expect(await page.getByLabel("Low-stock threshold").inputValue()).toBe(threshold);
    await screenshot(page, "admin-settings-saved-desktop");
    // the morning summary, on by default: turned off, it stays off; then back on
    const summary = () => page.getByLabel("Morning summary by mail");
    // the save's answer, not the message the last save left on the screen
    const save = () =>
      Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/settings") && r.ok()),
        page.getByRole("button", { name: "Save Settings" }).click(),
      ]);
    expect(await summary().isChecked()).toBe(true);
    await summary().uncheck();
    await save();
    await page.reload();
    expect(await summary().isChecked()).toBe(false);
    await summary().check();
    await save();
    await page.reload();
    expect(await summary().isChecked()).toBe(true);

    await page.getByRole("complementary").getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(/\/login/);
    await page.goto("/dashboard");
    await page.waitForURL(/\/admin\?redirectTo=/);
    await context.close();
  });
});
