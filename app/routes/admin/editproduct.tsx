import { redirect } from "react-router";
import { toastOnRedirect } from "../../components/admin/admin-form";
import { ImagePanel } from "../../components/admin/image-panel";
import { ProductHistory } from "../../components/admin/product-history";
import { CostPricePanel } from "../../components/admin/cost-price-panel";
import { LoadFailed } from "../../components/admin/load-failed";
import { BackButton, ProductForm, stockAsLoaded } from "../../components/admin/product-form";
import { PageHeader } from "../../components/admin/table-parts";
import { appContext } from "../../context";
import { parseFields, readForm } from "../../lib/form-action.server";
import { requireAdminPage } from "../../lib/guards.server";
import { productInput, type ProductPatch } from "../../../modules/catalog/admin-schemas";
import { listCategoryOptions } from "../../../modules/catalog/admin-categories.server";
import { removeProductImage, updateProduct } from "../../../modules/catalog/admin-products.server";
import { productHistory } from "../../../modules/catalog/product-history.server";
import { getProduct } from "../../../modules/catalog/service.server";
import { recordOr404 } from "../../lib/not-found.server";
import { adminAction, ownerOnly, recordId } from "./admin-action.server";
import { isOwner } from "../../../modules/accounts/roles";
import { productCostInput } from "../../../modules/pricing/cost-schemas";
import { productCost, setProductCost } from "../../../modules/pricing/costs.server";
import { unitPrice } from "../../../modules/pricing/price-order";
import type { FormResult } from "../../lib/forms";
import { loadOrNull } from "./list-query.server";
import { isRecordId } from "../../../lib/record-id";
import { restockNote } from "../../../modules/marketing/back-in-stock.server";
import { buyersWaitingOn } from "../../../modules/orders/ship-day.server";
import { withWishCounts } from "../../../modules/wish-lists/service.server";
import type { Route } from "./+types/editproduct";

export const meta = () => [{ title: "Edit Product | Alafia admin" }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireAdminPage(context, request);
  const { db, env, logger } = context.get(appContext);
  // an unknown product is the 404 page; a failed load is the docs/product.md §8 message on this screen
  const id = isRecordId(params.id) ? params.id : null;
  const [product, categories, waiting, history, cost, toTell, wished] = await Promise.all([
    loadOrNull(logger, "product", () => recordOr404(params.id, (id) => getProduct(db, id), "Product not found")),
    loadOrNull(logger, "categories", () => listCategoryOptions(db)),
    // docs/product.md "Back in stock": who restocking it would tell
    loadOrNull(logger, "waiting shoppers", async () => (id ? restockNote(db, env, id) : null)),
    // docs/product.md "Product history": who changed its price, stock, title, category or photo, and from what
    loadOrNull(logger, "product history", async () => (id ? productHistory(db, id) : [])),
    // docs/product.md "Cost prices and profit": the owner's alone, never sent to staff
    loadOrNull(logger, "cost price", async () => (id && isOwner(user.role) ? productCost(db, id) : null)),
    // docs/product.md "Pre-orders": the buyers a moved ship day tells
    loadOrNull(logger, "pre-order buyers", async () => (id ? buyersWaitingOn(db, id) : 0)),
    // docs/product.md "Wish lists": how many shoppers would love it (a count only)
    loadOrNull(logger, "wish lists", async () => (id ? (await withWishCounts(db, [{ id }]))[0]!.wished : 0)),
  ]);
  return { product, categories, waiting, history, cost, toTell, wished };
}

/** The form's save, the image panel's Remove Current Image (`intent=removeImage`), or the owner's cost price (`intent=cost`). */
export async function action(args: Route.ActionArgs) {
  return adminAction(args, async ({ db, env, storage, user }): Promise<FormResult | Response> => {
    const id = recordId(args.params.id, "Product");
    const form = await readForm(args.request);
    if (form.get("intent") === "removeImage") {
      await removeProductImage(db, storage, id, user);
      return { ok: true };
    }
    if (form.get("intent") === "cost") {
      ownerOnly(user);
      const { cost } = await setProductCost(db, id, parseFields(form, productCostInput).cost, user.id);
      return { ok: true, msg: cost === null ? "Cost price removed" : "Cost price saved" };
    }
    const { trackStock, stock, ...fields } = parseFields(form, productInput);
    // a stock figure left as it was loaded is not written back over units a checkout took meanwhile
    const unchanged = stockAsLoaded({ trackStock: trackStock ?? false, stock: stock ?? null }) === form.get("stockAsLoaded");
    const patch: ProductPatch = unchanged ? fields : { ...fields, trackStock, stock };
    await updateProduct(db, id, patch, user, env);
    return redirect("/producttable");
  });
}

export const clientAction = (args: Route.ClientActionArgs) => toastOnRedirect("Product updated", args);

/** "On 3 shoppers' wish lists: …" and what a change tells them. */
const wishedWords = (n: number) =>
  `On ${n === 1 ? "1 shopper's wish list" : `${n} shoppers' wish lists`}: a lower price that holds 10 minutes, or its return when sold out, is mailed to ${n === 1 ? "her" : "them"} (unless ${n === 1 ? "she has" : "they have"} turned those mails off).`;

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, categories, waiting, history, cost, toTell, wished } = loaderData;
  // a refused cost price drawn again without the script is the cost panel's, not the product form's
  const productAnswer = actionData?.sent?.some(([name, value]) => name === "intent" && value === "cost") ? undefined : actionData;
  return (
    <div className="max-w-3xl">
      <BackButton to="/producttable" label="Back to Products" />
      <PageHeader title="Edit Product" />
      {product ? (
        <div className="grid gap-5">
          {waiting ? (
            <p className="rounded-2xl border border-line bg-sage-soft p-4 text-sm font-semibold" data-testid="back-in-stock-waiting">
              {waiting}
            </p>
          ) : null}
          {wished ? (
            <p className="rounded-2xl border border-line bg-blush/60 p-4 text-sm font-semibold" data-testid="wish-lists-holding">
              {wishedWords(wished)}
            </p>
          ) : null}
          <ImagePanel url={`/api/products/${product.id}`} removable imageUrl={product.imageUrl} alt={product.title} />
          <ProductForm categories={categories} product={product} answer={productAnswer} shipDayBuyers={toTell ?? 0} />
          {cost ? <CostPricePanel cost={cost} sellsFor={unitPrice(product)} /> : null}
          {history?.length ? <ProductHistory saves={history} /> : null}
        </div>
      ) : (
        <LoadFailed message="Failed to load product details" />
      )}
    </div>
  );
}
