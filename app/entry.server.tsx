import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { createLogger, type Logger } from "../lib/logger.server";
import { hydrateAfterPaint, startsAtOnce } from "./lib/hydrate-after-paint.server";
import { appContext } from "./context";

export const streamTimeout = 5_000;

/**
 * Every error a loader, action or render throws (not the 4xx responses they or React Router
 * throw on purpose) goes through the shop's logger, whose serializer keeps a failed query's values
 * out of the log. React Router's default would print the error, parameters and all, to stderr.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // a closed connection, or React Router's own 4xx (a POST to a page without an action): no server error
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  // the path only: a query string can hold a reset token or a shopper's search
  loggerOf(context).error({ err: error, method: request.method, path: new URL(request.url).pathname }, "page error");
};

let fallbackLogger: Logger | undefined;
/** The request's logger; the same redacting logger when React Router failed before the context was set. */
function loggerOf(context: unknown): Logger {
  try {
    return (context as RouterContextProvider).get(appContext).logger;
  } catch {
    return (fallbackLogger ??= createLogger("error"));
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    // the headers a GET would have, without rendering the page its body would be
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // the CSP nonce made by the server for this request (server/middleware/security-headers.ts)
  const { nonce, logger } = loadContext.get(appContext);
  const atOnce = startsAtOnce(routerContext);

  // A page is sent whole, with its length: no loader defers data, so the whole page is ready as
  // soon as its shell is, and one buffer costs far less than hundreds of small chunks through web
  // streams and a compressing stream (docs/decisions/0018). Should a loader ever defer data,
  // stream from onShellReady again.
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        const html = Buffer.concat(chunks);
        const page = atOnce ? html : Buffer.from(hydrateAfterPaint(html.toString("utf8")));
        resolve(
          new Response(new Uint8Array(page.buffer, page.byteOffset, page.length), { headers: responseHeaders, status: responseStatusCode }),
        );
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timeoutId);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) logger.error({ err: error, path: new URL(request.url).pathname }, "page render error");
      },
    });
  });
}
