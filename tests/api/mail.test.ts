import fs from "node:fs";
import net from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../db/schema";
import { createLogger } from "../../lib/logger.server";
import { flushOutbox, outboxDir, retryDelayMs, SMTP_LIMITS_MS, startMailWorker } from "../../modules/mail/worker.server";
import { createMail, createUser } from "../factories";
import { createTestContext, type TestContext } from "../support/test-app";

const logger = createLogger("silent");

/** A real SMTP server on a free port that keeps what it receives; `refuse` answers RCPT TO for an address with that code. */
async function startSmtp({ refuse = {} }: { refuse?: Record<string, number> } = {}) {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, done) {
      const code = refuse[address.address];
      if (!code) return done();
      done(Object.assign(new Error(code >= 500 ? "No such user here" : "Mailbox busy, try later"), { responseCode: code }));
    },
    onData(stream, session, done) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function freePort() {
  return new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe("mail by SMTP", () => {
  let t: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestContext({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(() => smtp.close());

  it("delivers the password reset mail with a working link to a real SMTP server", async () => {
    await createUser(t.db, { email: "gozie@example.ng", firstName: "Gozie" });
    expect((await t.request("/api/auth/forgot-password", { method: "POST", json: { email: "gozie@example.ng" } })).status).toBe(200);
    const result = await flushOutbox({ db: t.db, env: t.env, logger });
    expect(result.sent).toBeGreaterThanOrEqual(1);
    const mail = smtp.received.find((m) => m.to.includes("gozie@example.ng"));
    expect(mail).toBeDefined();
    expect(mail!.raw).toMatch(/Subject: Reset your Alafia Self-Care password/);
    // the body is quoted-printable: undo soft line breaks and =XX escapes
    const body = mail!.raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const token = body.match(/resetpassword\?token=([\w-]+)/)?.[1];
    expect(token).toBeTruthy();
    const res = await t.request("/api/auth/reset-password", { method: "POST", json: { token, password: "From-the-mail-2026" } });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, "gozie@example.ng"));
    expect(row).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("sends the welcome mail after a registration", async () => {
    await t.request("/api/auth/register", {
      method: "POST",
      json: { firstName: "Ife", lastName: "O", email: "ife@example.ng", password: "Sunshine-2026" },
    });
    await flushOutbox({ db: t.db, env: t.env, logger });
    expect(smtp.received.find((m) => m.to.includes("ife@example.ng"))?.raw).toMatch(/Welcome to Alafia Self-Care/);
  });

  it("sends from MAIL_FROM: the shop's own address by default, the one configured when set", async () => {
    await createMail(t.db, { to: "default-from@example.ng" });
    const configured = { ...t.env, MAIL_FROM: "Alafia Gifts <gifts@alafia.ng>" };
    await flushOutbox({ db: t.db, env: t.env, logger });
    await createMail(t.db, { to: "set-from@example.ng" });
    await flushOutbox({ db: t.db, env: configured, logger });
    // a display name with a hyphen is quoted on the wire: compared without its quotes
    const fromOf = (to: string) =>
      /^From: (.*)$/m
        .exec(smtp.received.find((m) => m.to.includes(to))?.raw ?? "")?.[1]
        ?.replace(/"/g, "")
        .trim();
    expect(fromOf("default-from@example.ng")).toBe("Alafia Self-Care <hello@alafia.ng>");
    expect(fromOf("set-from@example.ng")).toBe("Alafia Gifts <gifts@alafia.ng>");
  });
});

describe("an SMTP outage delays mail, never loses it", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
  });

  it("keeps the mail pending with a later retry, then sends it once the server is back", async () => {
    const mail = await createMail(t.db, { to: "later@example.ng", subject: "Later" });
    const first = await flushOutbox({ db: t.db, env: t.env, logger });
    expect(first).toEqual({ sent: 0, failed: 1 });
    let [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row!.lastError).toBeTruthy();
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // not due yet: a second pass leaves it alone
    expect(await flushOutbox({ db: t.db, env: t.env, logger })).toEqual({ sent: 0, failed: 0 });

    const smtp = await startSmtp();
    try {
      await t.db.update(mailOutbox).set({ nextAttemptAt: new Date() }).where(eq(mailOutbox.id, mail.id));
      const env = { ...t.env, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` };
      expect(await flushOutbox({ db: t.db, env, logger })).toEqual({ sent: 1, failed: 0 });
      [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
      expect(row).toMatchObject({ status: "sent", attempts: 2 });
      expect(smtp.received.map((m) => m.to)).toEqual([["later@example.ng"]]);
    } finally {
      await smtp.close();
    }
  });

  it("gives up on a server that takes the connection and never greets within its greeting limit, not nodemailer's 30 s", async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const env = { ...t.env, SMTP_URL: `smtp://127.0.0.1:${(silent.address() as net.AddressInfo).port}` };
      const mail = await createMail(t.db, { to: "silent@example.ng" });
      const started = Date.now();
      expect(await flushOutbox({ db: t.db, env, logger })).toEqual({ sent: 0, failed: 1 });
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(SMTP_LIMITS_MS.greetingTimeout - 500);
      expect(waited).toBeLessThan(SMTP_LIMITS_MS.greetingTimeout + 5_000);
      const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row!.lastError).toMatch(/greeting/i);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it("backs off exponentially up to an hour", () => {
    expect([1, 2, 3, 10, 30, 5000].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000, 3_600_000]);
  });

  it("never gives up on an outage: after days of failed attempts the mail is still retried within the hour", async () => {
    const mail = await createMail(t.db, { to: "patient@example.ng", attempts: 200 });
    expect(await flushOutbox({ db: t.db, env: t.env, logger })).toEqual({ sent: 0, failed: 1 });
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(row).toMatchObject({ status: "pending", attempts: 201 });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(row!.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
  });
});

describe("a recipient the SMTP server refuses", () => {
  let t: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp({ refuse: { "gone@example.ng": 550, "busy@example.ng": 451 } });
    t = await createTestContext({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  });
  afterAll(() => smtp.close());

  it("marks the mail failed on a permanent (5xx) refusal, and retries a temporary (4xx) one", async () => {
    const gone = await createMail(t.db, { to: "gone@example.ng" });
    const busy = await createMail(t.db, { to: "busy@example.ng" });
    expect(await flushOutbox({ db: t.db, env: t.env, logger })).toEqual({ sent: 0, failed: 2 });
    const rows = await t.db.select().from(mailOutbox);
    expect(rows.find((r) => r.id === gone.id)).toMatchObject({ status: "failed", attempts: 1, lastError: expect.stringMatching(/550/) });
    expect(rows.find((r) => r.id === busy.id)).toMatchObject({ status: "pending", attempts: 1, lastError: expect.stringMatching(/451/) });
    expect(smtp.received).toEqual([]);
  });
});

describe("mail without SMTP_URL", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });

  it("writes each mail to DATA_DIR/outbox as .eml and .json, from the background worker", async () => {
    await createUser(t.db, { email: "hauwa@example.ng" });
    await t.request("/api/auth/forgot-password", { method: "POST", json: { email: "hauwa@example.ng" } });
    const stop = startMailWorker({ db: t.db, env: t.env, logger }, { intervalMs: 50 });
    const dir = outboxDir(t.env.DATA_DIR);
    await expect
      .poll(() => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".json")).length : 0), { timeout: 5000 })
      .toBe(1);
    await stop();
    const files = fs.readdirSync(dir);
    expect(files.filter((f) => f.endsWith(".eml"))).toHaveLength(1);
    const json = JSON.parse(fs.readFileSync(`${dir}/${files.find((f) => f.endsWith(".json"))}`, "utf8"));
    expect(json).toMatchObject({ to: "hauwa@example.ng", kind: "password_reset" });
    expect(json.text).toMatch(/http:\/\/localhost:3000\/resetpassword\?token=/);
  });
});
