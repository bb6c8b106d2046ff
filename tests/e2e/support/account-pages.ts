import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { visible } from "./browser";

// Page helpers for the account journeys: what a shopper does, not raw selectors in every test.
export type Shopper = { firstName: string; lastName: string; email: string; phone: string; address: string; password: string };

export function newShopper(tag: string): Shopper {
  const id = `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    firstName: "Temi",
    lastName: "Adeyemi",
    email: `temi.${id}@example.ng`,
    phone: "08031234567",
    address: "14 Admiralty Way",
    password: "Calm-days-2026",
  };
}

export const accountPages = (page: Page) => ({
  /** signs up from /register (`open: false`: from the sign-up page already on screen, with where it goes on to) */
  async register(s: Shopper, { open = true }: { open?: boolean } = {}) {
    if (open) await page.goto("/register");
    await page.locator("main").getByLabel("First Name").fill(s.firstName);
    await page.locator("main").getByLabel("Last Name").fill(s.lastName);
    await page.locator("main").getByLabel("Email").fill(s.email);
    await page.locator("main").getByLabel("Phone Number").fill(s.phone);
    await page.locator("main").getByLabel("Address").fill(s.address);
    await page.locator("main").getByLabel("Town").selectOption({ index: 1 });
    await page.locator("main").getByLabel("Password", { exact: true }).fill(s.password);
    await page.getByRole("button", { name: "Sign Up" }).click();
  },
  async logIn(email: string, password: string) {
    // the login form is on screen: after Sign Up, the URL says /login a moment before the page
    // is drawn, and an email typed into the sign-up form then was lost (CI saw "Email is required")
    await visible(page.getByRole("button", { name: "Log In" }));
    await page.locator("main").getByLabel("Email").fill(email);
    await page.locator("main").getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Log In" }).click();
  },
  firstNameInHeader: () => page.locator("header [data-testid=header-first-name]"),
  async logOut() {
    const desktop = page.locator("header").getByRole("button", { name: "Log out" }).first();
    if (await desktop.isVisible()) await desktop.click();
    else {
      await page.locator("header").getByRole("button", { name: "Open menu" }).click();
      await page.locator("#mobile-menu").getByRole("button", { name: "Log out" }).click();
    }
  },
});

/** The newest mail of `kind` the shop wrote to DATA_DIR/outbox for this address (no SMTP_URL in the journeys). */
export async function latestMailTo(email: string, kind = "password_reset"): Promise<{ subject: string; text: string }> {
  const dir = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(dir)
          ? fs
              .readdirSync(dir)
              .filter((f) => f.endsWith(".json"))
              .sort()
          : [];
        found = files
          .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")))
          .filter((m) => m.to === email && m.kind === kind)
          .at(-1);
        return Boolean(found);
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
  return found!;
}
