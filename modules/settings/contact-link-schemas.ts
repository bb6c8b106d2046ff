import { z } from "zod";
import { normalizeNigerianPhone } from "../../lib/phone";

// The shop's WhatsApp number and social pages (docs/product.md "WhatsApp and social links"), set
// by the owner in /settings. Empty means "not set": the footer hides the icon, the pages hide
// "Ask on WhatsApp". Nothing shows a link the owner has not given.

/** "" or a Nigerian number, kept as +234 and ten digits (lib/phone.ts) whatever the spelling. */
const nigerianNumber = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(30, `${label} must be at most 30 characters`)
    .refine((v) => v === "" || normalizeNigerianPhone(v) !== null, `${label} must be a Nigerian phone number, like 0803 123 4567`)
    .transform((v) => (v === "" ? "" : normalizeNigerianPhone(v)!));

const isHttpsUrl = (v: string) => {
  try {
    const url = new URL(v);
    // a host with a dot: https://instagram.com/alafia, never https://localhost or https://alafia
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
};

/** "" or an https address (the footer opens it in a new tab). */
const socialUrl = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(300, `${label} must be at most 300 characters`)
    .refine((v) => v === "" || isHttpsUrl(v), `${label} must be an https:// address, like https://www.instagram.com/alafia`);

export const contactLinkFields = {
  whatsappNumber: nigerianNumber("WhatsApp number"),
  // the owner's own phone: new orders and low stock arrive there by WhatsApp when it is set up (modules/whatsapp)
  alertWhatsappNumber: nigerianNumber("Alerts number"),
  instagramUrl: socialUrl("Instagram link"),
  facebookUrl: socialUrl("Facebook link"),
  tiktokUrl: socialUrl("TikTok link"),
  xUrl: socialUrl("X link"),
};

export const defaultContactLinks = {
  whatsappNumber: "",
  alertWhatsappNumber: "",
  instagramUrl: "",
  facebookUrl: "",
  tiktokUrl: "",
  xUrl: "",
};

/** The settings' names of these fields, as the API and the /settings form take them. */
export const contactLinkKeys = Object.keys(defaultContactLinks) as (keyof typeof defaultContactLinks)[];

export type SocialNetwork = "instagram" | "facebook" | "tiktok" | "x";
export const socialLinkKeys = {
  instagram: "instagramUrl",
  facebook: "facebookUrl",
  tiktok: "tiktokUrl",
  x: "xUrl",
} as const satisfies Record<SocialNetwork, keyof typeof defaultContactLinks>;
