import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const serverOnly = {
  group: ["**/*.server", "**/*.server.ts", "**/server/**", "**/db/client", "node:*"],
  allowTypeImports: true,
  message: "Browser code must not import server-only modules (*.server.ts).",
};
const toastLibrary = {
  name: "react-hot-toast",
  message: "Import { toast } from app/components/toasts.tsx: it loads react-hot-toast with the first toast.",
};

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".react-router/", "data/", "tmp/", "test-results/", "db/migrations/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: "Read configuration through lib/env.server.ts (docs/style.md).",
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Import boundaries (docs/style.md): domains never reach into the UI or the HTTP layer.
  {
    files: ["modules/**/*.ts", "lib/**/*.ts", "db/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/app/**", "~/*", "**/server/**", "hono", "hono/*", "react", "react-router"],
              message: "modules/, lib/ and db/ never import app/, server/, Hono or React.",
            },
          ],
        },
      ],
    },
  },
  // The browser never imports server-only code: components and client files stay clear of *.server.ts.
  {
    files: [
      "app/components/**/*.{ts,tsx}",
      "app/lib/**/*.{ts,tsx}",
      "app/entry.client.tsx",
      "modules/**/schemas.ts",
      "modules/**/types.ts",
    ],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "**/*.server.ts"],
    rules: { "no-restricted-imports": ["error", { paths: [toastLibrary], patterns: [serverOnly] }] },
  },
  // Storefront pages toast through app/components/toasts.tsx, which loads react-hot-toast on the first toast.
  {
    files: ["app/routes/shop/**/*.tsx", "app/routes/account/**/*.tsx"],
    rules: { "no-restricted-imports": ["error", { paths: [toastLibrary] }] },
  },
  {
    files: ["app/components/admin/**/*.tsx", "app/components/toasts.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [serverOnly] }] },
  },
  {
    files: ["lib/env.server.ts", "tests/**", "scripts/**", "vitest.config.ts", "drizzle.config.ts"],
    rules: { "no-restricted-syntax": "off" },
  },
);
