import { Heart } from "lucide-react";
import type { ListNews } from "../../../modules/wish-lists/bought.server";
import { ShareOnWhatsApp } from "../contact/whatsapp-links";

/** The message she sends the others: what she is getting from the list, and its link to pick something else. */
export const listNewsMessage = (news: ListNews & { url: string }) =>
  `From ${news.firstName}'s wish list, I'm getting: ${news.titles.join(", ")}. Pick something else from it: ${news.url}`;

/**
 * docs/product.md "Wish lists", "Bought from her list": on the order's page of whoever bought from a
 * friend's list, what is now marked bought there, and a WhatsApp message to tell the others (the
 * group planning the birthday).
 */
export function ListNewsShare({ news }: { news: ListNews & { url: string } }) {
  return (
    <section className="mt-8 rounded-2xl border border-line bg-sage-soft p-5" aria-labelledby="list-news-title" data-testid="list-news">
      <h2 id="list-news-title" className="flex items-center gap-2 text-lg">
        <Heart size={20} aria-hidden="true" className="text-rose" /> Marked bought on {news.firstName}'s wish list
      </h2>
      <p className="mt-1">{news.titles.join(", ")}. Buying for her with others? Tell them what you are getting, so no one buys it too.</p>
      <ShareOnWhatsApp message={listNewsMessage(news)} className="mt-3" label="Tell the others on WhatsApp" />
    </section>
  );
}
