// A page address whose path cannot be decoded (`/%`, `/productdetails/%ff`: a broken link, a
// scanner) names no page of the shop. Handed to React Router as it is, the router matched it
// anyway and printed two unstructured lines to stderr for each such request: a scanner could fill
// the log past the shop's own logger and its level. It gets the shop's not-found page instead.

/** Whether each segment of the path decodes (React Router decodes a path segment by segment). */
export function decodablePath(pathname: string): boolean {
  try {
    for (const segment of pathname.split("/")) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

const NOT_FOUND_PATH = "/page-not-found";

/** The request React Router should answer: the same one, or a GET of a path no route but the not-found page takes. */
export function pageRequest(request: Request): Request {
  const url = new URL(request.url);
  if (decodablePath(url.pathname)) return request;
  return new Request(new URL(NOT_FOUND_PATH, url), { method: "GET", headers: request.headers });
}
