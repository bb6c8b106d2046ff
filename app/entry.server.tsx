import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { createLogger, type Logger } from "../lib/logger.server";
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
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // the CSP nonce made by the server for this request (server/middleware/security-headers.ts)
  const { nonce, logger } = loadContext.get(appContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // crawlers (and link previews) get the whole page at once
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId);
            timeoutId = undefined;
            callback();
          },
        });
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) logger.error({ err: error, path: new URL(request.url).pathname }, "page render error");
      },
    });
  });
}
