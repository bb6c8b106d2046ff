import type { Env } from "./env.server";

/**
 * The shop's public base URL, the one home of every absolute link: mails, canonical and share
 * links, sitemap, robots and the payment provider's callback. It comes from configuration only:
 * PUBLIC_URL (required in production), else http://localhost:PORT for development. Never from a
 * request's Host or X-Forwarded-Host: anyone reaching the server can name any host there, and a
 * reset link pointing at their site would hand them the token.
 */
export function publicOrigin(env: Pick<Env, "PUBLIC_URL" | "PORT">): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}
