import { Heart } from "lucide-react";
import { Form, Link } from "react-router";
import { CopyButton } from "../../components/copy-button";
import { ShareOnWhatsApp } from "../../components/contact/whatsapp-links";
import { FormMessage } from "../../components/forms/fields";
import { WishItems } from "../../components/wish-list/wish-items";
import { appContext } from "../../context";
import { formAction, parseFields, readForm } from "../../lib/form-action.server";
import type { FormResult } from "../../lib/forms";
import { requireUserPage } from "../../lib/guards.server";
import { AppError } from "../../../lib/errors";
import { publicOrigin } from "../../../lib/public-origin";
import { unshared } from "../../../lib/shared-reads.server";
import { wishListMessage } from "../../../modules/marketing/whatsapp";
import { getSettings } from "../../../modules/settings/service.server";
import { listAddressInput, listMailsInput, wishInput } from "../../../modules/wish-lists/schemas";
import { clearListAddress, listAddressStart, setListAddress } from "../../../modules/wish-lists/list-address.server";
import { deliveryAreaNames } from "../../../modules/delivery/areas.server";
import { ListAddressForm } from "../../components/wish-list/list-address-form";
import { formValues } from "../../lib/forms";
import {
  myWishList,
  newShareLink,
  removeWish,
  saveWish,
  setListMails,
  wishListPath,
  WISH_LIST_MAX,
} from "../../../modules/wish-lists/service.server";
import type { Route } from "./+types/wish-list";

export const meta = () => [{ title: "My wish list | Alafia Self-Care" }, { name: "robots", content: "noindex" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUserPage(context, request);
  const { db, env, shared = unshared } = context.get(appContext);
  const [list, shop, address, areas] = await Promise.all([
    myWishList(db, user.id),
    shared("settings", () => getSettings(db)),
    listAddressStart(db, user.id),
    deliveryAreaNames(db),
  ]);
  const link = list.shareToken ? `${publicOrigin(env)}${wishListPath(list.shareToken)}` : null;
  return {
    items: list.items,
    link,
    message: link ? wishListMessage(shop.shopName, link) : null,
    mails: list.mails,
    max: WISH_LIST_MAX,
    address,
    areas,
  };
}

/**
 * docs/product.md "Wish lists": her list's one action. `add` (the product page's button, posted
 * without leaving it; before its script runs the post lands here), `remove`, `new-link` (the old
 * link stops opening her list), `mails` (`on` 1 or 0: whether a lower price, or a product back in
 * stock, is mailed to her), and `address` / `no-address` (where friends may send her gifts).
 */
export async function action({ context, request }: Route.ActionArgs) {
  const user = requireUserPage(context, request);
  const { db } = context.get(appContext);
  // a refused address comes back with what she typed (a page whose script has not run draws it again)
  let typed: FormResult["typed"];
  const run = async (): Promise<FormResult> => {
    const form = await readForm(request);
    const intent = form.get("intent");
    if (intent === "address") {
      typed = formValues(listAddressInput, form);
      await setListAddress(db, user.id, parseFields(form, listAddressInput));
      return { ok: true, msg: "Saved. Friends who open your list can now send gifts straight to you." };
    }
    if (intent === "no-address") {
      await clearListAddress(db, user.id);
      return { ok: true, msg: "Friends can no longer send gifts to your address from your list." };
    }
    if (intent === "new-link") {
      await newShareLink(db, user.id);
      return { ok: true, msg: "Your list has a new link. The old one no longer opens it." };
    }
    if (intent === "mails") {
      const on = parseFields(form, listMailsInput).on === "1";
      await setListMails(db, user.id, on);
      return {
        ok: true,
        msg: on
          ? "We will email you when something on your list costs less or is back in stock."
          : "We will not email you about your list any more.",
      };
    }
    if (intent !== "add" && intent !== "remove") throw new AppError("invalid", "Please reload the page and try again.");
    const { productId } = parseFields(form, wishInput);
    if (intent === "remove") {
      const title = await removeWish(db, user.id, productId);
      return { ok: true, msg: title ? `Removed ${title} from your wish list.` : "Removed from your wish list." };
    }
    const { title, added } = await saveWish(db, user.id, productId);
    return { ok: true, msg: added ? `Saved ${title} to your wish list.` : `${title} is already on your wish list.` };
  };
  return formAction(run, async () => (typed ? { typed } : {}));
}

export default function WishList({ loaderData, actionData }: Route.ComponentProps) {
  const { items, link, message, mails, max, address, areas } = loaderData;
  const answer = actionData as FormResult | undefined;
  // a refused address: its messages, and what she typed (drawn again without the page's script)
  const typed = Object.entries(answer?.typed ?? {}).filter((e): e is [string, string] => e[1] !== undefined);
  const addressShown = { ...address, ...Object.fromEntries(typed) };
  return (
    <main id="main" className="container-page py-10 sm:py-14">
      <h1 className="text-3xl sm:text-4xl">My wish list</h1>
      <p className="mt-2 max-w-2xl text-muted">
        What you would love, in one place. Share the link when someone asks what to get you: they see your first name and these products,
        never your details.
      </p>
      {answer ? (
        <div className="mt-4">
          <FormMessage tone={answer.ok ? "success" : "error"}>{answer.msg}</FormMessage>
        </div>
      ) : null}
      {link && message && items.length ? <ShareBox link={link} message={message} /> : null}
      {items.length ? (
        <>
          <WishItems items={items} mine />
          <p className="mt-4 text-sm text-muted">
            {items.length} of {max} saved.
          </p>
          <ListMails on={mails} />
          <ListAddressForm saved={address.saved} start={addressShown} areas={areas} errors={answer?.typed ? (answer.fields ?? {}) : {}} />
        </>
      ) : (
        <div className="mt-8 rounded-3xl border border-line bg-linen p-6 text-center sm:p-10">
          <Heart size={32} aria-hidden="true" className="mx-auto text-rose" />
          <p className="mt-3">Nothing saved yet. Tap “Save to my wish list” on anything you love.</p>
          <Link to="/products" className="btn-primary mt-6">
            Browse products
          </Link>
        </div>
      )}
    </main>
  );
}

/** Whether a lower price, or a product back in stock, on her list is mailed to her, and the button that changes it. */
function ListMails({ on }: { on: boolean }) {
  return (
    <Form method="post" className="mt-2 flex flex-wrap items-center gap-x-3 text-sm" data-testid="list-mails">
      <input type="hidden" name="intent" value="mails" />
      <input type="hidden" name="on" value={on ? "0" : "1"} />
      <span>{on ? "We email you when something here costs less or is back in stock." : "We do not email you about your list."}</span>
      <button type="submit" className="inline-flex min-h-11 items-center font-semibold text-rose-dark underline">
        {on ? "Stop these emails" : "Email me about my list"}
      </button>
    </Form>
  );
}

/** Her list's link: copy it, send it on WhatsApp, or make a new one. */
function ShareBox({ link, message }: { link: string; message: string }) {
  return (
    <section aria-labelledby="share-title" className="mt-6 rounded-3xl border border-line bg-cream p-5 sm:p-6" data-testid="wish-share">
      <h2 id="share-title" className="text-xl">
        Share your list
      </h2>
      <div className="mt-3 flex items-center gap-2 rounded-xl border border-line bg-white px-3 py-2">
        <code className="min-w-0 flex-1 truncate text-sm" data-testid="wish-link">
          {link}
        </code>
        <CopyButton text={link} label="Copy your list's link" />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <ShareOnWhatsApp message={message} />
        <Form method="post">
          <input type="hidden" name="intent" value="new-link" />
          <button type="submit" className="inline-flex min-h-11 items-center text-sm font-semibold text-rose-dark underline">
            Make a new link (the old one stops working)
          </button>
        </Form>
      </div>
    </section>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
