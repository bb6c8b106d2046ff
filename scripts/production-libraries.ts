// The libraries' build mode, set apart from the shop's own mode. The shop's mode (HSTS,
// secure cookies, no sandbox payments, required secrets) is NODE_ENV as read once by
// lib/env.server.ts; `npm start` reads it first, then calls this before React or React
// Router are loaded, so they run their production builds whatever the shop's mode:
// - React and React DOM pick their build from process.env.NODE_ENV when first required;
// - React Router's package exports name only dist/development (react-router issues #12532,
//   #14102), whatever NODE_ENV says: a resolve hook sends every import of it to the
//   dist/production twin, the one copy for the server and for the React Router build.
import { register } from "node:module";

const reactRouterProductionHook = `
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
const DEVELOPMENT = "/node_modules/react-router/dist/development/";
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (!resolved.url.includes(DEVELOPMENT)) return resolved;
  const url = resolved.url.replace(DEVELOPMENT, "/node_modules/react-router/dist/production/");
  return existsSync(fileURLToPath(url)) ? { ...resolved, url } : resolved;
}`;

export function useProductionLibraries(): void {
  process.env.NODE_ENV = "production";
  register(`data:text/javascript,${encodeURIComponent(reactRouterProductionHook)}`);
}
