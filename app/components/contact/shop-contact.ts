import { useRouteLoaderData } from "react-router";
import type { SocialNetwork } from "../../../modules/settings/contact-link-schemas";

/** What the shop layout's loader hands its pages for the WhatsApp and social links (docs/product.md "WhatsApp and social links"). */
export type ShopContact = {
  shopName: string;
  /** +234 and ten digits; "" when the owner has not given one */
  whatsappNumber: string;
  /** the shop's public origin (PUBLIC_URL), for the absolute links a message carries */
  origin: string;
  /** only the networks the owner gave a link for */
  socials: { network: SocialNetwork; url: string }[];
};

/** The shop's contact links, from the shop layout (routes/shop/layout.tsx); null outside it. */
export function useShopContact(): ShopContact | null {
  const data = useRouteLoaderData("routes/shop/layout") as { contact: ShopContact | null } | undefined;
  return data?.contact ?? null;
}
