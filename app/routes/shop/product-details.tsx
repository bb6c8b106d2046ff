import { ChevronLeft } from "lucide-react";
import { data, Link } from "react-router";
import { AddToCart } from "../../components/cart/add-to-cart";
import { BackInStockForm } from "../../components/product/back-in-stock-form";
import { AskOnWhatsApp, ShareOnWhatsApp } from "../../components/contact/whatsapp-links";
import { WishButton } from "../../components/wish-list/wish-button";
import { JsonLd } from "../../components/json-ld";
import { ColourSwatch, SizeRow, StockState } from "../../components/product/product-options";
import { ResponsiveImage } from "../../components/responsive-image";
import { ProductReviews } from "../../components/reviews/product-reviews";
import { StarRating } from "../../components/star-rating";
import { Price } from "../../components/price";
import { appContext } from "../../context";
import { formAction, parseForm } from "../../lib/form-action.server";
import type { FormResult } from "../../lib/forms";
import { requireUserPage } from "../../lib/guards.server";
import { recordOr404 } from "../../lib/not-found.server";
import { isRecordId } from "../../../lib/record-id";
import { absoluteUrl, excerpt, pageMeta } from "../../lib/seo";
import { publicOrigin } from "../../../lib/public-origin";
import { formatNairaAmount, koboToNaira } from "../../../lib/money";
import { getProduct } from "../../../modules/catalog/service.server";
import { isSoldOut } from "../../../modules/stock/availability";
import { availabilityOf, shipsFromWords } from "../../../modules/stock/preorder";

/** schema.org's word for each availability. */
const schemaAvailability = { "out of stock": "OutOfStock", preorder: "PreOrder", "in stock": "InStock" } as const;
import { deliverySpeeds } from "../../../modules/delivery/methods";
import { cheapestRateKobo } from "../../../modules/delivery/areas.server";
import { sharePathOf, sourceImageUrl } from "../../../modules/content/share-images.server";
import { reviewInput } from "../../../modules/reviews/schemas";
import { listReviews, reviewerOf, submitReview } from "../../../modules/reviews/service.server";
import { getSettings } from "../../../modules/settings/service.server";
import { pickupPlaces, pickupPoints } from "../../../modules/settings/pickup-points";
import { productQuestion, shareMessage } from "../../../modules/marketing/whatsapp";
import { takesWhatsAppNumbers } from "../../../modules/marketing/back-in-stock.server";
import { unshared } from "../../../lib/shared-reads.server";
import type { Route } from "./+types/product-details";
import { unitPrice } from "../../../modules/pricing/price-order";
import { isWished } from "../../../modules/wish-lists/service.server";

export function meta({ data }: Route.MetaArgs) {
  if (!data) return pageMeta({ title: "Product not found", description: "This product does not exist.", noindex: true });
  const { product, url, shareImageUrl, price } = data;
  return pageMeta({
    title: product.title,
    description: `${formatNairaAmount(price)} · ${excerpt(product.description, 140)}`,
    url,
    image: shareImageUrl,
    imageAlt: product.title,
    type: "product",
    extra: [
      { property: "product:price:amount", content: price.toFixed(2) },
      { property: "product:price:currency", content: "NGN" },
      { property: "product:availability", content: availabilityOf(product) },
      // X/Twitter cards show these as a labelled line under the title
      { name: "twitter:label1", content: "Price" },
      { name: "twitter:data1", content: formatNairaAmount(price) },
    ],
  });
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, env, user, shared = unshared } = context.get(appContext);
  return recordOr404(params.id, async (id) => {
    // the product, its reviews and the settings are everyone's (a signed-in visit shares them);
    // whether this visitor may review it is hers
    const [product, reviews, reviewer, wished, settings, cheapestRate] = await Promise.all([
      shared(`product ${id}`, () => getProduct(db, id)),
      shared(`reviews ${id}`, () => listReviews(db, id)),
      reviewerOf(db, user?.id ?? null, id),
      // on her wish list (docs/product.md "Wish lists"); a visitor without a session has none
      user ? isWished(db, user.id, id) : false,
      shared("settings", () => getSettings(db)),
      // what delivery costs at least, before she picks her area (docs/product.md "Free delivery")
      shared("cheapest delivery", () => cheapestRateKobo(db)),
    ]);
    const deliveryFrom = cheapestRate ?? settings.standardDeliveryKobo;
    const origin = publicOrigin(context.get(appContext).env);
    const image = sourceImageUrl(product);
    const price = unitPrice(product);
    return {
      product,
      reviews,
      reviewer,
      wished,
      price,
      lowStockThreshold: settings.lowStockThreshold,
      delivery: {
        from: koboToNaira(deliveryFrom),
        freeAbove: koboToNaira(settings.freeDeliveryAboveKobo),
        // collecting it at the shop instead (docs/product.md "Pick-up")
        pickup: pickupPlaces(pickupPoints(settings)) || null,
      },
      // a sold-out product's box takes a WhatsApp number too when the shop can message it
      whatsapp: takesWhatsAppNumbers(env, settings),
      url: `${origin}/productdetails/${product.id}`,
      imageUrl: image ? absoluteUrl(origin, image) : null,
      shareImageUrl: absoluteUrl(origin, sharePathOf("products", product)),
    };
  });
}

/** Write a Review (docs/product.md §6: a buyer only; the service says so to anyone else), as POST /api/reviews/{productId} does. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const user = requireUserPage(context, request);
  const { db } = context.get(appContext);
  // a malformed id is the 404 page, as for the loader
  if (!isRecordId(params.id)) throw data(null, { status: 404 });
  const productId = params.id;
  return formAction(async (): Promise<FormResult> => {
    const { data: input } = await parseForm(request, reviewInput);
    await submitReview(db, user.id, productId, input);
    return { ok: true, msg: "Review submitted successfully!" };
  });
}

/**
 * What delivery costs before she picks her area: "Delivered across Lagos from ₦1,500: Express in 1–2
 * days, Standard in 3–5 days. Or collect it free at 12 Admiralty Way, Lekki. Free delivery once your
 * order reaches ₦50,000." (the cart prices her area). A pre-order begins "Ships from Sat 16 Jan, then
 * delivered…": the speeds count from that day, not from her order.
 */
function deliveryWords(
  { from, freeAbove, pickup }: { from: number; freeAbove: number; pickup: string | null },
  shipsFrom: string | null = null,
): string {
  const speeds = `${deliverySpeeds.express.name} in ${deliverySpeeds.express.days}, ${deliverySpeeds.standard.name} in ${deliverySpeeds.standard.days}`;
  const cost = from > 0 ? ` from ${formatNairaAmount(from)}` : ", free to some areas";
  const free = freeAbove > 0 ? ` Free delivery once your order reaches ${formatNairaAmount(freeAbove)}.` : "";
  const collect = pickup ? ` Or collect it free at ${pickup}.` : "";
  const delivered = shipsFrom ? `${capitalized(shipsFromWords(shipsFrom))}, then delivered` : "Delivered";
  return `${delivered} across Lagos${cost}: ${speeds}.${collect}${free}`;
}

const capitalized = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);

export default function ProductDetails({ loaderData }: Route.ComponentProps) {
  const { product, reviews, reviewer, wished, price, lowStockThreshold, whatsapp, url, imageUrl, delivery } = loaderData;
  const structured: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    description: product.description,
    sku: product.id,
    category: product.category.name,
    ...(imageUrl ? { image: [imageUrl] } : {}),
    ...(product.color ? { color: product.color } : {}),
    ...(product.size ? { size: product.size } : {}),
    brand: { "@type": "Brand", name: "Alafia Self-Care" },
    offers: {
      "@type": "Offer",
      url,
      price: price.toFixed(2),
      priceCurrency: "NGN",
      availability: `https://schema.org/${schemaAvailability[availabilityOf(product)]}`,
      ...(product.shipsFrom && !isSoldOut(product.stock) ? { availabilityStarts: product.shipsFrom } : {}),
      itemCondition: "https://schema.org/NewCondition",
    },
    ...(product.reviews > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: product.rating,
            reviewCount: product.reviews,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };

  return (
    <main id="main" className="container-page py-8">
      <nav aria-label="Breadcrumb">
        <Link
          to={`/categories/${product.category.id}`}
          className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-rose-dark hover:underline"
        >
          <ChevronLeft size={16} aria-hidden="true" /> {product.category.name}
        </Link>
      </nav>
      <div className="mt-2 grid gap-8 md:grid-cols-2 md:gap-12">
        <ResponsiveImage
          images={product.images}
          fallbackUrl={product.imageUrl}
          alt={product.title}
          sizes="(min-width: 1152px) 540px, (min-width: 768px) 46vw, 92vw"
          priority
          className="aspect-square w-full rounded-3xl border border-line object-cover"
        />
        <div className="flex flex-col gap-5">
          <div>
            <StarRating rating={product.rating} count={product.reviews} />
            {product.reviews > 0 && (
              <p className="mt-1 text-sm text-muted">
                {product.rating.toFixed(1)} out of 5 · {product.reviews} {product.reviews === 1 ? "review" : "reviews"}
              </p>
            )}
            <h1 className="mt-2 text-3xl leading-tight sm:text-4xl">{product.title}</h1>
          </div>
          <p className="flex flex-wrap items-baseline gap-3" data-testid="product-price">
            <Price product={product} size="page" save />
          </p>
          <p className="leading-relaxed text-ink">{product.description}</p>
          <SizeRow size={product.size} />
          <ColourSwatch color={product.color} />
          <StockState stock={product.stock} lowStockThreshold={lowStockThreshold} shipsFrom={product.shipsFrom} />
          <AddToCart product={{ id: product.id, title: product.title, stock: product.stock }} />
          {isSoldOut(product.stock) ? <BackInStockForm productId={product.id} whatsapp={whatsapp} /> : null}
          <div className="flex flex-wrap gap-3">
            <WishButton productId={product.id} wished={wished} />
            <AskOnWhatsApp message={(c) => productQuestion(c.shopName, { title: product.title, price, url })} />
            <ShareOnWhatsApp message={shareMessage(product.title, url)} />
          </div>
          <p className="text-sm text-muted" data-testid="delivery-note">
            {deliveryWords(delivery, product.shipsFrom)} Easy returns within 7 days, see our{" "}
            <Link to="/terms#refunds" className="font-semibold text-rose-dark underline">
              refund policy
            </Link>
            .
          </p>
        </div>
      </div>
      <ProductReviews productId={product.id} reviews={reviews} reviewer={reviewer} />
      <JsonLd data={structured} />
    </main>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
