import { Link } from "react-router";
import type { ShopContact } from "../contact/shop-contact";
import { SocialIcon, socialLabels } from "../contact/social-icon";
import { Logo } from "./logo";
import { NewsletterForm } from "../newsletter-form";

// docs/product.md §2 "Footer": Categories links, Products names (not linked), Stay Connected, social icons.
const categoryLinks = [
  { to: "/products", label: "Search" },
  // docs/product.md "Gifts for teams"
  { to: "/teamgifts", label: "Gifts for Teams" },
  { to: "/terms", label: "Terms of Service" },
  { to: "/terms#refunds", label: "Refund Policy" },
];
const productNames = ["Motivational Calendars", "Self-Care Cards", "Gratitude Journals", "Colouring Books"];

/** `socials`: the shop's own pages from /settings; a network without a link has no icon (docs/product.md "WhatsApp and social links"). */
export function SiteFooter({ socials }: { socials: ShopContact["socials"] }) {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-line bg-sand">
      <div className="container-page grid gap-10 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo />
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-muted">
            Thoughtful self-care for the woman who gives so much. Made with love in Lagos.
          </p>
        </div>
        <div>
          <h2 className="font-sans text-sm font-bold uppercase tracking-wider">Categories</h2>
          <ul className="mt-4 space-y-1 text-sm">
            {categoryLinks.map((l) => (
              <li key={l.label}>
                <Link to={l.to} className="inline-block py-1.5 text-muted hover:text-rose">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="font-sans text-sm font-bold uppercase tracking-wider">Products</h2>
          <ul className="mt-4 space-y-3 text-sm text-muted">
            {productNames.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
        <div>
          <h2 className="font-sans text-sm font-bold uppercase tracking-wider">Stay Connected</h2>
          <p className="mt-4 text-sm text-muted">Gentle notes, new arrivals and offers. No spam.</p>
          <NewsletterForm source="footer" idPrefix="footer" />
          {socials.length ? (
            <ul className="mt-5 flex flex-wrap gap-2" aria-label="Social media">
              {socials.map(({ network, url }) => (
                <li key={network}>
                  <a
                    href={url}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${socialLabels[network]} (opens in a new tab)`}
                    className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-linen text-rose hover:bg-blush"
                    data-testid={`social-${network}`}
                  >
                    <SocialIcon network={network} />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <div className="border-t border-line">
        <div className="container-page flex flex-col gap-2 py-5 text-sm text-muted sm:flex-row sm:items-center sm:justify-between">
          <p>© 2024{year > 2024 ? `–${year}` : ""} Alafia Self-Care. All rights reserved.</p>
          <p className="flex flex-wrap gap-x-4">
            <Link to="/track" className="py-1.5 font-semibold hover:text-rose">
              Track your order
            </Link>
            <Link to="/privacy" className="py-1.5 hover:text-rose">
              Privacy Policy
            </Link>
            <Link to="/terms" className="py-1.5 hover:text-rose">
              Terms of Use
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
