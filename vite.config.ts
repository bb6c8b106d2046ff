import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressAssets } from "./scripts/vite-precompress";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: { assetsInlineLimit: 0 },
});
