import { ChevronLeft } from "lucide-react";
import { Link } from "react-router";
import { formatPostDate } from "../../components/blog/blog-card";
import { BlogText } from "../../components/blog-text";
import { ShareOnWhatsApp } from "../../components/contact/whatsapp-links";
import { JsonLd } from "../../components/json-ld";
import { NewsletterForm } from "../../components/newsletter-form";
import { ResponsiveImage } from "../../components/responsive-image";
import { appContext } from "../../context";
import { recordOr404 } from "../../lib/not-found.server";
import { absoluteUrl, excerpt, pageMeta } from "../../lib/seo";
import { publicOrigin } from "../../../lib/public-origin";
import { plainText } from "../../lib/safe-markdown";
import { getPost } from "../../../modules/content/posts.server";
import { shareMessage } from "../../../modules/marketing/whatsapp";
import { shareImagePath } from "../../../modules/content/share-images";
import { shareImageVersion, sourceImageUrl } from "../../../modules/content/share-images.server";
import type { Route } from "./+types/blog-details";

export function meta({ data }: Route.MetaArgs) {
  if (!data) return pageMeta({ title: "Post not found", description: "This blog post does not exist.", noindex: true });
  const { post, url, shareImageUrl } = data;
  return pageMeta({
    title: post.title,
    description: excerpt(`${post.heading}. ${plainText(post.text)}`, 155),
    url,
    image: shareImageUrl,
    imageAlt: post.title,
    type: "article",
    extra: [{ property: "article:published_time", content: post.createdAt }],
  });
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  return recordOr404(params.id, async (id) => {
    const post = await getPost(db, id);
    const origin = publicOrigin(context.get(appContext).env);
    const image = sourceImageUrl(post);
    return {
      post,
      url: `${origin}/blogdetails/${post.id}`,
      imageUrl: image ? absoluteUrl(origin, image) : null,
      shareImageUrl: absoluteUrl(origin, shareImagePath("posts", post.id, shareImageVersion(image))),
      origin,
    };
  });
}

export default function BlogDetails({ loaderData }: Route.ComponentProps) {
  const { post, url, imageUrl, origin } = loaderData;
  return (
    <main id="main" className="container-page py-8">
      <nav aria-label="Breadcrumb">
        <Link to="/blogs" className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-rose-dark hover:underline">
          <ChevronLeft size={16} aria-hidden="true" /> All posts
        </Link>
      </nav>
      <article className="mx-auto mt-2 max-w-3xl">
        <p className="text-sm font-semibold text-muted">
          <time dateTime={post.createdAt}>{formatPostDate(post.createdAt)}</time>
        </p>
        <h1 className="mt-2 text-3xl leading-tight sm:text-5xl">{post.title}</h1>
        <p className="mt-3 text-xl text-sage">{post.heading}</p>
        <ResponsiveImage
          images={post.images}
          fallbackUrl={post.imageUrl}
          alt=""
          sizes="(min-width: 800px) 768px, 92vw"
          priority
          className="mt-6 aspect-[3/2] w-full rounded-3xl object-cover"
        />
        {/* paragraphs with the safe Markdown subset (bold, italic, links); raw HTML stays text */}
        <BlogText text={post.text} className="mt-8 text-lg" />
        <ShareOnWhatsApp message={shareMessage(post.title, url)} className="mt-8" />
      </article>
      <section aria-labelledby="post-subscribe" className="mx-auto mt-12 max-w-3xl rounded-3xl bg-sage-soft p-6 sm:p-8">
        <h2 id="post-subscribe" className="text-2xl">
          Enjoyed this? Get the next one
        </h2>
        <NewsletterForm source="blog" idPrefix="post-subscribe" />
      </section>
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: post.title,
          alternativeHeadline: post.heading,
          description: excerpt(plainText(post.text), 200),
          datePublished: post.createdAt,
          dateModified: post.createdAt,
          mainEntityOfPage: url,
          url,
          ...(imageUrl ? { image: [imageUrl] } : {}),
          author: { "@type": "Organization", name: "Alafia Self-Care", url: `${origin}/` },
          publisher: {
            "@type": "Organization",
            name: "Alafia Self-Care",
            url: `${origin}/`,
            logo: { "@type": "ImageObject", url: `${origin}/apple-touch-icon.png` },
          },
        }}
      />
    </main>
  );
}

export { RouteError as ErrorBoundary } from "../../components/route-error";
