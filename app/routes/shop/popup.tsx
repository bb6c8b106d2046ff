import { PopupSignupForm } from "../../components/home/popup-signup-form";
import { pageMeta } from "../../lib/seo";

// docs/product.md §2 route /popup: the newsletter pop-up's sign-up, as a page of its own (shareable link).
export function meta() {
  return pageMeta({
    title: "Join our newsletter",
    description: "Sign up for gentle self-care notes, new arrivals and members-only offers from Alafia Self-Care.",
    noindex: true,
  });
}

export default function Popup() {
  return (
    <main id="main" className="container-page py-12">
      <div className="mx-auto max-w-md rounded-3xl border border-line bg-linen p-6 shadow-sm sm:p-8">
        <PopupSignupForm titleId="popup-page-title" idPrefix="popup-page" titleLevel={1} />
      </div>
    </main>
  );
}
