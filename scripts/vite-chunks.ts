const FRAMEWORK = /\/node_modules\/(react|react-dom|scheduler|react-router|preact|cookie|set-cookie-parser)\//;

// The shop's frame (root, layout: header, footer, cart badge, toasts) and the building blocks
// most storefront pages show. Rollup adds whatever these import that no other group claims.
const SHELL = [
  "/app/root.tsx",
  "/app/routes/shop/layout.tsx",
  "/app/components/route-error.tsx",
  "/app/lib/seo.ts",
  "/app/components/star-rating.tsx",
  "/app/components/responsive-image.tsx",
  "/app/components/json-ld.tsx",
  "/lib/money.ts",
  "/node_modules/lucide-react/dist/esm/icons/chevron-left.js",
  "/node_modules/lucide-react/dist/esm/icons/chevron-right.js",
];

/**
 * Client chunking for the storefront's JS budget.
 * Left alone, Rollup gives every small shared module (an icon, a card, a helper) a file of
 * its own: a product page loaded two dozen files, and gzipped one by one they weighed a
 * quarter more than together. The renderer (Preact, decision 19) and React Router share one
 * "framework" chunk (it changes only on upgrades); the storefront's frame is one "shell" chunk;
 * page code stays with its route, as Rollup decides.
 */
export function storefrontChunks() {
  return (id: string): string | undefined => {
    if (FRAMEWORK.test(id)) return "framework";
    if (SHELL.some((file) => id.endsWith(file))) return "shell";
    return undefined;
  };
}
