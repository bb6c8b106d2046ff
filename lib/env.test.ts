import { describe, expect, it } from "vitest";
import { ConfigError, parseEnv } from "./env.server";

const base = { DATA_DIR: "/tmp/alafia-env-test", SESSION_SECRET: "s".repeat(32) };

describe("parseEnv", () => {
  it("fills embedded-mode defaults", () => {
    const env = parseEnv(base);
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PAYMENT_PROVIDER).toBe("sandbox");
    expect(env.SEED_DEMO).toBe(true);
  });

  it("names the bad variable in one line", () => {
    expect(() => parseEnv({ ...base, PORT: "abc" })).toThrow(ConfigError);
    expect(() => parseEnv({ ...base, PORT: "abc" })).toThrow(/^Invalid configuration: PORT .*"abc"/);
  });

  it("does not print secret values", () => {
    try {
      parseEnv({ ...base, DATABASE_URL: "mysql://user:hunter2@host/db" });
      expect.unreachable();
    } catch (e) {
      expect((e as Error).message).toMatch(/DATABASE_URL/);
      expect((e as Error).message).not.toMatch(/hunter2/);
    }
  });

  it("refuses a shared database without SESSION_SECRET, in every mode, in one line", () => {
    const shared = { DATA_DIR: base.DATA_DIR, DATABASE_URL: "postgres://localhost/shop" };
    for (const NODE_ENV of ["development", "test"]) {
      expect(() => parseEnv({ ...shared, NODE_ENV })).toThrow(
        /^Invalid configuration: SESSION_SECRET is required with DATABASE_URL: every server sharing the database must use the same one$/,
      );
    }
    expect(() => parseEnv({ ...shared, NODE_ENV: "production" })).toThrow(/^Invalid configuration: SESSION_SECRET /);
    expect(parseEnv({ ...shared, SESSION_SECRET: base.SESSION_SECRET }).SESSION_SECRET).toBe(base.SESSION_SECRET);
  });

  it("runs one server process unless told more, and more only on a shared database", () => {
    expect(parseEnv(base).SERVER_PROCESSES).toBe(1);
    expect(() => parseEnv({ ...base, SERVER_PROCESSES: "2" })).toThrow(
      /^Invalid configuration: SERVER_PROCESSES above 1 needs DATABASE_URL: the embedded database serves one process \(got "2"\)$/,
    );
    expect(parseEnv({ ...base, SERVER_PROCESSES: "2", DATABASE_URL: "postgres://localhost/shop" }).SERVER_PROCESSES).toBe(2);
    for (const bad of ["0", "1.5", "many", "65"])
      expect(() => parseEnv({ ...base, SERVER_PROCESSES: bad })).toThrow(/^Invalid configuration: SERVER_PROCESSES /);
  });

  it("reads the shutdown delay and timeout (ms), with defaults of 0 and 10 s", () => {
    expect([parseEnv(base).SHUTDOWN_DELAY_MS, parseEnv(base).SHUTDOWN_TIMEOUT_MS]).toEqual([0, 10_000]);
    const set = parseEnv({ ...base, SHUTDOWN_DELAY_MS: "3000", SHUTDOWN_TIMEOUT_MS: "20000" });
    expect([set.SHUTDOWN_DELAY_MS, set.SHUTDOWN_TIMEOUT_MS]).toEqual([3000, 20_000]);
    expect(() => parseEnv({ ...base, SHUTDOWN_DELAY_MS: "-5" })).toThrow(/^Invalid configuration: SHUTDOWN_DELAY_MS /);
  });

  it("chooses paystack when a secret key is set, and requires it when asked for", () => {
    expect(parseEnv({ ...base, PAYSTACK_SECRET_KEY: "sk_test_x" }).PAYMENT_PROVIDER).toBe("paystack");
    expect(() => parseEnv({ ...base, PAYMENT_PROVIDER: "paystack" })).toThrow(/PAYSTACK_SECRET_KEY/);
  });

  it("takes WhatsApp's token and sending number together, with the Cloud API's address and language by default", () => {
    expect(parseEnv(base)).toMatchObject({ WHATSAPP_API_URL: "https://graph.facebook.com/v21.0", WHATSAPP_TEMPLATE_LANGUAGE: "en" });
    expect(parseEnv({ ...base, WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "1234567890" }).WHATSAPP_PHONE_NUMBER_ID).toBe("1234567890");
    expect(() => parseEnv({ ...base, WHATSAPP_TOKEN: "EAAG-secret" })).toThrow(
      /^Invalid configuration: WHATSAPP_PHONE_NUMBER_ID is required with the other: WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID go together$/,
    );
    expect(() => parseEnv({ ...base, WHATSAPP_PHONE_NUMBER_ID: "1234567890" })).toThrow(/^Invalid configuration: WHATSAPP_TOKEN /);
    expect(() => parseEnv({ ...base, WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "+234 803" })).toThrow(
      /WHATSAPP_PHONE_NUMBER_ID must be/,
    );
  });

  it("trusts no proxy unless told how many hops to look through", () => {
    expect(parseEnv(base).TRUST_PROXY).toBe(0);
    expect(parseEnv({ ...base, TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(() => parseEnv({ ...base, TRUST_PROXY: "-1" })).toThrow(/^Invalid configuration: TRUST_PROXY /);
    expect(() => parseEnv({ ...base, TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
  });

  it("requires SESSION_SECRET in production", () => {
    expect(() => parseEnv({ DATA_DIR: base.DATA_DIR, NODE_ENV: "production" })).toThrow(/SESSION_SECRET/);
  });

  it("never runs the sandbox payment provider in production (its 'Pay now' takes no money)", () => {
    const production = { DATA_DIR: base.DATA_DIR, NODE_ENV: "production", SESSION_SECRET: "s".repeat(32) };
    expect(() => parseEnv(production)).toThrow(/^Invalid configuration: PAYSTACK_SECRET_KEY is required in production/);
    expect(() => parseEnv({ ...production, PAYMENT_PROVIDER: "sandbox", PAYSTACK_SECRET_KEY: "sk_live_x" })).toThrow(/PAYSTACK_SECRET_KEY/);
    expect(parseEnv({ ...production, PAYSTACK_SECRET_KEY: "sk_live_x", PUBLIC_URL: "https://alafia.ng" }).PAYMENT_PROVIDER).toBe(
      "paystack",
    );
  });

  it("requires PUBLIC_URL in production: absolute links are never built from a request's Host", () => {
    const production = {
      DATA_DIR: base.DATA_DIR,
      NODE_ENV: "production",
      SESSION_SECRET: "s".repeat(32),
      PAYSTACK_SECRET_KEY: "sk_live_x",
    };
    expect(() => parseEnv(production)).toThrow(/^Invalid configuration: PUBLIC_URL is required in production/);
    expect(() => parseEnv({ ...production, PUBLIC_URL: "ftp://alafia.ng" })).toThrow(/^Invalid configuration: PUBLIC_URL /);
    expect(parseEnv({ ...production, PUBLIC_URL: "https://alafia.ng" }).PUBLIC_URL).toBe("https://alafia.ng");
  });
});
