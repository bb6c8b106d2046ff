import fs from "node:fs";
import type { Plugin } from "vite";

const DEVELOPMENT = "/node_modules/react-router/dist/development/";
const PRODUCTION = "/node_modules/react-router/dist/production/";

/**
 * The browser's React Router is its production build. Its package exports name only
 * dist/development (scripts/production-libraries.ts does the same for the server), so a
 * build would ship its development checks and warnings to every phone: each module resolved
 * there is taken from its dist/production twin instead. `npm run dev` keeps the development build.
 */
export function productionReactRouter(): Plugin {
  return {
    name: "alafia-production-react-router",
    apply: "build",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (options.ssr) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !resolved.id.includes(DEVELOPMENT)) return resolved;
      const id = resolved.id.replace(DEVELOPMENT, PRODUCTION);
      return fs.existsSync(id) ? { ...resolved, id } : resolved;
    },
  };
}
