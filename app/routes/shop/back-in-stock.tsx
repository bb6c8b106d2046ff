import { Link } from "react-router";
import { FormMessage } from "../../components/forms/fields";
import { BackInStockForm, refusalWords } from "../../components/product/back-in-stock-form";
import { appContext } from "../../context";
import { actionHeaders, publicFormAction } from "../../lib/form-action.server";
import type { FormResult } from "../../lib/forms";
import { recordOr404 } from "../../lib/not-found.server";
import { rateRules } from "../../../lib/rate-limit.server";
import { getProduct } from "../../../modules/catalog/service.server";
import { askBackInStock, backInStockForm, contactInput, takesWhatsAppNumbers } from "../../../modules/marketing/back-in-stock.server";
import { getSettings } from "../../../modules/settings/service.server";
import { isSoldOut } from "../../../modules/stock/availability";
import type { Route } from "./+types/back-in-stock";

export const meta = () => [{ title: "Back in stock | Alafia Self-Care" }, { name: "robots", content: "noindex" }];

export const loader = ({ context, params }: Route.LoaderArgs) =>
  recordOr404(params.id, async (id) => {
    const { db, env } = context.get(appContext);
    const [product, shop] = await Promise.all([getProduct(db, id), getSettings(db)]);
    return {
      product: { id: product.id, title: product.title, soldOut: isSoldOut(product.stock) },
      whatsapp: takesWhatsAppNumbers(env, shop),
    };
  });

/**
 * docs/product.md "Back in stock": a sold-out product's box posts here with a fetcher and stays on
 * the product; before the script loads, the post lands on this page, which shows the answer. The
 * same rule and service as POST /api/products/{id}/back-in-stock, her typed email or number read as one.
 */
export const action = (args: Route.ActionArgs) =>
  publicFormAction(args, rateRules.backInStockIp, backInStockForm, async ({ db, env }, data) =>
    askBackInStock(db, env, args.params.id, contactInput(data.contact, takesWhatsAppNumbers(env, await getSettings(db)))),
  );

// a refusal past the rate rule says when to try again
export const headers = actionHeaders;

export default function BackInStock({ loaderData, actionData }: Route.ComponentProps) {
  const { product, whatsapp } = loaderData;
  const answer = actionData as FormResult | undefined;
  return (
    <main id="main" className="container-page max-w-xl py-12">
      <h1 className="text-3xl">{product.title}</h1>
      <div className="mt-6 grid gap-4">
        <FormMessage tone={answer?.ok ? "success" : "error"}>{answer ? (answer.ok ? answer.msg : refusalWords(answer)) : null}</FormMessage>
        {!answer?.ok && product.soldOut ? (
          <BackInStockForm productId={product.id} whatsapp={whatsapp} typed={answer?.typed?.contact} />
        ) : null}
        {!product.soldOut ? <p>It is in stock: you can add it to your cart now.</p> : null}
        <Link to={`/productdetails/${product.id}`} className="btn-outline justify-self-start">
          Back to {product.title}
        </Link>
      </div>
    </main>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
