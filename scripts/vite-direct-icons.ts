import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g;

/**
 * Rewrites `import { Star } from "lucide-react"` in our code to the icon's own module
 * (`lucide-react/dist/esm/icons/star.js`). The bundle is the same, but each icon module is
 * then imported only by the files that use it instead of by the package's index of 1,600
 * icons, so storefrontChunks() can tell which pages need which icon.
 */
export function directIconImports(): Plugin {
  let files: Map<string, string> | undefined;
  const iconFiles = () => {
    if (files) return files;
    const require = createRequire(import.meta.url);
    const index = path.join(path.dirname(require.resolve("lucide-react/package.json")), "dist/esm/lucide-react.js");
    files = new Map();
    for (const [, names, file] of fs.readFileSync(index, "utf8").matchAll(/export \{([^}]*)\} from '\.\/icons\/([^']+)'/g))
      for (const [, name] of names!.matchAll(/default as (\w+)/g)) files.set(name!, file!);
    return files;
  };
  return {
    name: "alafia-direct-icons",
    apply: "build",
    transform(code, id, options) {
      // the server build leaves lucide-react to Node, which reads only its package entry
      if (options?.ssr || id.includes("/node_modules/") || !code.includes("lucide-react")) return null;
      const rewritten = code.replace(IMPORT, (statement, names: string) => {
        const specifiers = names
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
          .map((s) => s.split(/\s+as\s+/) as [string, string?]);
        // anything that is not an icon (createLucideIcon, types) keeps the package import
        if (specifiers.some(([name]) => !iconFiles().has(name))) return statement;
        return specifiers
          .map(([name, local = name]) => `import ${local} from "lucide-react/dist/esm/icons/${iconFiles().get(name)}";`)
          .join("");
      });
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}
