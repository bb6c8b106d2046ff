import { Heart, LogOut, Menu, Search, ShoppingBag, User, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { useCartBadge } from "../../lib/guest-cart";
import { useHydrated } from "../../lib/scripted";
import { Logo } from "./logo";
import { navLinks } from "./nav-links";

/**
 * `scripted` false: a page without JavaScript (app/lib/scripted.ts). There, and on any page until
 * its script runs, search and menu open by their links (#site-search, #mobile-menu: :target); then
 * they are buttons, and a panel opened by its link stays open.
 */
/** `cartCount`: the server's count of a signed-in shopper's cart (a guest's is read in her browser). */
type Props = { user: { firstName: string } | null; cartCount: number; scripted?: boolean };

export function SiteHeader({ user, cartCount, scripted = true }: Props) {
  const hydrated = useHydrated();
  const buttons = scripted && hydrated;
  const location = useLocation();
  // each panel remembers the page it was opened on, so any navigation closes it; untouched
  // (undefined), a panel its link opened before the script ran (#site-search, #mobile-menu) stays open
  const here = location.pathname + location.search;
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>();
  const [searchOpenOn, setSearchOpenOn] = useState<string | null>();
  const openedByLink = (id: string) => buttons && location.hash === `#${id}`;
  const menuOpen = menuOpenOn === undefined ? openedByLink("mobile-menu") : menuOpenOn === here;
  const searchOpen = searchOpenOn === undefined ? openedByLink("site-search") : searchOpenOn === here;
  const setMenuOpen = (toggle: (open: boolean) => boolean) => setMenuOpenOn(toggle(menuOpen) ? here : null);
  const setSearchOpen = (toggle: (open: boolean) => boolean) => setSearchOpenOn(toggle(searchOpen) ? here : null);
  const searchInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (searchOpen) searchInput.current?.focus();
  }, [searchOpen]);

  const iconButton = "relative inline-flex h-11 w-11 items-center justify-center rounded-full text-ink hover:bg-blush";
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-cream/95 backdrop-blur">
      <div className="container-page flex h-16 items-center gap-3">
        <Logo />
        <nav aria-label="Main" className="ml-6 hidden flex-1 md:block">
          <ul className="flex flex-wrap items-center gap-x-5 gap-y-1 text-sm font-semibold">
            {navLinks.map((link) => (
              <li key={link.label}>
                <NavLink
                  to={link.to}
                  end
                  className={({ isActive }) =>
                    `py-2 hover:text-rose ${isActive && link.to !== "/products?sort=best_selling" ? "text-rose" : "text-ink"}`
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-1">
          {buttons ? (
            <button
              type="button"
              className={iconButton}
              aria-label="Search products"
              aria-expanded={searchOpen}
              aria-controls="site-search"
              onClick={() => setSearchOpen((v) => !v)}
            >
              <Search size={20} aria-hidden="true" />
            </button>
          ) : (
            <a href="#site-search" className={iconButton} aria-label="Search products">
              <Search size={20} aria-hidden="true" />
            </a>
          )}
          {user ? (
            // her wish list (docs/product.md "Wish lists"); on a phone it is in the menu
            <Link to="/wishlist" className={`${iconButton} max-sm:hidden`} aria-label="My wish list">
              <Heart size={20} aria-hidden="true" />
            </Link>
          ) : null}
          <CartLink signedIn={!!user} serverCount={cartCount} className={iconButton} />
          {user ? (
            <Link
              to="/profile"
              className="inline-flex h-11 min-w-0 items-center gap-1 rounded-full px-1.5 text-sm font-semibold hover:bg-blush"
            >
              <User size={20} aria-hidden="true" className="hidden sm:block" />
              <span data-testid="header-first-name" className="max-w-14 truncate sm:max-w-24">
                {user.firstName}
              </span>
            </Link>
          ) : null}
          {user ? (
            // Log out ends the session on the server (a POST, never a link a prefetch could follow)
            <Form method="post" action="/logout" className="hidden md:block">
              <button
                type="submit"
                className="inline-flex h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold hover:bg-blush"
              >
                <LogOut size={18} aria-hidden="true" />
                Log out
              </button>
            </Form>
          ) : (
            <Link to="/login" className={iconButton} aria-label="Log in">
              <User size={20} aria-hidden="true" />
            </Link>
          )}
          {buttons ? (
            <button
              type="button"
              className={`${iconButton} md:hidden`}
              aria-label={menuOpen ? "Close menu" : "Open menu"}
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpen((v) => !v)}
            >
              {menuOpen ? <X size={22} aria-hidden="true" /> : <Menu size={22} aria-hidden="true" />}
            </button>
          ) : (
            <a href="#mobile-menu" className={`${iconButton} md:hidden`} aria-label="Open menu">
              <Menu size={22} aria-hidden="true" />
            </a>
          )}
        </div>
      </div>
      {/* without JavaScript, the search link's #site-search opens it (:target) */}
      <div
        id="site-search"
        hidden={buttons && !searchOpen}
        className={`border-t border-line bg-linen ${buttons ? "" : "hidden target:block"}`}
      >
        <Form action="/products" method="get" role="search" className="container-page flex gap-2 py-3">
          <label htmlFor="site-search-q" className="sr-only">
            Search products
          </label>
          <input
            ref={searchInput}
            id="site-search-q"
            name="q"
            type="search"
            placeholder="Search journals, cards, calendars..."
            className="input"
          />
          <button type="submit" className="btn-primary">
            Search
          </button>
        </Form>
      </div>
      <nav
        id="mobile-menu"
        aria-label="Mobile"
        hidden={buttons && !menuOpen}
        className={`border-t border-line bg-linen md:hidden ${buttons ? "" : "hidden target:block"}`}
      >
        {buttons ? null : (
          // opened by its link (:target), closed by one to a fragment no element has
          <div className="container-page flex justify-end pt-2">
            <a
              href="#menu-closed"
              className="inline-flex min-h-11 items-center gap-1 rounded-full px-3 text-sm font-semibold hover:bg-blush"
            >
              <X size={18} aria-hidden="true" />
              Close menu
            </a>
          </div>
        )}
        <ul className="container-page flex flex-col py-2 text-base font-semibold">
          {navLinks.map((link) => (
            <li key={link.label}>
              <NavLink to={link.to} end className="block rounded-lg px-2 py-3 hover:bg-blush">
                {link.label}
              </NavLink>
            </li>
          ))}
          <li>
            <NavLink to={user ? "/profile" : "/login"} className="block rounded-lg px-2 py-3 hover:bg-blush">
              {user ? "My profile" : "Log in"}
            </NavLink>
          </li>
          {user ? (
            <li>
              <NavLink to="/wishlist" end className="block rounded-lg px-2 py-3 hover:bg-blush">
                My wish list
              </NavLink>
            </li>
          ) : null}
          {user ? (
            <li>
              <Form method="post" action="/logout">
                <button type="submit" className="block w-full rounded-lg px-2 py-3 text-left hover:bg-blush">
                  Log out
                </button>
              </Form>
            </li>
          ) : null}
        </ul>
      </nav>
    </header>
  );
}

/**
 * The cart link and its badge. A guest's count is read from her browser once the script runs:
 * kept here, that first read re-renders this link alone, not the page around it.
 */
function CartLink({ signedIn, serverCount, className }: { signedIn: boolean; serverCount: number; className: string }) {
  // null: not known on this page yet (a guest's cart lives in her browser): no number shown
  const count = useCartBadge(signedIn, serverCount);
  return (
    <Link to="/cart" className={className} aria-label={count === null ? "Cart" : `Cart, ${count} ${count === 1 ? "item" : "items"}`}>
      <ShoppingBag size={20} aria-hidden="true" />
      {count === null ? null : (
        <span
          data-testid="cart-count"
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-rose px-1.5 text-center text-xs font-bold leading-5 text-white"
        >
          {count}
        </span>
      )}
    </Link>
  );
}
