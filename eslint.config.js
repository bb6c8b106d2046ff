import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const serverOnly = {
  group: ["**/*.server", "**/*.server.ts", "**/server/**", "**/db/client", "node:*"],
  allowTypeImports: true,
  message: "Browser code must not import server-only modules (*.server.ts).",
};
// Imports run one way (docs/style.md 9): app and server → modules → db → lib. lib imports none of
// the others, db only lib, modules neither app nor server. Inside modules/ a domain imports only
// the domains listed before it here, so no two domains lean on each other (docs/architecture.md).
const domainOrder = [
  "whatsapp",
  "mail",
  "settings",
  "delivery",
  "accounts",
  "stock",
  "payments",
  "pricing",
  "discounts",
  "cart",
  "orders",
  "reviews",
  "catalog",
  "content",
  "marketing",
  "reports",
  "maintenance",
];
const doors = ["./app", "./server", "./scripts"];
const importDirections = [
  {
    target: "./lib",
    from: ["./modules", "./db", ...doors],
    message: "lib/ knows no domain: it imports nothing of modules/, db/, app/ or server/.",
  },
  { target: "./db", from: ["./modules", ...doors], message: "db/ imports only lib/." },
  { target: "./modules", from: doors, message: "modules/ never import app/, server/ or scripts/." },
  ...domainOrder.slice(0, -1).map((domain, i) => ({
    target: `./modules/${domain}`,
    from: domainOrder.slice(i + 1).map((above) => `./modules/${above}`),
    message: `modules/${domain} imports only the domains before it in domainOrder (eslint.config.js).`,
  })),
];

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
    files: ["**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver": { node: { extensions: [".ts", ".tsx", ".js"] } },
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { zones: importDirections }],
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
