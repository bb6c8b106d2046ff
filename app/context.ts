import { createContext } from "react-router";
import type { Db } from "../db/client";
import type { Env } from "../lib/env.server";
import type { Logger } from "../lib/logger.server";
import type { SharedReads } from "../lib/shared-reads.server";
import type { SessionUser } from "../modules/accounts/sessions.server";

export type { SessionUser } from "../modules/accounts/sessions.server";

/** What the Hono server hands to every loader and action. */
export type AppServices = {
  db: Db;
  env: Env;
  logger: Logger;
  requestId: string;
  nonce: string;
  user: SessionUser | null;
  /** the peer address, for rate limits in actions */
  clientIp: string;
  /** catalogue reads shared by the requests of CACHE_TTL_MS (lib/shared-reads.server.ts); absent: none */
  shared?: SharedReads;
};

// The key must be one object for the server and the Vite bundle alike (docs/architecture.md),
// so it is pinned on globalThis.
const KEY = Symbol.for("alafia.appContext");
const holder = globalThis as unknown as Record<symbol, ReturnType<typeof createContext<AppServices>>>;
export const appContext = (holder[KEY] ??= createContext<AppServices>());
