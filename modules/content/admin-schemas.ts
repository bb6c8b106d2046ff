import { z } from "zod";
import { listParams, requiredText, sortParam } from "../../lib/form-fields";

// Blog text is plain text with paragraphs separated by blank lines (safe Markdown subset).
export const postInput = z
  .object({
    title: requiredText("Title", 160),
    heading: requiredText("Heading", 240),
    text: requiredText("Text", 50_000),
  })
  .strict();
export type PostInput = z.input<typeof postInput>;
/** PUT /api/posts/{id} (JSON): any of the fields; the others keep their stored value. */
export const postPatch = postInput.partial();
export type PostPatch = z.input<typeof postPatch>;

// Lists: the API and /blogtable validate the same parameters; each picks its page size.
export const postSorts = ["newest", "oldest", "title"] as const;
/** GET /api/posts: 12 per page, newest first, as before. */
export const postListQuery = z.object({ ...listParams(12), sort: sortParam(postSorts, "newest") }).strict();
/** /blogtable: 3 per page (docs/product.md §9). */
export const adminPostListQuery = z.object({ ...listParams(3), sort: sortParam(postSorts, "newest") }).strict();
export type PostListQuery = z.input<typeof postListQuery>;
