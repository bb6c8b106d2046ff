/**
 * The request a page's script makes for React Router's route manifest once it runs (its lazy route
 * discovery): the build's version from the page, and the paths of the page's links and forms that
 * React Router marks for discovery, each with its ancestors, sorted, as the browser sends them.
 */
export function routeManifestRequest(html: string): string {
  const version = /"version":\s*"([^"]+)"/.exec(html)?.[1];
  if (!version) throw new Error("No route manifest version in the page: is it React Router's page?");
  const paths = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:a|form)\b[^>]*\bdata-discover="true"[^>]*>/g)) {
    const target = /\b(?:href|action)="([^"]*)"/.exec(tag)?.[1];
    if (!target?.startsWith("/")) continue;
    const pathname = new URL(target.replaceAll("&amp;", "&"), "http://shop.invalid").pathname;
    for (let i = 1; i < pathname.length; i++) if (pathname[i] === "/") paths.add(pathname.slice(0, i));
    paths.add(pathname);
  }
  if (!paths.size) throw new Error("No links for React Router to discover in the page");
  return `/__manifest?${new URLSearchParams({ paths: [...paths].sort().join(","), version })}`;
}
