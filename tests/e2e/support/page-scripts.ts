import type { Page } from "playwright-core";
import { baseUrl } from "./browser";

/** The script files a page starts with (app/lib/hydrate-after-paint.server.ts lists them in its HTML). */
export const firstScripts = (html: string): string[] => [...new Set([...html.matchAll(/"(\/assets\/[\w.-]+\.js)"/g)].map((m) => m[1]!))];

/** Whether any of these script files (paths or URLs on the shop) holds zod. */
export async function holdsZod(files: string[]): Promise<boolean> {
  const bodies = await Promise.all(files.map(async (file) => (await fetch(new URL(file, baseUrl))).text()));
  return bodies.some((js) => js.includes("ZodError"));
}

/** The scripts the page asks for and the URLs it posts to, as they happen (from now on). */
export function recordRequests(page: Page): { scripts: string[]; posts: string[] } {
  const seen = { scripts: [] as string[], posts: [] as string[] };
  page.on("request", (r) => {
    if (r.resourceType() === "script") seen.scripts.push(r.url());
    if (r.method() === "POST") seen.posts.push(r.url());
  });
  return seen;
}
