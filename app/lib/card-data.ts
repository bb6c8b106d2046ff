import type { PostView } from "../../modules/content/posts.server";
import type { ProductView } from "../../modules/catalog/types";
import { plainText } from "./safe-markdown";

// docs/product.md §9 previews: a product card shows the description's first 32 characters, a blog card
// the text's first 200, each followed by ' . . .' when there is more (components/preview-text).
export const PRODUCT_PREVIEW_LENGTH = 32;
export const POST_PREVIEW_LENGTH = 200;

/**
 * Text on one line: paragraph breaks and other runs of whitespace become one space. The end is
 * not trimmed: a cut that ends on a space must still count as longer than the preview.
 */
export function flattenText(text: string): string {
  return text.replace(/\s+/g, " ").trimStart();
}

// Lists send only what their cards show, plus one character so the card knows there is more;
// the page's HTML and hydration data stay small. A post's text is flattened before the cut,
// so its 201 characters are the ones the card counts.
export const forProductCard = (p: ProductView): ProductView => ({ ...p, description: p.description.slice(0, PRODUCT_PREVIEW_LENGTH + 1) });
export const forBlogCard = (p: PostView): PostView => ({ ...p, text: flattenText(plainText(p.text)).slice(0, POST_PREVIEW_LENGTH + 1) });
