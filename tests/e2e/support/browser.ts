import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type axe from "axe-core";
import type { AxeResults } from "axe-core";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";

export const baseUrl = process.env.E2E_BASE_URL ?? "http://127.0.0.1:3000";
export const screenshotDir = path.resolve("test-results/screenshots");
export const viewports = { phone: { width: 360, height: 780 }, desktop: { width: 1280, height: 900 } } as const;

// Flags measured on our machines (docs/architecture.md): the closed network refuses Chromium's background calls.
const chromeArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** One browser per test file; a fresh context (fresh storage) per journey. */
export function useBrowser() {
  const state: { browser?: Browser } = {};
  beforeAll(async () => {
    state.browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: chromeArgs });
  });
  // a journey that failed leaves what its open pages showed: a picture in test-results/failures, and the
  // address and first lines of each in the log (a CI run's log is often all there is to read)
  afterEach(async ({ task }) => {
    if (task.result?.state !== "fail" || !state.browser) return;
    const dir = path.resolve("test-results/failures");
    fs.mkdirSync(dir, { recursive: true });
    const pages = state.browser.contexts().flatMap((c) => c.pages());
    for (const [i, page] of pages.entries()) {
      const name = `${task.name.replace(/[^\w]+/g, "-").slice(0, 80)}-${i}`;
      await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true }).catch(() => undefined);
      const text = await page
        .locator("main")
        .innerText({ timeout: 2_000 })
        .catch(() => "(no main)");
      process.stderr.write(`\n[failed journey] page ${i}: ${page.url()}\n${text.slice(0, 600)}\n`);
    }
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  return {
    /** `options`: e.g. `{ javaScriptEnabled: false }`, to check a form works before (or without) the page's script */
    async newPage(
      viewport: keyof typeof viewports = "desktop",
      base = baseUrl,
      options: BrowserContextOptions = {},
    ): Promise<{ context: BrowserContext; page: Page }> {
      const context = await state.browser!.newContext({ viewport: viewports[viewport], baseURL: base, locale: "en-NG", ...options });
      const page = await context.newPage();
      return { context, page };
    },
  };
}

/** A full-page picture in test-results/screenshots; `scripted: false` for a page without JavaScript (nothing is run in it). */
export async function screenshot(page: Page, name: string, { scripted = true } = {}) {
  fs.mkdirSync(screenshotDir, { recursive: true });
  // scroll through once so lazy images below the fold are in the full-page picture (a page with none
  // waiting, most of the back office, is drawn as it is)
  if (scripted && (await page.evaluate(() => [...document.images].some((img) => img.loading === "lazy" && !img.complete)))) {
    const y = await page.evaluate(() => window.scrollY);
    await page.evaluate(async () => {
      for (let top = 0; top < document.body.scrollHeight; top += window.innerHeight) {
        window.scrollTo(0, top);
        await new Promise((r) => setTimeout(r, 60));
      }
    });
    await page.waitForLoadState("networkidle").catch(() => {});
    await page.evaluate((top) => window.scrollTo(0, top), y);
  }
  // a long page drawn while the other group's shop and browser are busy can take more than the default 30 s
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true, timeout: 60_000 });
}

/** axe-core: no serious or critical violation on the page as it is now (once what is fading in, a toast, has settled). */
/**
 * The screen as a phone and as a desktop draw it: a picture (`{name}-phone`, `{name}-desktop`) and
 * the accessibility check at each width, in one journey rather than the same journey twice.
 */
export async function atBothWidths(page: Page, name: string) {
  const start = page.viewportSize();
  for (const [width, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    // from the top, as the screen opens: a page left scrolled would draw its sticky header mid-picture
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `${name}-${width}`);
    await expectAccessible(page);
  }
  if (start) await page.setViewportSize(start);
}

export async function expectAccessible(page: Page) {
  // A toast leaves on its own timer (a success after 2 s), fading out over 0.4 s: axe measured one
  // half-faded in a CI run (a contrast failure). Hovering the toast area holds every toast where it
  // is until the check is done; one already leaving fades to nothing first (waited for below).
  const toast = page.locator("[data-rht-toaster] [role=status]").first();
  const holdingToasts =
    (await toast.count()) > 0 &&
    (await toast.hover({ timeout: 3_000 }).then(
      () => true,
      () => false,
    ));
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]),
  );
  const result = await axeViolations(page);
  if (holdingToasts) await page.mouse.move(0, 0); // the toasts' timers run again
  const bad = result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    );
  // the problems in the message itself: a CI log shows them whole, not a diff cut short
  expect(bad, `serious or critical accessibility problems:\n${bad.join("\n")}\n`).toEqual([]);
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core's own run over the page's document, its script put in once per document. Measured on
 * the browsing journeys: 8 s of axe against 27 s through @axe-core/playwright, which opens a blank
 * page for every check to gather its results in and injects the script again each time. Our pages
 * hold no frames, so the one document is the whole page.
 */
async function axeViolations(page: Page): Promise<Pick<AxeResults, "violations">> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ["violations"] });
    return { violations };
  });
}

/** Waits until `locator` is visible (polling, as the page may still be loading or hydrating). */
export async function visible(locator: Locator, timeout = 5_000) {
  await expect.poll(() => locator.isVisible(), { timeout, message: `visible: ${locator.toString()}` }).toBe(true);
}

/** Whether the element holds the page's focus (where a keyboard or a screen reader is). */
export const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/**
 * The visible text boxes whose placeholder is wider than their room, measured in their own font
 * (the footer's email box read 'Your email add', the admin lists' search boxes 'Name, email or phon').
 */
export function clippedPlaceholders(page: Page): Promise<string[]> {
  return page.locator("input[placeholder]:visible, textarea[placeholder]:visible").evaluateAll((boxes) =>
    (boxes as HTMLInputElement[])
      .filter((box) => {
        const style = getComputedStyle(box);
        const context = document.createElement("canvas").getContext("2d")!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return context.measureText(box.placeholder).width > room;
      })
      .map((box) => `${box.id || box.name}: ${box.placeholder}`),
  );
}
