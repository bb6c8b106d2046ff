import { z } from "zod";
import { listParams, requiredText } from "../admin/form-fields";

// Blog text is plain text with paragraphs separated by blank lines (safe Markdown subset).
export const postInput = z
  .object({
    title: requiredText("Title", 160),
    heading: requiredText("Heading", 240),
    text: requiredText("Text", 50_000),
  })
  .strict();
export type PostInput = z.input<typeof postInput>;

export const adminPostListQuery = z.object({ q: listParams(3).q, page: listParams(3).page, pageSize: listParams(3).pageSize }).strict();
export type AdminPostListQuery = z.input<typeof adminPostListQuery>;
