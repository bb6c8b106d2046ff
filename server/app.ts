import fs from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { appContext } from "../app/context";
import { AppError } from "../lib/errors";
import { localInvalidationBus } from "../lib/invalidation.server";
import { sharedReads } from "../lib/shared-reads.server";
import { isPartialUpload, s3Config, shopStorage, storageOrigins, uploadDir } from "../lib/storage.server";
import { registerApiRoutes } from "./api/routes";
import { AN_HOUR, clientIp, IMMUTABLE } from "./http";
import { isMultipart, MAX_MULTIPART_BYTES } from "./multipart";
import type { AppDeps, AppEnv } from "./context";
import { healthCheck } from "./health";
import type { Env } from "../lib/env.server";
import { errorResponse, notFoundResponse } from "./middleware/errors";
import { compress } from "./middleware/compress";
import { requestLog } from "./middleware/request-id";
import { readUnreadBody } from "./middleware/unread-body";
import { privateResponses } from "./middleware/cache-control";
import { createPublicCache, invalidateOnWrites, type PublicCache } from "./middleware/public-cache";
import { securityHeaders, type SecurityOptions } from "./middleware/security-headers";
import { originCheck } from "./middleware/origin-check";
import { sessionMiddleware } from "./middleware/session";
import { visitCode } from "./middleware/visit-code";
import { pageRequest } from "./undecodable-path";

export type AppOptions = {
  /** React Router's server build; absent in API tests (then pages are 404). */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** built client assets (build/client); absent in dev, where Vite serves them */
  clientDir?: string;
  dev?: boolean;
  /** /api/health's answer (server/health.ts), shared with the server's node:http fast path */
  health?: ReturnType<typeof healthCheck>;
  /** the public cache, shared with the server's node:http answers to its fresh hits (server/cached-answers.ts) */
  publicCache?: PublicCache;
};

const MAX_JSON_BYTES = 1024 * 1024;
const UPLOAD_ROUTE = /^\/api\/(products|categories|posts)\/[^/]+$/;
// the back office's create screens post their form, image included, to the page's action (docs/decisions/0011)
const UPLOAD_PAGE = /^\/(createproduct|createcategory|createpost)(\.data)?$/;
// her order's page: "I have sent it" may carry a picture of her transfer receipt (docs/product.md "Paying")
const RECEIPT_PAGE = /^\/checkout\/complete(\.data)?$/;
// React Router's address for route discovery, which pages of earlier builds may still ask
const ROUTE_MANIFEST = "/__manifest";
// node:http's adapter gives a GET or HEAD no body, whatever the client sent
const noBody = (c: Context) => c.req.method === "GET" || c.req.method === "HEAD";

/** The shop's security headers for this configuration (server/middleware/security-headers.ts). */
export function securityOptions(env: Env, dev = false): SecurityOptions {
  return {
    production: env.NODE_ENV === "production",
    dev,
    paystackPopup: env.PAYMENT_PROVIDER === "paystack" && env.PAYSTACK_MODE === "popup",
    imageOrigins: storageOrigins(env),
  };
}

/** The whole HTTP surface, shared by the server, the dev server and the tests. */
export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const { env } = deps;
  const app = new Hono<AppEnv>();

  // first: a balancer's check runs none of the middleware below
  const unreadBody = readUnreadBody(MAX_MULTIPART_BYTES);
  app.get("/api/health", (options.health ?? healthCheck(deps, securityOptions(env, options.dev))).route);
  app.use(requestLog(deps.logger));
  app.use((c, next) => (noBody(c) ? next() : unreadBody(c, next)));
  // while shutting down, each answer closes its connection: clients and balancers reconnect elsewhere
  if (deps.lifecycle) {
    const lifecycle = deps.lifecycle;
    app.use(async (c, next) => {
      await next();
      if (lifecycle.draining) c.header("Connection", "close");
    });
  }
  app.use(securityHeaders(securityOptions(env, options.dev)));
  app.use(compress());

  // Static files first: they need no session. Uploaded images get fresh names per upload, never reused.
  if (s3Config(env)) {
    // the files are in the bucket; an address stored before the move to S3 is sent there
    const storage = shopStorage(env);
    app.get("/uploads/*", (c) => c.redirect(storage.url(c.req.path.slice("/uploads/".length)), 301));
  } else {
    const uploads = uploadDir(env.DATA_DIR);
    fs.mkdirSync(uploads, { recursive: true });
    // a file still being written beside its name (lib/storage.server.ts) is nobody's address
    app.use("/uploads/*", async (c, next) => (isPartialUpload(c.req.path) ? c.text("Not found", 404) : next()));
    app.use(
      "/uploads/*",
      serveStatic({
        root: path.relative(process.cwd(), uploads) || ".",
        rewriteRequestPath: (p) => p.replace(/^\/uploads/, ""),
        onFound: (_p, c) => c.header("Cache-Control", IMMUTABLE),
      }),
    );
    app.get("/uploads/*", (c) => c.text("Not found", 404));
  }
  if (options.clientDir) {
    const root = path.relative(process.cwd(), options.clientDir) || ".";
    // Hashed build assets never change; other public files (favicon) are cached for an hour.
    // precompressed: the build writes .br/.gz copies (scripts/precompress-assets.ts)
    app.use("/assets/*", serveStatic({ root, precompressed: true, onFound: (_p, c) => c.header("Cache-Control", IMMUTABLE) }));
    // the few files at the build's root (favicons): known at start, so no other request looks at the disk
    const rootFiles = new Set(
      fs
        .readdirSync(options.clientDir, { withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => `/${e.name}`),
    );
    const publicFile = serveStatic({ root, onFound: (_p, c) => c.header("Cache-Control", AN_HOUR) });
    app.use("*", (c, next) => (rootFiles.has(c.req.path) ? publicFile(c, next) : next()));
  }

  // The pages carry every route (docs/decisions/0023): a script from this build never asks which
  // routes exist. A page left open from an earlier build, which did, is told to load again, into
  // this build, as React Router tells a page of the wrong version, rather than rendered a 404 page.
  app.get(ROUTE_MANIFEST, (c) => c.body(null, 204, { "X-Remix-Reload-Document": "true", "Cache-Control": "no-store" }));

  const tooLarge = (): never => {
    throw new AppError("too_large", "The request is too large.");
  };
  const jsonLimit = bodyLimit({ maxSize: MAX_JSON_BYTES, onError: tooLarge });
  // Image uploads (multipart on the admin write routes) may carry up to 10 MB.
  const uploadLimit = bodyLimit({
    maxSize: MAX_MULTIPART_BYTES,
    onError: () => {
      throw new AppError("too_large", "The image is larger than 10MB.", { fields: { imageUrl: "The image must be at most 10MB" } });
    },
  });
  const receiptLimit = bodyLimit({
    maxSize: MAX_MULTIPART_BYTES,
    onError: () => {
      throw new AppError("too_large", "The picture is larger than 10MB.", { fields: { receipt: "The picture must be at most 10MB" } });
    },
  });
  // page forms (React Router actions) get the limit of /api's JSON: a 413 before the body is read
  // (Content-Length) or as soon as a streamed body passes it; /api sets its own below
  // (a GET or HEAD has no body: asking for it would build the whole Request for nothing)
  app.use((c, next) =>
    c.req.path.startsWith("/api/") || noBody(c)
      ? next()
      : isMultipart(c) && UPLOAD_PAGE.test(c.req.path)
        ? uploadLimit(c, next)
        : isMultipart(c) && RECEIPT_PAGE.test(c.req.path)
          ? receiptLimit(c, next)
          : jsonLimit(c, next),
  );

  // ?code=VAL25 on any page: kept for the visit, then the same page without it (before the public cache)
  app.use(visitCode(deps));
  // anonymous public reads, before any session lookup or database work
  const invalidation = deps.invalidation ?? localInvalidationBus();
  app.use((options.publicCache ?? createPublicCache({ env, invalidation })).middleware);
  // and, for the signed-in pages, the same catalogue reads shared for as long
  const shared = sharedReads(env.CACHE_TTL_MS, invalidation);

  app.use(sessionMiddleware(deps));
  app.use(invalidateOnWrites(invalidation));
  app.use(privateResponses());
  // for /api and for React Router actions alike
  app.use(originCheck(deps));

  const api = new Hono<AppEnv>();
  api.use((c, next) => (noBody(c) ? next() : isMultipart(c) && UPLOAD_ROUTE.test(c.req.path) ? uploadLimit(c, next) : jsonLimit(c, next)));
  registerApiRoutes(api, deps);
  api.all("*", notFoundResponse);
  app.route("/api", api);

  if (options.build) {
    const handle = createRequestHandler(options.build as ServerBuild, options.dev ? "development" : "production");
    app.all("*", (c) => {
      const context = new RouterContextProvider();
      context.set(appContext, {
        db: deps.database.db,
        env,
        logger: c.get("logger"),
        requestId: c.get("requestId"),
        nonce: c.get("nonce"),
        user: c.get("user"),
        clientIp: clientIp(c, env.TRUST_PROXY),
        shared,
      });
      return handle(pageRequest(c.req.raw), context);
    });
  }

  app.notFound((c) => c.text("Not found", 404));
  app.onError(errorResponse);
  return app;
}
