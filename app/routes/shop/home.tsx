import { Link } from "react-router";
import { BlogCard } from "../../components/blog/blog-card";
import { CategoryCard } from "../../components/category-card";
import { HeroSlider } from "../../components/home/hero-slider";
import { NewsletterPopup } from "../../components/home/newsletter-popup";
import { ProductCarousel } from "../../components/home/product-carousel";
import { NewsletterForm } from "../../components/newsletter-form";
import { appContext } from "../../context";
import { forProductCard, forBlogCard } from "../../lib/card-data";
import { pageMeta } from "../../lib/seo";
import { publicOrigin } from "../../../lib/public-origin";
import { listBestSellers, listCategories } from "../../../modules/catalog/service.server";
import { listPosts } from "../../../modules/content/posts.server";
import type { Route } from "./+types/home";

export function meta({ data }: Route.MetaArgs) {
  return pageMeta({
    title: "Alafia Self-Care | Journals, self-care cards and gifts in Lagos",
    description:
      "Gratitude journals, self-care cards, motivational calendars, colouring books and stress-relief packages, delivered across Lagos.",
    url: data ? `${data.origin}/` : undefined,
  });
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const [categories, bestSellers, posts] = await Promise.all([listCategories(db), listBestSellers(db, 9), listPosts(db, { pageSize: 3 })]);
  return {
    categories,
    bestSellers: bestSellers.map(forProductCard),
    posts: posts.items.map(forBlogCard),
    origin: publicOrigin(context.get(appContext).env),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { categories, bestSellers, posts } = loaderData;
  return (
    <main id="main">
      {/* the page's one h1 stays put: the slides (h2) take turns being inert every 3 s */}
      <h1 className="sr-only">Alafia Self-Care: journals, cards and gifts for self-care</h1>
      <HeroSlider />

      <section className="container-page py-14" aria-labelledby="categories-title">
        <h2 id="categories-title" className="text-3xl">
          Shop by category
        </h2>
        {/* two tiles a row on phones: the six categories fit in one screen and a half, not four */}
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3">
          {categories.map((category, i) => (
            <li key={category.id}>
              {/* the first tile is the largest image above the fold */}
              <CategoryCard category={category} priority={i === 0} />
            </li>
          ))}
        </ul>
      </section>

      <section className="container-page py-6" aria-labelledby="bestsellers-title">
        <div className="flex items-end justify-between gap-4">
          <h2 id="bestsellers-title" className="text-3xl">
            Best sellers
          </h2>
          <Link to="/products?sort=best_selling" className="py-2 text-sm font-semibold text-rose-dark hover:underline">
            See all
          </Link>
        </div>
        <div className="mt-6">
          <ProductCarousel products={bestSellers} label="Best sellers" />
        </div>
      </section>

      {posts.length > 0 && (
        <section className="container-page py-14" aria-labelledby="journal-title">
          <h2 id="journal-title" className="text-3xl">
            From the journal
          </h2>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {posts.map((post) => (
              <li key={post.id}>
                <BlogCard post={post} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <section className="container-page pb-6" aria-labelledby="blog-subscribe-title">
        <div className="rounded-3xl bg-sage-soft px-6 py-10 sm:px-12">
          <h2 id="blog-subscribe-title" className="text-3xl">
            Get new posts in your inbox
          </h2>
          <p className="mt-2 max-w-xl text-muted">
            One gentle letter a fortnight: a new blog post, a self-care prompt and first look at new journals.
          </p>
          <div className="max-w-lg">
            <NewsletterForm source="blog" idPrefix="home-blog" />
          </div>
        </div>
      </section>

      <NewsletterPopup />
    </main>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
