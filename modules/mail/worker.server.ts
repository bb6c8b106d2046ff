import fs from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import type { Env } from "../../lib/env.server";
import type { Logger } from "../../lib/logger.server";
import { repeatJob } from "../../lib/repeat";
import type { WhatsAppConfig } from "../whatsapp/cloud-api.server";
import { tryWhatsApp } from "../whatsapp/delivery.server";

export type MailDeps = {
  db: Db;
  env: Pick<Env, "SMTP_URL" | "MAIL_FROM" | "DATA_DIR" | "NODE_ENV"> & WhatsAppConfig;
  logger: Logger;
};
type OutboxRow = typeof mailOutbox.$inferSelect;

const BATCH = 20;
// a claimed mail is hidden this long; if the process dies mid-send, another worker retries it
const LEASE_MS = 5 * 60_000;
const MAX_BACKOFF_MS = 3600_000;

/** Exponential backoff: 30 s, 1 min, 2 min... capped at one hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * The one failure not worth retrying: the SMTP server refused the recipient with a 5xx (no such mailbox).
 * Anything else (no connection, timeouts, 4xx, a refused login or sender) may pass once the server or the
 * settings are fixed, so an outage only delays mail, never loses it.
 */
function isPermanentRejection(e: unknown): boolean {
  const { command, responseCode } = (e ?? {}) as { command?: unknown; responseCode?: unknown };
  return command === "RCPT TO" && typeof responseCode === "number" && responseCode >= 500 && responseCode < 600;
}

export function outboxDir(dataDir: string) {
  return path.join(dataDir, "outbox");
}

type Sender = (mail: OutboxRow) => Promise<void>;
// a server that is down, silent or stalled costs the worker at most this long per attempt (nodemailer's own: 2, 0.5 and 10 minutes)
export const SMTP_LIMITS_MS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
const transports = new Map<string, Transporter>();

/** SMTP when SMTP_URL is set; otherwise each mail becomes DATA_DIR/outbox/<id>.eml and .json. */
function senderFor({ env, logger }: MailDeps): Sender {
  if (env.SMTP_URL) {
    let transport = transports.get(env.SMTP_URL);
    if (!transport) {
      // the limits go with the connection's options: a second argument would be defaults for each message
      transport = nodemailer.createTransport({ url: env.SMTP_URL, ...SMTP_LIMITS_MS });
      transports.set(env.SMTP_URL, transport);
    }
    const smtp = transport;
    return async (mail) => {
      await smtp.sendMail({
        from: env.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        messageId: `<${mail.id}@alafia.outbox>`,
      });
    };
  }
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return async (mail) => {
    const dir = outboxDir(env.DATA_DIR);
    await fs.mkdir(dir, { recursive: true });
    const info = await composer.sendMail({
      from: env.MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? undefined,
    });
    const base = path.join(dir, `${mail.createdAt.toISOString().replace(/[:.]/g, "-")}-${mail.id}`);
    await fs.writeFile(`${base}.eml`, info.message as Buffer);
    await fs.writeFile(
      `${base}.json`,
      JSON.stringify(
        { id: mail.id, kind: mail.kind, to: mail.to, subject: mail.subject, text: mail.text, createdAt: mail.createdAt },
        null,
        2,
      ),
    );
    // in development the reset link is logged so a developer can follow it; never elsewhere
    if (env.NODE_ENV === "development")
      logger.info(
        { mailId: mail.id, kind: mail.kind, links: mail.text.match(/https?:\/\/\S+/g) ?? [] },
        "mail written to the outbox folder",
      );
  };
}

/** Claims due mails (skipping ones another worker holds) and pushes their next attempt past the lease. */
async function claimDue(db: Db): Promise<OutboxRow[]> {
  const now = new Date();
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    // the database's clock, which also stamped the row: a JS Date has no microseconds, so a mail queued
    // within the same millisecond would look not yet due
    .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, sql`clock_timestamp()`)))
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(BATCH)
    .for("update", { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

/**
 * One pass: sends what is due; a failure is recorded and retried later with backoff, for as long as it takes,
 * unless the server refused the recipient for good (then the mail is marked failed and stays for an admin).
 * Returns how many were handled.
 */
export async function deliverDueMails(deps: MailDeps): Promise<{ sent: number; failed: number }> {
  const send = senderFor(deps);
  const claimed = await claimDue(deps.db);
  let sent = 0;
  let failed = 0;
  for (const mail of claimed) {
    if (mail.whatsapp && mail.channel !== "mail") {
      const done = await viaWhatsApp(deps, mail);
      if (done === "sent") sent++;
      else if (done !== "mail") failed++;
      if (done !== "mail") continue;
    }
    try {
      await send(mail);
      await deps.db
        .update(mailOutbox)
        // a mail sent instead of its WhatsApp message keeps the reason it was
        .set({
          status: "sent",
          sentAt: new Date(),
          attempts: mail.attempts + 1,
          channel: "mail",
          ...(mail.whatsapp ? {} : { lastError: null }),
        })
        .where(eq(mailOutbox.id, mail.id));
      sent++;
    } catch (e) {
      failed++;
      const attempts = mail.attempts + 1;
      const giveUp = isPermanentRejection(e);
      await deps.db
        .update(mailOutbox)
        .set({
          attempts,
          status: giveUp ? "failed" : "pending",
          lastError: String((e as Error).message ?? e).slice(0, 500),
          nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
        })
        .where(eq(mailOutbox.id, mail.id));
      deps.logger[giveUp ? "error" : "warn"](
        { mailId: mail.id, kind: mail.kind, attempts, err: (e as Error).message },
        giveUp ? "mail refused for good by the SMTP server" : "mail delivery failed, will retry",
      );
    }
  }
  return { sent, failed };
}

/**
 * A message with a WhatsApp form goes that way first (modules/whatsapp/delivery.server.ts). Returns
 * "sent", "retry" (tried again after the backoff), "dropped" (WhatsApp only, and it cannot go) or
 * "mail" (the mail goes now, and for good: the row remembers it).
 */
async function viaWhatsApp(deps: MailDeps, mail: OutboxRow): Promise<"sent" | "retry" | "dropped" | "mail"> {
  const outcome = await tryWhatsApp(deps.db, deps.env, mail.whatsapp!, mail.attempts);
  const attempts = mail.attempts + 1;
  if (outcome.sent) {
    await deps.db
      .update(mailOutbox)
      .set({ status: "sent", channel: "whatsapp", sentAt: new Date(), attempts, lastError: null })
      .where(eq(mailOutbox.id, mail.id));
    return "sent";
  }
  const lastError = outcome.why.slice(0, 500);
  if (outcome.retry) {
    await deps.db
      .update(mailOutbox)
      .set({ attempts, lastError, nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)) })
      .where(eq(mailOutbox.id, mail.id));
    deps.logger.warn({ mailId: mail.id, kind: mail.kind, attempts, err: lastError }, "WhatsApp message failed, will retry");
    return "retry";
  }
  if (!mail.whatsapp!.mail) {
    await deps.db.update(mailOutbox).set({ status: "failed", attempts, lastError }).where(eq(mailOutbox.id, mail.id));
    return "dropped";
  }
  await deps.db.update(mailOutbox).set({ channel: "mail", lastError }).where(eq(mailOutbox.id, mail.id));
  return "mail";
}

/** Sends everything that is due now (tests and scripts call this instead of waiting for the timer). */
export async function flushOutbox(deps: MailDeps): Promise<{ sent: number; failed: number }> {
  const total = { sent: 0, failed: 0 };
  for (;;) {
    const pass = await deliverDueMails(deps);
    total.sent += pass.sent;
    total.failed += pass.failed;
    if (pass.sent + pass.failed < BATCH) return total;
  }
}

/** Polls the outbox every few seconds; returns a stop function. Passes never overlap. */
export function startMailWorker(deps: MailDeps, { intervalMs = 3000 } = {}): () => Promise<void> {
  return repeatJob(intervalMs, deps.logger, { pass: () => flushOutbox(deps), failed: "mail worker pass failed" });
}
