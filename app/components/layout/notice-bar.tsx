import { Link } from "react-router";
import type { ShopNotice } from "../../../modules/settings/shop-notice";

/**
 * The owner's note to shoppers (docs/product.md "Note to shoppers"), above the header on every
 * storefront page; it scrolls away with the page. With a link, the whole line opens it.
 */
export function NoticeBar({ notice }: { notice: ShopNotice }) {
  const words = <span className="[overflow-wrap:anywhere]">{notice.text}</span>;
  return (
    <aside aria-label="Note from the shop" className="bg-rose-dark text-sm text-white" data-testid="shop-notice">
      <p className="container-page py-2 text-center">
        {notice.link ? (
          <Link to={notice.link} className="inline-block min-h-6 font-semibold underline underline-offset-2">
            {words}
          </Link>
        ) : (
          words
        )}
      </p>
    </aside>
  );
}
