import crypto from "node:crypto";
import { Redis } from "ioredis";
import pg from "pg";
import type { Env } from "./env.server";
import type { Logger } from "./logger.server";

/**
 * "The catalogue or the content changed": every cache of every server forgets what it holds.
 * Between servers through Redis pub/sub when REDIS_URL is set, else PostgreSQL LISTEN/NOTIFY
 * when DATABASE_URL is set; the embedded database has one process, so only its own caches.
 * A missed message costs at most the caches' lifetime (CACHE_TTL_MS).
 */
export type InvalidationBus = {
  /** forgets here at once, and tells the other servers */
  publish(): void;
  /** `forget` runs on every publish, here or on another server; returns an unsubscribe */
  subscribe(forget: () => void): () => void;
  close(): Promise<void>;
};

const PG_CHANNEL = "alafia_cache";

type Transport = { send(message: string): void; close(): Promise<void> };

function busOver(connect: (receive: (message: string) => void) => Transport | null): InvalidationBus {
  const me = crypto.randomUUID();
  const listeners = new Set<() => void>();
  const forget = () => {
    for (const listener of listeners) listener();
  };
  const transport = connect((message) => {
    if (message !== me) forget();
  });
  return {
    publish() {
      forget();
      transport?.send(me);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      listeners.clear();
      await transport?.close();
    },
  };
}

/** This process's caches only (the embedded database, tests). */
export function localInvalidationBus(): InvalidationBus {
  return busOver(() => null);
}

export function createInvalidationBus(env: Pick<Env, "REDIS_URL" | "REDIS_PREFIX" | "DATABASE_URL">, logger: Logger): InvalidationBus {
  if (env.REDIS_URL) {
    const url = env.REDIS_URL;
    const channel = `${env.REDIS_PREFIX}cache`;
    return busOver((receive) => {
      const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
      const subscriber = new Redis(url);
      for (const client of [publisher, subscriber]) client.on("error", (err) => logger.warn({ err }, "cache invalidation: Redis"));
      void subscriber.subscribe(channel).catch((err) => logger.warn({ err }, "cache invalidation: Redis subscribe"));
      subscriber.on("message", (_channel, message: string) => receive(message));
      return {
        send: (message) =>
          void publisher.publish(channel, message).catch((err) => logger.warn({ err }, "cache invalidation: Redis publish")),
        close: async () => {
          await Promise.all([publisher.quit().catch(() => undefined), subscriber.quit().catch(() => undefined)]);
        },
      };
    });
  }
  if (env.DATABASE_URL) {
    const url = env.DATABASE_URL;
    return busOver((receive) => {
      let closed = false;
      let client: pg.Client | null = null;
      // one connection kept for LISTEN; reopened after a failure (meanwhile caches expire on their own)
      const listen = () => {
        const c = new pg.Client({ connectionString: url });
        client = c;
        c.on("notification", (n) => receive(n.payload ?? ""));
        c.on("error", (err) => {
          logger.warn({ err }, "cache invalidation: LISTEN connection lost");
          void c.end().catch(() => undefined);
          if (!closed) setTimeout(listen, 1000).unref();
        });
        c.connect()
          .then(() => c.query(`LISTEN ${PG_CHANNEL}`))
          .catch((err) => c.emit("error", err));
      };
      listen();
      const sender = new pg.Pool({ connectionString: url, max: 1 });
      sender.on("error", (err) => logger.warn({ err }, "cache invalidation: NOTIFY connection"));
      return {
        send: (message) =>
          void sender
            .query("select pg_notify($1, $2)", [PG_CHANNEL, message])
            .catch((err) => logger.warn({ err }, "cache invalidation: NOTIFY")),
        close: async () => {
          closed = true;
          await Promise.all([client?.end().catch(() => undefined), sender.end().catch(() => undefined)]);
        },
      };
    });
  }
  return localInvalidationBus();
}
