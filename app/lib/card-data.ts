import type { PostView } from "../../modules/content/posts.server";
import type { ProductView } from "../../modules/catalog/types";

// Lists send only what their cards show (spec §9 previews: 32 characters of a product's
// description, 200 of a post's text), so the page's HTML and hydration data stay small.
export const forProductCard = (p: ProductView): ProductView => ({ ...p, description: p.description.slice(0, 33) });
export const forBlogCard = (p: PostView): PostView => ({ ...p, text: p.text.slice(0, 201) });
