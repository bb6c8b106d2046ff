import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import sharp from "sharp";
import { expect } from "vitest";
import { baseUrl } from "./browser";

export const adminEmail = process.env.E2E_ADMIN_EMAIL ?? "owner@alafia.test";
export const adminPassword = process.env.E2E_ADMIN_PASSWORD ?? "Owner-pass-2026";

/** Signs in through the admin login screen (docs/product.md §2 /admin: Email, Password, submit → /dashboard); the shop's owner unless told. */
export async function loginAsAdmin(page: Page, who = { email: adminEmail, password: adminPassword }) {
  await page.goto("/admin");
  const main = page.locator("main");
  await main.getByLabel("Email", { exact: true }).fill(who.email);
  await main.getByLabel("Password", { exact: true }).fill(who.password);
  await main.getByRole("button", { name: "Log In" }).click();
  await page.waitForURL(/\/dashboard/);
}

/** A real PNG of the given size, for the upload fields. */
export async function pngFile(name: string, colour = "#a3435a") {
  const buffer = await sharp({ create: { width: 900, height: 700, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** The admin screens' pieces, so journeys read like the spec. */
export const admin = {
  async search(page: Page, text: string) {
    await page.getByRole("searchbox").fill(text);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get("q") === text);
    // the address changes a moment before React draws the new list (a transition): the search
    // box's default value comes from the same answer as the rows
    await expect.poll(() => page.getByRole("searchbox").evaluate((el) => (el as HTMLInputElement).defaultValue)).toBe(text);
    await expect.poll(() => page.getByText("Loading...").count()).toBe(0);
  },
  rows: (page: Page) => page.locator("main table tbody tr"),
  /** the text of the first row, once the list has loaded */
  async firstRowText(page: Page) {
    await expect.poll(() => page.locator("main table tbody tr").count()).toBeGreaterThan(0);
    return (await page.locator("main table tbody tr").first().textContent()) ?? "";
  },
  showing: (page: Page) => page.getByText(/^Showing \d+ to \d+ of [\d,]+ entries$/),
  /**
   * The mails the outbox worker wrote to DATA_DIR/outbox (no SMTP set), one text per mail, as a
   * person reads them: quoted-printable soft line breaks (either newline) joined, =XX bytes decoded.
   */
  outboxMails(): string[] {
    const dir = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
    if (!fs.existsSync(dir)) return [];
    // each mail is written twice: <id>.eml (the message) and <id>.json (its fields)
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".eml"))
      .map((f) =>
        fs
          .readFileSync(path.join(dir, f), "utf8")
          .replace(/=\r?\n/g, "")
          .replace(/(?:=[0-9A-F]{2})+/g, (bytes) => Buffer.from(bytes.replace(/=/g, ""), "hex").toString("utf8")),
      );
  },
};

/** A new team member (POST /api/admins), added with the signed-in admin's cookie; `/adminregister` is the screen's way. */
export async function addTeamMember(
  context: BrowserContext,
  member: { firstName: string; lastName: string; email: string; password: string },
) {
  const res = await context.request.post("/api/admins", { data: member, headers: { Origin: baseUrl } });
  expect(res.status()).toBe(201);
}

export async function expectUrl(page: Page, re: RegExp) {
  await expect.poll(() => page.url()).toMatch(re);
}
