import { Link } from "react-router";
import type { PostView } from "../../../modules/content/posts.server";
import { flattenText, POST_PREVIEW_LENGTH } from "../../lib/card-data";
import { PreviewText } from "../preview-text";
import { ResponsiveImage } from "../responsive-image";

// docs/product.md §2 "Cards": a blog card shows title, image, heading and the text's first 200 characters.
export function BlogCard({ post, priority = false }: { post: PostView; priority?: boolean }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-linen shadow-sm hover:shadow-md">
      <Link to={`/blogdetails/${post.id}`} className="group flex h-full flex-col">
        <ResponsiveImage
          images={post.images}
          fallbackUrl={post.imageUrl}
          alt=""
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 45vw, 90vw"
          priority={priority}
          className="aspect-[3/2] w-full object-cover"
        />
        <div className="flex flex-1 flex-col gap-2 p-5">
          <h3 className="font-display text-xl leading-snug group-hover:text-rose">{post.title}</h3>
          <p className="text-sm font-semibold text-sage">{post.heading}</p>
          <p className="text-sm leading-relaxed text-muted">
            <PreviewText text={flattenText(post.text)} length={POST_PREVIEW_LENGTH} />
          </p>
          <p className="mt-auto pt-2 text-sm font-semibold text-rose-dark">Read more</p>
        </div>
      </Link>
    </article>
  );
}

/** docs/product.md §9: dates in en-US long form (e.g. May 1, 2026), in Lagos time on server and browser alike. */
export function formatPostDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "Africa/Lagos" });
}
