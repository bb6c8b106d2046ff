import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { accountPages, latestMailTo, newShopper } from "./support/account-pages";
import { baseUrl, expectAccessible, screenshot, useBrowser, visible } from "./support/browser";
import { skipNewsletterPopup, waitForHydration } from "./support/shop";

const browser = useBrowser();
// the long journeys get room on a busy machine; they take ~25 s on a quiet one
const LONG_JOURNEY_MS = 150_000;
const adminEmail = process.env.E2E_ADMIN_EMAIL ?? "owner@alafia.test";
const adminPassword = process.env.E2E_ADMIN_PASSWORD ?? "Owner-pass-2026";

async function openPage(viewport: "phone" | "desktop") {
  const { context, page } = await browser.newPage(viewport);
  // these journeys are not about the newsletter pop-up
  await skipNewsletterPopup(context);
  return { context, page };
}

describe("shopper account journeys", () => {
  for (const viewport of ["phone", "desktop"] as const) {
    it(
      `registers, logs in, sees the first name, edits the profile and logs out (${viewport})`,
      async () => {
        const { context, page } = await openPage(viewport);
        const account = accountPages(page);
        const shopper = newShopper(viewport);

        await page.goto("/register");
        expect(await page.locator("main").getByLabel("Town").locator("option").first().textContent()).toBe("Select a town");
        // once the page runs (its schema fetched with it), the form's own schema speaks before the
        // server is asked: the field messages without the server's "Something went wrong" banner
        await waitForHydration(page);
        const posts: string[] = [];
        page.on("request", (r) => void (r.method() === "POST" && posts.push(r.url())));
        await page.getByRole("button", { name: "Sign Up" }).click();
        await visible(page.getByText("First name is required"));
        expect(await page.getByText("Something went wrong").count()).toBe(0);
        expect(posts).toEqual([]);
        await screenshot(page, `register-errors-${viewport}`);
        await expectAccessible(page);

        await account.register(shopper);
        await page.waitForURL(/\/login\?registered=1$/);
        await visible(page.getByText("Your account is ready. Please log in."));
        await screenshot(page, `login-${viewport}`);
        await expectAccessible(page);

        await account.logIn(shopper.email, "wrong-password");
        await expect.poll(() => page.getByRole("alert").textContent()).toContain("Something went wrong. Please try again.");
        await account.logIn(shopper.email, shopper.password);
        await page.waitForURL((url) => url.pathname === "/");
        await expect.poll(() => account.firstNameInHeader().textContent()).toBe("Temi");

        await account.firstNameInHeader().click();
        await page.waitForURL(/\/profile$/);
        await visible(page.getByRole("heading", { name: "My orders" }));
        await visible(page.getByText("You have no orders yet."));
        await visible(page.getByText(shopper.email));
        await screenshot(page, `profile-${viewport}`);
        await expectAccessible(page);

        await page.getByRole("link", { name: "Edit Profile" }).click();
        await page.waitForURL(/\/profile\?edit/);
        expect(await page.locator("main").getByLabel("Email").getAttribute("readonly")).not.toBeNull();
        // Cancel restores the saved values
        await page.locator("main").getByLabel("First Name").fill("Nobody");
        await page.getByRole("link", { name: "Cancel" }).click();
        await expect.poll(() => page.getByText("Nobody").count()).toBe(0);
        await page.getByRole("link", { name: "Edit Profile" }).click();
        await page.locator("main").getByLabel("First Name").fill("Temilade");
        await page.locator("main").getByLabel("Phone Number").fill("08099887766");
        await page.locator("main").getByLabel("Local Government Area").selectOption({ index: 2 });
        await page.locator("main").getByLabel("Address").fill("3 Bourdillon Road, Ikoyi");
        await screenshot(page, `profile-edit-${viewport}`);
        await expectAccessible(page);
        await page.getByRole("button", { name: "Save Changes" }).click();
        await page.waitForURL(/\/profile\?saved=1$/);
        await visible(page.getByText("Your profile has been saved."));
        await visible(page.getByText("3 Bourdillon Road, Ikoyi"));
        await expect.poll(() => account.firstNameInHeader().textContent()).toBe("Temilade");

        await account.logOut();
        await page.waitForURL(/\/login/);
        await expect.poll(() => account.firstNameInHeader().count()).toBe(0);
        // the session is over on the server too
        const res = await page.goto("/profile");
        expect(new URL(page.url()).pathname).toBe("/login");
        expect(res?.status()).toBe(200);
        await context.close();
      },
      LONG_JOURNEY_MS,
    );
  }

  it(
    "resets a forgotten password from the link in the mail and logs in with the new one",
    async () => {
      const { context, page } = await openPage("phone");
      const account = accountPages(page);
      const shopper = newShopper("reset");
      await account.register(shopper);
      await page.waitForURL(/\/login/);

      await page.getByRole("link", { name: "Forgot password?" }).click();
      await page.waitForURL(/\/forgotpassword$/);
      await page.locator("main").getByLabel("Email").fill(shopper.email);
      await page.getByRole("button", { name: "Send Reset Link" }).click();
      await expect.poll(() => page.locator("main").getByRole("status").textContent()).toContain("we have sent a link");
      await screenshot(page, "forgot-password-phone");
      await expectAccessible(page);

      const mail = await latestMailTo(shopper.email);
      const link = mail.text.match(/https?:\/\/\S+\/resetpassword\?token=\S+/)![0];
      await page.goto(link);
      await page.locator("main").getByLabel("New Password", { exact: true }).fill("Fresh-start-2026");
      await page.locator("main").getByLabel("Confirm Password", { exact: true }).fill("Fresh-start-2026");
      await screenshot(page, "reset-password-phone");
      await expectAccessible(page);
      await page.getByRole("button", { name: "Reset Password" }).click();
      await page.waitForURL(/\/login\?reset=1$/);

      await account.logIn(shopper.email, shopper.password);
      await expect.poll(() => page.getByRole("alert").textContent()).toContain("Invalid email or password.");
      await account.logIn(shopper.email, "Fresh-start-2026");
      await page.waitForURL((url) => url.pathname === "/");
      await expect.poll(() => account.firstNameInHeader().textContent()).toBe("Temi");

      // the link works once: opened again, it says so before she types anything, and offers a new one
      await page.goto(link);
      await expect.poll(() => page.getByRole("alert").first().textContent()).toBe("This reset link is invalid or has expired.");
      expect(await page.locator("main").getByLabel("New Password", { exact: true }).count()).toBe(0);
      await screenshot(page, "reset-password-used-link-phone");
      await page.locator("main").getByRole("link", { name: "Ask for a new link" }).click();
      await page.waitForURL(/\/forgotpassword$/);
      await context.close();
    },
    LONG_JOURNEY_MS,
  );

  it("sends an anonymous visitor of /profile to /login and back to /profile after logging in", async () => {
    const { context, page } = await openPage("desktop");
    const account = accountPages(page);
    const shopper = newShopper("back");
    await account.register(shopper);
    await page.waitForURL(/\/login/);

    await page.goto("/profile");
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe("/login?redirectTo=%2Fprofile");
    await visible(page.getByText("Please log in to continue."));
    await screenshot(page, "login-to-continue-desktop");
    await account.logIn(shopper.email, shopper.password);
    await page.waitForURL(/\/profile$/);
    await visible(page.getByRole("heading", { name: "My profile" }));
    await screenshot(page, "profile-after-login-desktop");
    await context.close();
  });
});

describe("names", () => {
  it("the pop-up sign-up says which name the shop refused, and why", async () => {
    const { context, page } = await openPage("phone");
    await page.goto("/popup");
    await waitForHydration(page);
    const form = page.locator("main");
    await form.getByLabel("First name").fill("Visit https://evil.example");
    await form.getByLabel("Email").fill(newShopper("popup").email);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await expect.poll(() => form.getByRole("status").textContent()).toBe("First name cannot contain a web address");
    expect(await form.getByLabel("First name").getAttribute("aria-invalid")).toBe("true");
    await screenshot(page, "popup-name-refused-phone");
    await context.close();
  });

  it("a sign-up refused before the page's script runs (here: without it) comes back with what she typed, not her password", async () => {
    const { context, page } = await browser.newPage("phone", undefined, { javaScriptEnabled: false });
    await page.goto("/register");
    const form = page.locator("main");
    const shopper = newShopper("noscript");
    await form.getByLabel("First Name").fill("Temi");
    await form.getByLabel("Last Name").fill("Adebayo");
    await form.getByLabel("Email").fill(shopper.email);
    await form.getByLabel("Phone Number").fill("0803 123 4567");
    await form.getByLabel("Address").fill("5 Allen Avenue");
    await form.getByLabel("Town").selectOption({ index: 1 });
    const town = await form.getByLabel("Town").inputValue();
    await form.getByLabel("Password", { exact: true }).fill("kind26");
    await page.getByRole("button", { name: "Sign Up" }).click();
    await visible(page.getByText("Password must be at least 8 characters"));
    // the page opens on the field to fix, not at its top
    await expect.poll(() => form.getByLabel("Password", { exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await form.getByLabel("First Name").inputValue()).toBe("Temi");
    expect(await form.getByLabel("Email").inputValue()).toBe(shopper.email);
    expect(await form.getByLabel("Address").inputValue()).toBe("5 Allen Avenue");
    expect(await form.getByLabel("Town").inputValue()).toBe(town);
    expect(await form.getByLabel("Password", { exact: true }).inputValue()).toBe("");
    await screenshot(page, "register-refused-no-js-phone", { scripted: false });
    await context.close();
  });
});

describe("admin access", () => {
  for (const viewport of ["phone", "desktop"] as const) {
    it(`an admin logs in at /admin and lands on /dashboard (${viewport})`, async () => {
      const { context, page } = await openPage(viewport);
      await page.goto("/dashboard");
      await page.waitForURL(/\/admin\?redirectTo=%2Fdashboard$/);
      // the page's script runs first: what focus does after a refusal is its work (a click before it
      // posts the plain form, and the redrawn page starts with focus at its top, as any page does)
      await waitForHydration(page);
      await accountPages(page).logIn(adminEmail, "not-the-password");
      await expect.poll(() => page.getByRole("alert").textContent()).toBe("Invalid email or password.");
      // focus is still in the form (its button, or its first field if it fell to the page), not lost
      await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest("main form"))).toBe(true);
      await screenshot(page, `admin-login-${viewport}`);
      await expectAccessible(page);
      await accountPages(page).logIn(adminEmail, adminPassword);
      await page.waitForURL(/\/dashboard$/);
      await visible(page.getByRole("heading", { name: "Dashboard" }));
      await screenshot(page, `dashboard-${viewport}`);
      await context.close();
    });
  }

  for (const viewport of ["phone", "desktop"] as const) {
    it(`an admin adds a team member from the back office and is back on /teamtable, still signed in (${viewport})`, async () => {
      const { context, page } = await openPage(viewport);
      await page.goto("/admin");
      await accountPages(page).logIn(adminEmail, adminPassword);
      await page.waitForURL(/\/dashboard$/);
      // signed in, /admin does not ask again
      await page.goto("/admin");
      await page.waitForURL(/\/dashboard$/);

      await page.goto("/teamtable");
      await page.getByRole("link", { name: "Add team member" }).click();
      await page.waitForURL(/\/adminregister$/);
      const member = newShopper(`team-${viewport}`);
      const form = page.locator("main");
      await form.getByLabel("First Name").fill("Ngozi");
      await form.getByLabel("Last Name").fill("Eze");
      await form.getByLabel("Email").fill(member.email);
      await form.getByLabel("Phone Number").fill(member.phone);
      await form.getByLabel("Password", { exact: true }).fill(member.password);
      // the least she needs is ticked: Staff (docs/product.md "The team")
      expect(await form.getByRole("radio", { name: "Staff" }).isChecked()).toBe(true);
      await screenshot(page, `adminregister-${viewport}`);
      await expectAccessible(page);
      await page.getByRole("button", { name: "Sign Up" }).click();

      await page.waitForURL((u) => u.pathname === "/teamtable");
      await visible(page.getByText(`The administrator account for ${member.email} has been created.`));
      await visible(page.getByRole("cell", { name: member.email }));
      const row = page.getByRole("row").filter({ hasText: member.email });
      // a phone draws the row as a card, each value with its label ("Role Staff")
      await visible(row.getByRole("cell", { name: /^(Role\s*)?Staff$/ }));
      await visible(row.getByRole("button", { name: "Make Ngozi Eze owner" }));
      await screenshot(page, `teamtable-member-added-${viewport}`);
      await context.close();
      if (viewport === "phone") await staffSignsIn(member);
    });
  }

  /** On her phone, the new staff member finds the orders and the products, and none of the owner's screens. */
  async function staffSignsIn(member: { email: string; password: string }) {
    const { context, page } = await openPage("phone");
    await page.goto("/admin");
    await accountPages(page).logIn(member.email, member.password);
    await page.waitForURL(/\/dashboard$/);
    await visible(page.getByRole("heading", { name: "Users" }));
    expect(await page.getByText("Paid revenue").count()).toBe(0);
    await page.getByRole("button", { name: "Open admin menu" }).click();
    const menu = page.getByRole("navigation", { name: "Admin" });
    await visible(menu.getByRole("link", { name: "Purchases" }));
    await visible(menu.getByRole("link", { name: "New Order" }));
    for (const owners of ["Settings", "Payments", "Reports", "Team Members", "Discount Codes", "Delivery Rates"])
      expect([owners, await menu.getByRole("link", { name: owners, exact: true }).count()]).toEqual([owners, 0]);
    await screenshot(page, "staff-menu-phone");
    await expectAccessible(page);
    const settings = await page.goto("/settings");
    expect(settings?.status()).toBe(403);
    await visible(page.getByText("This page is for the shop owner only."));
    await context.close();
  }

  it("shows a customer the 403 page on /dashboard, and the admin login refuses them with the server's msg", async () => {
    const { context, page } = await openPage("desktop");
    const account = accountPages(page);
    const shopper = newShopper("nosy");
    await account.register(shopper);
    await page.waitForURL(/\/login/);
    await account.logIn(shopper.email, shopper.password);
    await page.waitForURL((url) => url.pathname === "/");

    const res = await page.goto("/dashboard");
    expect(res?.status()).toBe(403);
    await visible(page.getByRole("heading", { name: "You don't have access to this page" }));
    await screenshot(page, "dashboard-403-desktop");
    await expectAccessible(page);

    // adding a team member is a back-office screen like the others
    const register = await page.goto("/adminregister");
    expect(register?.status()).toBe(403);
    await visible(page.getByRole("heading", { name: "You don't have access to this page" }));

    await page.goto("/admin");
    await account.logIn(shopper.email, shopper.password);
    await expect.poll(() => page.getByRole("alert").textContent()).toBe("This login is for shop administrators only.");
    await context.close();
  });

  it("guards every admin screen on the server: anonymous visitors go to /admin, customers get 403", async () => {
    const { paths, admin } = await adminScreenPaths();
    const anonymous = (await browser.newPage()).context;
    const customer = (await browser.newPage()).context;
    const shopper = newShopper("guard");
    const body = { firstName: shopper.firstName, lastName: shopper.lastName, email: shopper.email, password: shopper.password };
    expect((await customer.request.post("/api/auth/register", { data: body })).status()).toBe(201);
    // the login answer's cookie goes into this context's jar: every request below is that customer's
    expect((await customer.request.post("/api/auth/login", { data: { email: shopper.email, password: shopper.password } })).status()).toBe(
      200,
    );

    for (const path of paths) {
      const away = await anonymous.request.get(path, { maxRedirects: 0 });
      expect([path, away.status(), away.headers()["location"]]).toEqual([path, 302, `/admin?redirectTo=${encodeURIComponent(path)}`]);
      const refused = await customer.request.get(path, { maxRedirects: 0 });
      expect([path, refused.status()]).toEqual([path, 403]);
      expect(await refused.text()).toContain("have access to this page");
      // the screen exists and the ids are real: the admin gets the page itself
      expect([path, (await admin.request.get(path, { maxRedirects: 0 })).status()]).toEqual([path, 200]);
    }
    await admin.close();
    await anonymous.close();
    await customer.close();
  });
});

/** Every admin screen of docs/product.md §2, the edit and view pages with real ids of the seeded shop; and an admin's context. */
async function adminScreenPaths(): Promise<{ paths: string[]; admin: BrowserContext }> {
  const { context } = await browser.newPage();
  const signedIn = await context.request.post("/api/auth/adminlogin", { data: { email: adminEmail, password: adminPassword } });
  expect(signedIn.status()).toBe(200);
  const firstId = async (list: string) => {
    const res = await context.request.get(list);
    expect(res.status()).toBe(200);
    const items = (await res.json()) as { id: string }[];
    expect(items.length).toBeGreaterThan(0);
    return items[0]!.id;
  };
  const [product, category, post, purchase, lga] = await Promise.all([
    firstId("/api/products?pageSize=1"),
    firstId("/api/categories"),
    firstId("/api/posts?pageSize=1"),
    firstId("/api/purchases?pageSize=1"),
    firstId("/api/deliveryrates"),
  ]);
  const made = await context.request.post("/api/discounts/create", {
    data: { code: `SCREENS${Date.now()}`, kind: "percent", percent: 5 },
    headers: { Origin: baseUrl },
  });
  expect(made.status()).toBe(201);
  const discount = ((await made.json()) as { id: string }).id;
  const paths = [
    "/dashboard",
    "/teamtable",
    "/adminregister",
    "/producttable",
    "/createproduct",
    `/editproduct/${product}`,
    "/categorytable",
    "/createcategory",
    `/editcategory/${category}`,
    "/blogtable",
    "/createpost",
    `/editblog/${post}`,
    "/purchasetable",
    `/viewpurchase/${purchase}`,
    "/neworder",
    `/receipt/${purchase}`,
    "/lga",
    "/createlga",
    `/editlga/${lga}`,
    "/discounttable",
    "/creatediscount",
    `/editdiscount/${discount}`,
    "/reports",
    "/settings",
  ];
  return { paths, admin: context };
}
