import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import type { Context } from "hono";
import type { AppDeps, AppEnv } from "./context";
import { requestIdOf } from "./middleware/request-id";
import { newNonce, securityHeaderValues, type SecurityOptions } from "./middleware/security-headers";

// a balancer's checks and a monitor's polls share one database ping per second
const PING_FRESH_MS = 1000;
const OK = Buffer.from(JSON.stringify({ ok: true }));
const unavailable = (msg: string) => Buffer.from(JSON.stringify({ msg, code: "unavailable" }));
const DRAINING = unavailable("The server is shutting down.");
const DB_DOWN = unavailable("The database does not answer.");

/** headers: names and values in one flat list, as node:http's writeHead takes them */
type Answer = { status: number; body: Buffer; headers: string[] };

/**
 * GET /api/health, answered before everything else: no session, no logging of a healthy answer
 * (a balancer asks every few hundred milliseconds), no compression, the database pinged at most
 * once a second however often it is asked. 503 while the process drains (with `Connection: close`)
 * or when the database does not answer. It carries the shop's security headers, a fresh nonce
 * and a request id like any answer. The same answer is given through the Hono app (`route`)
 * and, in the server, straight from node:http (`listener`) without building a Request.
 */
export function healthCheck(
  { database, lifecycle, logger }: Pick<AppDeps, "database" | "lifecycle" | "logger">,
  security: SecurityOptions,
) {
  const { always, csp, pagePolicies } = securityHeaderValues(security);
  const fixed = [...always, ...pagePolicies].flat();
  let last: { at: number; ok?: boolean; done: Promise<boolean> } | null = null;
  const databaseAnswers = (): boolean | Promise<boolean> => {
    const now = Date.now();
    if (!last || now - last.at >= PING_FRESH_MS) {
      const ping = { at: now } as NonNullable<typeof last>;
      ping.done = database.ping().then(
        () => (ping.ok = true),
        () => (ping.ok = false),
      );
      last = ping;
    }
    return last.ok ?? last.done;
  };
  const build = (ok: boolean, requestId: string, method: string, started: number): Answer => {
    const body = lifecycle?.draining ? DRAINING : ok ? OK : DB_DOWN;
    const status = body === OK ? 200 : 503;
    const headers = [
      "Content-Type",
      "application/json",
      "Content-Length",
      String(body.length),
      "X-Request-Id",
      requestId,
      "Content-Security-Policy",
      csp(newNonce()),
      ...fixed,
    ];
    // while shutting down, the connection closes after the answer: the balancer reconnects elsewhere
    if (lifecycle?.draining) headers.push("Connection", "close");
    if (status !== 200) {
      logger.info({ requestId, method, path: "/api/health", status, ms: Math.round((performance.now() - started) * 10) / 10 });
    }
    return { status, body, headers };
  };
  const answer = (requestId: string | undefined, method: string): Answer | Promise<Answer> => {
    const started = performance.now();
    const id = requestIdOf(requestId);
    // a draining server says so without asking the database
    if (lifecycle?.draining) return build(true, id, method, started);
    const ok = databaseAnswers();
    return typeof ok === "boolean" ? build(ok, id, method, started) : ok.then((o) => build(o, id, method, started));
  };

  const route = async (c: Context<AppEnv>) => {
    const a = await answer(c.req.header("x-request-id"), c.req.method);
    const headers = new Headers();
    for (let i = 0; i < a.headers.length; i += 2) headers.append(a.headers[i]!, a.headers[i + 1]!);
    return new Response(c.req.method === "HEAD" ? null : new Uint8Array(a.body), { status: a.status, headers });
  };

  // one writeHead with the flat list: no per-header bookkeeping of setHeader
  const send = (res: ServerResponse, a: Answer, head: boolean) => {
    res.writeHead(a.status, a.headers);
    res.end(head ? undefined : a.body);
  };
  /** node:http's listener for the whole app, with /api/health answered before the app sees it. */
  const listener =
    (app: RequestListener): RequestListener =>
    (req: IncomingMessage, res: ServerResponse) => {
      if (!isHealth(req)) return app(req, res);
      const header = req.headers["x-request-id"];
      const a = answer(Array.isArray(header) ? header[0] : header, req.method!);
      if ("then" in a)
        a.then(
          (done) => send(res, done, req.method === "HEAD"),
          () => res.destroy(),
        );
      else send(res, a, req.method === "HEAD");
    };
  return { route, listener };
}

function isHealth(req: IncomingMessage): boolean {
  const url = req.url ?? "";
  return (
    (req.method === "GET" || req.method === "HEAD") &&
    url.startsWith("/api/health") &&
    (url.length === 11 || url.charCodeAt(11) === 63) /* "?" */
  );
}
