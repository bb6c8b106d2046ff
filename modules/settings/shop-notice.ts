import { z } from "zod";
import { isCalendarDate, lagosNow, longDay } from "../../lib/lagos-calendar";

// docs/product.md "Note to shoppers": one line the owner puts at the top of every storefront page
// (a holiday break, a delivery cut-off, a sale), until a Lagos day she picks, opening a page of the
// shop when she gives one. Empty text: no note. Safe for the browser.

export const NOTICE_MAX = 160;

/** "" or a page of this shop: a path such as /products?sort=best_selling or /?code=XMAS25, never another site. */
const isShopPath = (v: string) => /^\/(?![/\\])[^\s<>"]*$/.test(v);

export const shopNoticeFields = {
  noticeText: z
    .string({ error: "Note to shoppers must be text" })
    .trim()
    .max(NOTICE_MAX, `Note to shoppers must be at most ${NOTICE_MAX} characters`),
  noticeFrom: z
    .string({ error: "Show from must be a date" })
    .trim()
    .refine((v) => v === "" || isCalendarDate(v), "Show from must be a date like 2026-12-20"),
  noticeUntil: z
    .string({ error: "Show until must be a date" })
    .trim()
    .refine((v) => v === "" || isCalendarDate(v), "Show until must be a date like 2026-12-24"),
  noticeLink: z
    .string({ error: "Note's link must be text" })
    .trim()
    .max(200, "Note's link must be at most 200 characters")
    .refine((v) => v === "" || isShopPath(v), "Note's link must be a page of the shop, starting with /, like /products"),
};

export const defaultShopNotice = { noticeText: "", noticeFrom: "", noticeUntil: "", noticeLink: "" };
export const shopNoticeKeys = Object.keys(defaultShopNotice) as (keyof typeof defaultShopNotice)[];

export type ShopNotice = { text: string; link: string | null };

/** The note shoppers see now: set, its first day (Lagos) come, and its last day not past. */
export function activeNotice(s: typeof defaultShopNotice, now: Date): ShopNotice | null {
  if (!s.noticeText) return null;
  const today = lagosNow(now).date;
  if ((s.noticeFrom && today < s.noticeFrom) || (s.noticeUntil && today > s.noticeUntil)) return null;
  return { text: s.noticeText, link: s.noticeLink || null };
}

/** A note whose last day comes before its first would never show: refused, on the settings as they would be saved. */
export function shopNoticeProblems(s: typeof defaultShopNotice): Record<string, string> {
  return s.noticeFrom && s.noticeUntil && s.noticeUntil < s.noticeFrom ? { noticeUntil: "Show until must be on or after Show from" } : {};
}

/**
 * Whether shoppers see the note today, as /settings tells the owner: "Shoppers see it now",
 * "Shoppers see it from Sunday 20 December 2026", "Its last day has passed: shoppers no longer see it";
 * null without a note.
 */
export function noticeState(s: typeof defaultShopNotice, now: Date): string | null {
  if (!s.noticeText) return null;
  if (activeNotice(s, now)) return s.noticeUntil ? `Shoppers see it now, through ${longDay(s.noticeUntil)}` : "Shoppers see it now";
  if (s.noticeFrom && lagosNow(now).date < s.noticeFrom) return `Shoppers see it from ${longDay(s.noticeFrom)}`;
  return "Its last day has passed: shoppers no longer see it";
}
