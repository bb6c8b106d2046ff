import fs from "node:fs/promises";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// docs/style.md 9: imports run one way and never in a circle, and `npm run lint` says so.
// Each case lints a few lines placed in the repository; the cycle's two files are written to
// tmp/lint-fixture/ (ignored by git and, outside this test, by lint).

const root = path.resolve(import.meta.dirname, "../..");
const fixture = path.join(root, "tmp/lint-fixture");
const eslint = new ESLint({ cwd: root, ignore: false });

async function rulesBroken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe("npm run lint: the direction of imports", () => {
  beforeAll(async () => {
    await fs.mkdir(fixture, { recursive: true });
    await fs.writeFile(path.join(fixture, "first.ts"), 'import { second } from "./second";\nexport const first = () => second;\n');
    await fs.writeFile(path.join(fixture, "second.ts"), 'import { first } from "./first";\nexport const second = () => first;\n');
  });
  afterAll(() => fs.rm(fixture, { recursive: true, force: true }));

  it("fails on two files that import each other", async () => {
    const [result] = await eslint.lintFiles([path.join(fixture, "first.ts")]);
    expect(result!.messages.map((m) => m.ruleId)).toContain("import-x/no-cycle");
  });

  it("fails when lib/ imports db/, db/ imports a module, or a module imports server/", async () => {
    expect(await rulesBroken("lib/fixture.ts", 'import type { Db } from "../db/client";\nexport type D = Db;\n')).toContain(
      "import-x/no-restricted-paths",
    );
    expect(
      await rulesBroken(
        "db/fixture.ts",
        'import { getSettings } from "../modules/settings/service.server";\nexport const s = getSettings;\n',
      ),
    ).toContain("import-x/no-restricted-paths");
    expect(
      await rulesBroken("modules/settings/fixture.ts", 'import { pathId } from "../../server/http";\nexport const p = pathId;\n'),
    ).toContain("import-x/no-restricted-paths");
  });

  it("fails when a domain imports one listed after it, and passes the other way round", async () => {
    expect(
      await rulesBroken("modules/catalog/fixture.ts", 'import { getPost } from "../content/posts.server";\nexport const g = getPost;\n'),
    ).toContain("import-x/no-restricted-paths");
    expect(
      await rulesBroken(
        "modules/content/fixture.ts",
        'import { getProduct } from "../catalog/service.server";\nexport const g = getProduct;\n',
      ),
    ).toEqual([]);
  });
});
