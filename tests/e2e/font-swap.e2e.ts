// On mobile data the web fonts arrive after the first paint. Until then the page is drawn in a
// local font scaled to the web font's metrics (scripts/build-fonts.ts), so the swap moves nothing:
// before, it moved the home page's categories by a layout shift of 0.035 at 412 px and /about's
// text by 0.042 at 375 px. Here the fonts are held back 1.5 s; Debian's Chromium draws the first
// paint in Liberation, the stand-in for Arial and Times New Roman (Android's are Roboto and Noto).
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { useBrowser } from "./support/browser";
import { skipNewsletterPopup } from "./support/shop";

const browser = useBrowser();
const HELD_BACK_MS = 1_500;

declare global {
  interface Window {
    layoutShift: number;
  }
}

async function shiftWhileFontsLoad(page: Page, path: string) {
  await page.addInitScript(() => {
    window.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) window.layoutShift += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.route(/\.woff2$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, HELD_BACK_MS));
    await route.continue();
  });
  await page.goto(path);
  // the first paint's fonts: the scaled local ones
  const firstFaces = await page.evaluate(() => [...document.fonts].filter((f) => f.status === "loaded").map((f) => f.family));
  await expect
    .poll(() => page.evaluate(() => [...document.fonts].some((f) => f.family === "Fraunces Variable" && f.status === "loaded")), {
      timeout: 10_000,
    })
    .toBe(true);
  // two frames after the swap, so its shift is reported
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return { firstFaces, shift: await page.evaluate(() => window.layoutShift) };
}

describe("web fonts arriving after the first paint", () => {
  for (const { path, width } of [
    { path: "/", width: 412 },
    { path: "/about", width: 375 },
  ]) {
    it(`move nothing on ${path} at ${width} px`, async () => {
      const { context, page } = await browser.newPage("phone", undefined, { viewport: { width, height: 823 } });
      await skipNewsletterPopup(context);
      const { firstFaces, shift } = await shiftWhileFontsLoad(page, path);
      expect(firstFaces, "a scaled local face drew the first paint (fonts-liberation installed?)").toEqual(
        expect.arrayContaining([expect.stringMatching(/^Fraunces (?!Variable)/), expect.stringMatching(/^Nunito Sans (?!Variable)/)]),
      );
      expect(shift).toBeLessThan(0.005);
      await context.close();
    });
  }
});
