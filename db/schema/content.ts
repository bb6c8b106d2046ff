import { index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id, type ImageVariant, updatedAt } from "./columns";

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: id(),
    title: text().notNull(),
    heading: text().notNull(),
    // paragraphs separated by blank lines (safe Markdown subset)
    text: text().notNull(),
    imageUrl: text(),
    imageVariants: jsonb().$type<ImageVariant[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("blog_posts_created_at_idx").on(t.createdAt)],
);
