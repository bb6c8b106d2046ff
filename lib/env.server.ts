import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { z } from "zod";

// The one place that reads process.env (docs/style.md). Every variable of
// docs/architecture.md "Start" with embedded-mode defaults.
const bool = z.enum(["true", "false", "1", "0", "yes", "no"]).transform((v) => v === "true" || v === "1" || v === "yes");
const optionalUrl = z.url().optional();

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
      .optional(),
    // the shop's absolute URL (lib/public-origin.ts): required in production, http(s) only
    PUBLIC_URL: z.url({ protocol: /^https?$/, message: "must be an http:// or https:// URL" }).optional(),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").max(128).optional(),
    SEED_DEMO: bool.default(true),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    PAYMENT_PROVIDER: z.enum(["sandbox", "paystack"]).optional(),
    PAYSTACK_SECRET_KEY: z.string().min(1).optional(),
    PAYSTACK_API_BASE: z.url().default("https://api.paystack.co"),
    PAYSTACK_MODE: z.enum(["redirect", "popup"]).default("redirect"),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Alafia Self-Care <hello@alafia.ng>"),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// URL")
      .optional(),
    // namespace of the rate-limit keys, so several shops or environments can share one Redis
    REDIS_PREFIX: z.string().min(1).max(100).default("alafia:rl:"),
    // on SIGTERM: answer /api/health with 503 this long before closing, so a load balancer takes the
    // server out first; then wait at most SHUTDOWN_TIMEOUT_MS for the requests in flight
    // how long public reads and anonymous pages are served from memory; 0 turns the caches off
    CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    // server processes `npm start` runs on this machine, sharing PORT (server/server-processes.ts)
    SERVER_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(0),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    // proxies (load balancer, CDN) between the internet and us that append to X-Forwarded-For; 0 = trust none
    TRUST_PROXY: z.coerce.number().int().min(0, "must be a number of proxy hops (0 or more)").max(10).default(0),
    S3_ENDPOINT: optionalUrl,
    S3_REGION: z.string().default("auto"),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_PUBLIC_URL: optionalUrl,
    // WhatsApp Cloud API (modules/whatsapp): order updates and the owner's alerts as template messages
    WHATSAPP_TOKEN: z.string().min(1).optional(),
    WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d+$/, "must be the number id Meta gives (digits)").optional(),
    WHATSAPP_API_URL: z
      .url({ protocol: /^https?$/, message: "must be an http:// or https:// URL" })
      .default("https://graph.facebook.com/v21.0"),
    WHATSAPP_TEMPLATE_LANGUAGE: z.string().min(2).max(10).default("en"),
    // the marketing templates (modules/whatsapp/templates.ts) through Meta's Marketing Messages API,
    // once the business has accepted its terms: Meta ends marketing templates on /messages in October 2027
    WHATSAPP_MARKETING_MESSAGES: bool.default(false),
    // the Meta app's secret signs the webhook's deliveries; the verify token answers its subscription check
    WHATSAPP_APP_SECRET: z.string().min(1).optional(),
    WHATSAPP_VERIFY_TOKEN: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD)
      ctx.addIssue({ code: "custom", path: ["ADMIN_PASSWORD"], message: "is required when ADMIN_EMAIL is set" });
    if (env.PAYMENT_PROVIDER === "paystack" && !env.PAYSTACK_SECRET_KEY)
      ctx.addIssue({ code: "custom", path: ["PAYSTACK_SECRET_KEY"], message: "is required when PAYMENT_PROVIDER=paystack" });
    if (env.NODE_ENV === "production" && !env.SESSION_SECRET)
      ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "is required in production" });
    // a generated secret lives in one server's DATA_DIR: a login made on one server would be unknown to the others
    if (env.DATABASE_URL && !env.SESSION_SECRET)
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required with DATABASE_URL: every server sharing the database must use the same one",
      });
    // the embedded database belongs to one process (docs/architecture.md)
    if (env.SERVER_PROCESSES > 1 && !env.DATABASE_URL)
      ctx.addIssue({
        code: "custom",
        path: ["SERVER_PROCESSES"],
        message: "above 1 needs DATABASE_URL: the embedded database serves one process",
      });
    // the sandbox's 'Pay now' completes an order without taking money: never in production
    if (env.NODE_ENV === "production" && (env.PAYMENT_PROVIDER === "sandbox" || !env.PAYSTACK_SECRET_KEY))
      ctx.addIssue({
        code: "custom",
        path: ["PAYSTACK_SECRET_KEY"],
        message: "is required in production: the sandbox payment provider takes no money",
      });
    if (!!env.WHATSAPP_TOKEN !== !!env.WHATSAPP_PHONE_NUMBER_ID)
      ctx.addIssue({
        code: "custom",
        path: [env.WHATSAPP_TOKEN ? "WHATSAPP_PHONE_NUMBER_ID" : "WHATSAPP_TOKEN"],
        message: "is required with the other: WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID go together",
      });
    // absolute links (reset mails, canonical URLs, payment callbacks) are never built from a request's Host
    if (env.NODE_ENV === "production" && !env.PUBLIC_URL)
      ctx.addIssue({
        code: "custom",
        path: ["PUBLIC_URL"],
        message: "is required in production (the shop's address, e.g. https://alafia.ng)",
      });
  });

export type Env = Omit<z.output<typeof envSchema>, "SESSION_SECRET" | "PAYMENT_PROVIDER"> & {
  SESSION_SECRET: string;
  PAYMENT_PROVIDER: "sandbox" | "paystack";
  DATA_DIR: string;
};

export class ConfigError extends Error {}

/** Parses a set of variables; throws ConfigError with one line naming the first bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const value = cleaned[name];
    const shown = value === undefined || /SECRET|PASSWORD|KEY|URL|TOKEN/.test(name) ? "" : ` (got "${value}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`);
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    ...env,
    DATA_DIR: dataDir,
    PAYMENT_PROVIDER: env.PAYMENT_PROVIDER ?? (env.PAYSTACK_SECRET_KEY ? "paystack" : "sandbox"),
    SESSION_SECRET: env.SESSION_SECRET ?? localSessionSecret(dataDir),
  };
}

// Outside production a secret is generated once and kept beside the data.
function localSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, ".session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

let cached: Env | undefined;

/**
 * The process's configuration, read once (with `.env` when present). NODE_ENV is the shop's
 * own mode; `npm start` reads it here before it sets the libraries' NODE_ENV to production
 * (scripts/production-libraries.ts), so the value read first is the one that counts.
 */
export function getEnv(): Env {
  if (!cached) {
    if (fs.existsSync(".env")) process.loadEnvFile(".env");
    cached = parseEnv(process.env);
  }
  return cached;
}

/** Reads the configuration or stops with one line naming the bad variable. */
export function loadEnvOrExit(): Env {
  try {
    return getEnv();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      process.exit(1);
    }
    throw e;
  }
}
