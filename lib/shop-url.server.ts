import type { Env } from "./env.server";

/** The shop's public base URL for links in mails: PUBLIC_URL, else the origin the request came to. */
export function shopUrl(env: Pick<Env, "PUBLIC_URL">, requestUrl: string): string {
  return (env.PUBLIC_URL ?? new URL(requestUrl).origin).replace(/\/+$/, "");
}
