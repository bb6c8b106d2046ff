import { formatNairaAmount } from "../../lib/money";
import { whatsappDigits } from "../../lib/phone";
import { adminOrderPath, orderNumber } from "../orders/statuses";

// 'Ask on WhatsApp' and 'Share on WhatsApp' (docs/product.md "WhatsApp and social links"): plain
// wa.me links with the message filled in, so they work before the page's script loads. The links
// inside a message are absolute and come from the shop's public origin (lib/public-origin.ts),
// never from a request's Host; the callers pass them in.

/** A chat with the shop, the message typed in: https://wa.me/2348031234567?text=… */
export function askOnWhatsAppUrl(shopNumber: string, message: string): string {
  return `https://wa.me/${whatsappDigits(shopNumber)}?text=${encodeURIComponent(message)}`;
}

/** WhatsApp's "send to…" screen with the message typed in: the shopper picks the chat. */
export function shareOnWhatsAppUrl(message: string): string {
  return `https://wa.me/?text=${encodeURIComponent(message)}`;
}

/** The absolute address of a path on the shop, from its configured origin. */
export const shopUrl = (origin: string, path: string) => `${origin.replace(/\/+$/, "")}${path}`;

export const productPath = (id: string) => `/productdetails/${id}`;
export const postPath = (id: string) => `/blogdetails/${id}`;
/** The order's page in the back office: the shop opens it; the shopper's signed link never goes into a chat. */
export const shopOrderPath = adminOrderPath;

/** About one product: its title, the price she sees (naira, the sale price when on sale) and its link. */
export function productQuestion(shopName: string, product: { title: string; price: number; url: string }): string {
  return `Hello ${shopName}, I have a question about ${product.title} (${formatNairaAmount(product.price)}): ${product.url}`;
}

/** About a placed order: its number (docs/product.md §9), total and the shop's link to it. */
export function orderQuestion(shopName: string, order: { id: string; totalAmount: number; url: string }): string {
  return `Hello ${shopName}, I have a question about my order ${orderNumber(order.id)} (${formatNairaAmount(order.totalAmount)}): ${order.url}`;
}

/** To the customer of an order the shop recorded: her order, its total and the link she pays with (docs/product.md "Manual orders"). */
export function payLinkMessage(
  shopName: string,
  order: { id: string; firstName: string; totalAmount: number; leftToPay?: number; url: string },
): string {
  const owed =
    order.leftToPay !== undefined && order.leftToPay < order.totalAmount
      ? `${formatNairaAmount(order.leftToPay)} is left to pay of ${formatNairaAmount(order.totalAmount)}`
      : `The total is ${formatNairaAmount(order.totalAmount)}`;
  return `Hello ${order.firstName}, thank you for your order ${orderNumber(order.id)} with ${shopName}. ${owed}; you can pay here: ${order.url}`;
}

/** The most cart lines a message names; the rest are counted, so the link stays short. */
export const CART_LINES_NAMED = 5;

/** About what is in her cart, one line per product; an empty cart asks in general. */
export function cartQuestion(shopName: string, lines: { title: string; quantity: number; url: string }[]): string {
  if (!lines.length) return `Hello ${shopName}, I have a question about ordering.`;
  const named = lines.slice(0, CART_LINES_NAMED).map((l) => `- ${l.title} x${l.quantity}: ${l.url}`);
  const more = lines.length - named.length;
  return [
    `Hello ${shopName}, I have a question about my cart:`,
    ...named,
    ...(more > 0 ? [`and ${more} more ${more === 1 ? "item" : "items"}`] : []),
  ].join("\n");
}

/** What a shopper shares: the title and its link. */
export const shareMessage = (title: string, url: string) => `${title} ${url}`;

/** What she sends with her wish list's link (docs/product.md "Wish lists"). */
export const wishListMessage = (shopName: string, url: string) =>
  `My wish list at ${shopName}, if you are wondering what to get me: ${url}`;
