import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { storefrontChunks } from "./scripts/vite-chunks";
import { directIconImports } from "./scripts/vite-direct-icons";
import { productionReactRouter } from "./scripts/vite-production-libraries";
import { browserPreact } from "./scripts/vite-browser-preact";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [browserPreact(), productionReactRouter(), tailwindcss(), reactRouter(), directIconImports()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: {
    assetsInlineLimit: 0,
    // The browser's JS budget: terser packs the
    // bundle ~3 KB (gzip) tighter than the default minifier; the server build stays readable.
    ...(isSsrBuild ? {} : { minify: "terser" as const, rollupOptions: { output: { manualChunks: storefrontChunks() } } }),
  },
}));
