import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { isAlive } from "../lib/process-alive.server";
import { drizzleClient } from "./pglite-queries";
import * as schema from "./schema";

export type Schema = typeof schema;
/** One type for both drivers: services never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** What a read or write runs on: the database, or the transaction it belongs to. */
export type Queryable = Db | Tx;

export type Database = {
  db: Db;
  driver: "pglite" | "postgres";
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other server runs its own: start-up work (migrations, the demo seed,
   * the first admin) on a database that several servers may start against at the same moment.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

// Resolved from the working directory: bundling breaks import.meta.url (docs/architecture.md).
export const migrationsFolder = path.resolve("db/migrations");

export type DatabaseOptions = {
  dataDir?: string;
  databaseUrl?: string;
  /** a PGlite data dump (from dumpDataDir) to start from, for tests */
  loadDataDir?: Blob;
  poolSize?: number;
};

const MIGRATION_LOCK = 7_200_425;
const STARTUP_LOCK = 7_200_426;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options);
}

async function openPglite({ dataDir, loadDataDir }: DatabaseOptions): Promise<Database> {
  let dir: string | undefined;
  let unlock = () => {};
  if (dataDir) {
    dir = path.join(dataDir, "pglite");
    fs.mkdirSync(dir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir }).catch((e) => {
    unlock();
    throw e;
  });
  const db = drizzlePglite({ client: drizzleClient(client), schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    driver: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    // one process per data folder (lockDataDir): nobody else can start against it
    exclusive: (work) => work(),
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      await client.close();
      unlock();
    },
  };
}

/**
 * PGlite allows one process per data folder (docs/architecture.md): a second one would
 * corrupt it. A lock file with our pid refuses the second; a stale lock is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, "pglite.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(file, { force: true });
    } catch {
      const owner = Number(fs.readFileSync(file, "utf8"));
      if (owner && owner !== process.pid && isAlive(owner))
        throw new Error(`Another shop process (pid ${owner}) is using ${dataDir}. Stop it first, or set DATA_DIR or DATABASE_URL.`);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  const db = drizzlePg({ client: pool, schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    driver: "postgres",
    // Several app servers may start at once: one migrates, the others wait on the lock.
    migrate: async () => {
      const conn = await pool.connect();
      try {
        await conn.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
        await migratePg(drizzlePg({ client: conn, casing: "snake_case" }), { migrationsFolder });
      } finally {
        await conn.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
        conn.release();
      }
    },
    // a session-level advisory lock held on one connection while `work` uses the pool's others
    exclusive: async (work) => {
      const conn = await pool.connect();
      try {
        await conn.query("select pg_advisory_lock($1)", [STARTUP_LOCK]);
        return await work();
      } finally {
        await conn.query("select pg_advisory_unlock($1)", [STARTUP_LOCK]).catch(() => {});
        conn.release();
      }
    },
    ping: async () => {
      await pool.query("select 1");
    },
    close: () => endPool(pool),
  };
}

/**
 * pool.end() resolves once its clients are asked to end, not once they have: the pool
 * says 'remove' as each connection really closes. Waiting for those lets a shutdown (or
 * a test dropping its database) know the server has let go of every connection.
 */
async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) return resolve();
    pool.on("remove", () => {
      if (--open <= 0) resolve();
    });
    setTimeout(resolve, 5_000).unref(); // a connection that never answers does not hold the shutdown
  });
  await pool.end();
  await closed;
}
