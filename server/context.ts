import type { SessionUser } from "../modules/accounts/sessions.server";
import type { Database } from "../db/client";
import type { Env } from "../lib/env.server";
import type { InvalidationBus } from "../lib/invalidation.server";
import type { Logger } from "../lib/logger.server";

/** Variables every Hono handler can read with c.get(). */
export type AppEnv = {
  Variables: {
    requestId: string;
    nonce: string;
    logger: Logger;
    user: SessionUser | null;
    /** how the session arrived: the Origin check applies to cookies only */
    authVia: "cookie" | "bearer" | null;
  };
};

export type AppDeps = {
  database: Database;
  env: Env;
  logger: Logger;
  /** set while the process shuts down: health answers 503 and connections are not kept alive */
  lifecycle?: { draining: boolean };
  /** tells every server's caches to forget (absent: this process's caches only) */
  invalidation?: InvalidationBus;
};
