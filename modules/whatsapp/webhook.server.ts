import crypto from "node:crypto";
import type { Queryable } from "../../db/client";
import { setOptOut } from "./opt-outs.server";

// The WhatsApp Cloud API's webhook (Meta's "messages" field): a shopper's reply reaches the shop
// here. STOP (or UNSUBSCRIBE) ends the shop's WhatsApp messages to that number; START brings them
// back. Other replies are for the owner's WhatsApp inbox, not for the shop's server.

const STOP = new Set(["stop", "unsubscribe", "stop all", "opt out"]);
const START = new Set(["start", "subscribe", "opt in"]);

/** Meta signs each delivery with HMAC-SHA256 of the raw body under the app's secret: "sha256=<hex>". */
export function isValidWhatsAppSignature(appSecret: string, rawBody: string, header: string | undefined): boolean {
  if (!appSecret || !header?.startsWith("sha256=")) return false;
  const expected = Buffer.from(crypto.createHmac("sha256", appSecret).update(rawBody, "utf8").digest("hex"), "utf8");
  const given = Buffer.from(header.slice("sha256=".length).trim().toLowerCase(), "utf8");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

type Incoming = { from?: unknown; type?: unknown; text?: { body?: unknown }; button?: { text?: unknown } };

/** The replies in one delivery: who wrote and what (a typed text or a quick-reply button). */
function replies(event: unknown): { from: string; words: string }[] {
  const entries = (event as { entry?: unknown })?.entry;
  if (!Array.isArray(entries)) return [];
  const found: { from: string; words: string }[] = [];
  for (const entry of entries) {
    const changes = (entry as { changes?: unknown })?.changes;
    if (!Array.isArray(changes)) continue;
    for (const change of changes) {
      const messages = (change as { value?: { messages?: unknown } })?.value?.messages;
      if (!Array.isArray(messages)) continue;
      for (const m of messages as Incoming[]) {
        const words = m.type === "button" ? m.button?.text : m.text?.body;
        if (typeof m.from === "string" && /^\d{6,15}$/.test(m.from) && typeof words === "string")
          found.push({ from: m.from, words: words.trim().toLowerCase().replace(/\s+/g, " ") });
      }
    }
  }
  return found;
}

/** Records the STOPs and STARTs of a verified delivery; returns how many it recorded. */
export async function handleWhatsAppEvent(db: Queryable, event: unknown): Promise<number> {
  let changed = 0;
  for (const { from, words } of replies(event)) {
    if (STOP.has(words)) await setOptOut(db, from, true);
    else if (START.has(words)) await setOptOut(db, from, false);
    else continue;
    changed++;
  }
  return changed;
}
