import { baseUrl } from "./browser";

/** The script files a page starts with (app/lib/hydrate-after-paint.server.ts lists them in its HTML). */
export const firstScripts = (html: string): string[] => [...new Set([...html.matchAll(/"(\/assets\/[\w.-]+\.js)"/g)].map((m) => m[1]!))];

/** Whether any of these script files (paths or URLs on the shop) holds zod. */
export async function holdsZod(files: string[]): Promise<boolean> {
  const bodies = await Promise.all(files.map(async (file) => (await fetch(new URL(file, baseUrl))).text()));
  return bodies.some((js) => js.includes("ZodError"));
}
