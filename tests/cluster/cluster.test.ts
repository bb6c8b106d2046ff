// `npm run test:cluster`: two shop processes behind a real HAProxy (round-robin, health-checked),
// sharing one PostgreSQL database, Redis (rate limits) and an S3-compatible server, all on loopback.
// Through the balancer: a session works on both servers, an uploaded image is served by both, an
// admin's price change is seen on both within 1 s, rate limits count across both, a mail is sent
// once, a rolling restart under steady traffic loses no request, and `kill -9` of one server loses
// only what was in flight on it.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/free-port";
import { startS3Server, type TestS3 } from "../support/s3-server";
import { dropDatabaseWhenFree, withDatabase } from "../support/global-setup";
import {
  CHECK,
  haproxyPath,
  serverState,
  startAppServer,
  startBalancer,
  steadyTraffic,
  waitFor,
  type AppServer,
  type Balancer,
} from "./support";

const haproxy = haproxyPath();
if (!haproxy) {
  if (process.env.CI) throw new Error("The cluster test needs HAProxy: apt-get install -y haproxy");
  process.stdout.write("Cluster test skipped: HAProxy is not installed (apt-get install -y haproxy); CI installs it.\n");
}
const databaseUrl = process.env.DATABASE_URL ?? "postgres://root@127.0.0.1:5432/test";
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const ADMIN = { email: "owner@alafia.test", password: "Owner-pass-2026" };

let s3: TestS3;
let balancer: Balancer;
let admin: pg.Client;
let databaseName: string;
let redisPrefix: string;
const servers: AppServer[] = [];
const figures: Record<string, unknown> = {};
let shopperEmail = "";

describe.runIf(haproxy)("two shop servers behind HAProxy", () => {
  beforeAll(async () => {
    s3 = await startS3Server();
    admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    databaseName = `alafia_cluster_${crypto.randomBytes(6).toString("hex")}`;
    await admin.query(`create database ${databaseName}`);
    redisPrefix = `alafia:cluster:${crypto.randomUUID()}:`;
    const balancerPort = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      DATABASE_URL: withDatabase(databaseUrl, databaseName),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: redisPrefix,
      SESSION_SECRET: "cluster-secret-cluster-secret-cluster-01",
      PUBLIC_URL: `http://127.0.0.1:${balancerPort}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "warn",
      // long enough for the balancer to see two failed checks before the server closes
      SHUTDOWN_DELAY_MS: String(CHECK.interMs * (CHECK.fall + 2)),
      ...s3.env,
    };
    for (const name of ["a", "b"]) {
      servers.push({ name, port: await freePort(), dataDir: fs.mkdtempSync(path.join(os.tmpdir(), `alafia-cluster-${name}-`)), env });
    }
    // the first start builds when the sources changed; then both run
    await startAppServer(servers[0]!);
    await startAppServer(servers[1]!);
    balancer = await startBalancer(haproxy!, [...servers.map((s) => ({ name: s.name, port: s.port }))], balancerPort);
    await waitFor(
      "both servers in the pool",
      async () => (await serverState(balancer, "a")) === "UP" && (await serverState(balancer, "b")) === "UP",
    );
  }, 600_000);

  afterAll(async () => {
    process.stdout.write(`Cluster figures: ${JSON.stringify(figures)}\n`);
    await balancer?.stop();
    for (const s of servers) await s.shop?.stop();
    await s3?.close();
    if (admin) {
      await dropDatabaseWhenFree(admin, databaseName);
      await admin.end();
    }
    for (const s of servers) fs.rmSync(s.dataDir, { recursive: true, force: true });
  }, 60_000);

  const direct = (server: AppServer) => `http://127.0.0.1:${server.port}`;
  const viaBalancer = (p: string, init: RequestInit = {}) =>
    fetch(balancer.url + p, { ...init, headers: { Origin: balancer.url, ...(init.headers as Record<string, string>) } });
  const adminToken = async () => {
    const res = await viaBalancer("/api/auth/adminlogin", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { accessToken: string }).accessToken;
  };

  it("a session made on one server works on the other", async () => {
    const email = (shopperEmail = `ada.${crypto.randomUUID().slice(0, 8)}@example.ng`);
    const json = { "Content-Type": "application/json" };
    const body = { firstName: "Ada", lastName: "Obi", email, password: "Calm-and-kind-2026" };
    expect((await viaBalancer("/api/auth/register", { method: "POST", headers: json, body: JSON.stringify(body) })).status).toBe(201);
    const login = await viaBalancer("/api/auth/login", {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email, password: body.password }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    const answeredBy = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const me = await viaBalancer("/api/auth/me", { headers: { Cookie: cookie } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);
      answeredBy.add(me.headers.get("x-served-by")!);
    }
    expect([...answeredBy].sort()).toEqual(["a", "b"]);
  });

  let product: { id: string; imageUrl: string; images: { url: string }[] };
  it("an image uploaded through one server is served by both, from the bucket; nothing lands in a server's DATA_DIR/uploads", async () => {
    const token = await adminToken();
    const categories = (await (await viaBalancer("/api/categories")).json()) as { id: string }[];
    const form = new FormData();
    for (const [k, v] of Object.entries({ title: "Cluster journal", price: "5000", description: "Calm", categoryId: categories[0]!.id }))
      form.set(k, v);
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#a3435a" } })
      .png()
      .toBuffer();
    form.set("imageUrl", new Blob([new Uint8Array(png)], { type: "image/png" }), "journal.png");
    const created = await viaBalancer("/api/products/create", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    expect(created.status).toBe(201);
    product = (await created.json()) as typeof product;
    for (const server of servers) {
      const seen = (await (await fetch(`${direct(server)}/api/products/${product.id}`)).json()) as typeof product;
      expect(seen.imageUrl).toBe(product.imageUrl);
      for (const url of [seen.imageUrl, ...seen.images.map((i) => i.url)]) {
        const image = await fetch(new URL(url, direct(server)));
        expect(image.status).toBe(200);
        expect(image.headers.get("content-type")).toBe("image/webp");
      }
      expect(fs.existsSync(path.join(server.dataDir, "uploads"))).toBe(false);
    }
  });

  it("an admin's price change is seen on both servers within 1 s", async () => {
    const token = await adminToken();
    const changed = await viaBalancer(`/api/products/${product.id}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ price: 6250 }),
    });
    expect(changed.status).toBe(200);
    const waited = await Promise.all(
      servers.map((server) =>
        waitFor(`the new price on ${server.name}`, async () => {
          const seen = (await (await fetch(`${direct(server)}/api/products/${product.id}`)).json()) as { price: number };
          return seen.price === 6250;
        }),
      ),
    );
    figures.priceVisibleMs = waited.map(Math.round);
    for (const ms of waited) expect(ms).toBeLessThan(1000);
  });

  it("rate limits count across both servers, in Redis", async () => {
    const answers: { status: number; by: string | null }[] = [];
    // the newsletter takes 30 sign-ups an hour from one address (here: the balancer's)
    for (let i = 0; i < 31; i++) {
      const res = await viaBalancer("/api/newsletter", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: `reader${i}.${crypto.randomUUID().slice(0, 6)}@example.ng` }),
      });
      answers.push({ status: res.status, by: res.headers.get("x-served-by") });
    }
    expect(answers.slice(0, 30).every((a) => a.status === 201 || a.status === 200)).toBe(true);
    expect(answers[30]!.status).toBe(429);
    expect(new Set(answers.map((a) => a.by))).toEqual(new Set(["a", "b"]));
    const redis = new Redis(redisUrl);
    try {
      expect((await redis.keys(`${redisPrefix}*`)).length).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });

  it("a mail is sent once, by one of the servers", async () => {
    const res = await viaBalancer("/api/auth/forgot-password", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: shopperEmail }),
    });
    expect(res.status).toBe(200);
    // without SMTP_URL each server writes what it sends to its DATA_DIR/outbox, as <id>.eml and <id>.json
    const resetMails = () =>
      servers.flatMap((s) => {
        const dir = path.join(s.dataDir, "outbox");
        if (!fs.existsSync(dir)) return [];
        return fs
          .readdirSync(dir)
          .filter((f) => f.endsWith(".json"))
          .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as { to: string; subject: string })
          .filter((m) => m.to === shopperEmail && /reset/i.test(m.subject));
      });
    await waitFor("the reset mail", async () => resetMails().length > 0, 15_000);
    // both workers have had several more passes at the outbox
    await new Promise((r) => setTimeout(r, 7_000));
    expect(resetMails()).toHaveLength(1);
  });

  it("a rolling restart under steady traffic loses no request", async () => {
    // shoppers' requests (the balancer's own /api/health probe is how a draining server says 503)
    const traffic = steadyTraffic(balancer.url, ["/api/products?pageSize=4", "/", `/productdetails/${product.id}`, "/products"]);
    const started = performance.now();
    for (const server of servers) {
      await server.shop!.stop(); // SIGTERM: health 503, the balancer takes it out, requests in flight finish
      await startAppServer(server);
      await waitFor(`${server.name} back in the pool`, async () => (await serverState(balancer, server.name)) === "UP");
    }
    const tally = await traffic.stop();
    figures.rollingRestart = { sent: tally.sent, failed: tally.failed, seconds: Math.round((performance.now() - started) / 100) / 10 };
    expect(tally.failures.map((f) => f.what)).toEqual([]);
    expect(tally.sent).toBeGreaterThan(100);
  }, 300_000);

  it("kill -9 of one server under traffic loses at most what was in flight on it, and nothing once the health check removed it", async () => {
    const traffic = steadyTraffic(balancer.url, ["/api/products?pageSize=4", "/", "/products"]);
    await new Promise((r) => setTimeout(r, 1000));
    const victim = servers[1]!;
    const killedAt = performance.now();
    process.kill(-victim.shop!.process.pid!, "SIGKILL");
    const leftPoolMs = await waitFor("the killed server out of the pool", async () =>
      (await serverState(balancer, victim.name)).startsWith("DOWN"),
    );
    const removedAt = killedAt + leftPoolMs;
    await new Promise((r) => setTimeout(r, 2000));
    const tally = await traffic.stop();
    const afterRemoval = tally.failures.filter((f) => f.at > removedAt);
    figures.kill9 = { sent: tally.sent, failed: tally.failed, leftPoolMs: Math.round(leftPoolMs), failedAfterRemoval: afterRemoval.length };
    expect(afterRemoval).toEqual([]);
    // at most the requests that were in flight: the traffic keeps 8 at a time
    expect(tally.failed).toBeLessThanOrEqual(8);
    victim.shop = undefined;
  }, 120_000);
});
