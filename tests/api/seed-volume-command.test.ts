// `npm run seed:volume` (README): fills a PostgreSQL database with volume data for the benchmarks
// (10,000 products and 100,000 purchases by default; VOLUME_PRODUCTS and VOLUME_PURCHASES make it
// smaller here), and a rerun replaces its rows instead of adding more. Without DATABASE_URL (the
// embedded database) it says what it needs and stops.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { dropDatabaseWhenFree, withDatabase } from "../support/global-setup";

const url = process.env.DATABASE_URL;

function seedVolume(databaseUrl: string | undefined) {
  const env: NodeJS.ProcessEnv = { ...process.env, VOLUME_PRODUCTS: "300", VOLUME_PURCHASES: "2000" };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed-volume.ts"], { env, encoding: "utf8", timeout: 120_000 });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr.trim() };
}

describe("npm run seed:volume", () => {
  it(
    url
      ? "loads the products, customers, purchases and their lines; a rerun replaces them"
      : "asks for DATABASE_URL on the embedded database, and stops",
    async () => {
      if (!url) {
        expect(seedVolume(undefined)).toMatchObject({ code: 1, stderr: "Set DATABASE_URL (postgres://...) to the database to fill." });
        return;
      }
      const name = `alafia_volume_${crypto.randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const target = withDatabase(url, name);
      const client = new pg.Client({ connectionString: target });
      try {
        const counts = async () =>
          (
            await client.query<{ products: string; customers: string; purchases: string; lines: string; unlined: string }>(
              `select (select count(*) from products where title like 'Volume %') as products,
                      (select count(*) from users where email like '%@volume.test') as customers,
                      (select count(*) from purchases where reference like 'VOL-%') as purchases,
                      (select count(*) from purchase_items i join purchases p on p.id = i.purchase_id where p.reference like 'VOL-%') as lines,
                      (select count(*) from purchases p where p.reference like 'VOL-%'
                         and not exists (select 1 from purchase_items i where i.purchase_id = p.id)) as unlined`,
            )
          ).rows[0];
        const first = seedVolume(target);
        expect(first).toMatchObject({ code: 0, stderr: "" });
        expect(first.stdout).toMatch(/Volume data loaded in \d+ ms/);
        await client.connect();
        const loaded = { products: "300", customers: "5000", purchases: "2000", lines: "2000", unlined: "0" };
        expect(await counts()).toEqual(loaded);
        expect(seedVolume(target)).toMatchObject({ code: 0, stderr: "" });
        expect(await counts()).toEqual(loaded);
      } finally {
        await client.end().catch(() => {});
        await dropDatabaseWhenFree(admin, name);
        await admin.end();
      }
    },
    240_000,
  );
});
