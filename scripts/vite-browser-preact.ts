import type { Plugin } from "vite";

// what the browser build imports from React, and the Preact module that stands in for it
const STAND_INS: Record<string, string> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/jsx-runtime",
  "react/jsx-dev-runtime": "preact/jsx-runtime",
};

/**
 * The browser's renderer is Preact's React-compatible layer; the server renders with React
 * (docs/decisions/0019). Only the production browser build is switched: the server, the tests
 * and `npm run dev` (whose hot reload is React's) keep React.
 */
export function browserPreact(): Plugin {
  return {
    name: "alafia-browser-preact",
    apply: "build",
    enforce: "pre",
    config(_config, { isSsrBuild }) {
      return { define: { "import.meta.env.BROWSER_PREACT": JSON.stringify(!isSsrBuild) } };
    },
    async resolveId(source, importer, options) {
      const standIn = STAND_INS[source];
      if (!standIn || options?.ssr) return null;
      return this.resolve(standIn, importer, { ...options, skipSelf: true });
    },
  };
}
