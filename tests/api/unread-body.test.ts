import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../support/test-app";

// A POST the shop answers without reading its body (here a 403 for a foreign Origin) must leave the
// kept-alive connection usable, also when the server is busy for a moment after answering.

let t: TestContext;
let server: http.Server;
let base = "";

beforeAll(async () => {
  t = await createTestContext();
  server = http.createServer(getRequestListener(t.app.fetch));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** Blocks the process (server and client alike) as a burst of work on a busy machine does. */
function busy(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

type Sent = { status: number; body: string; error?: string; reusedSocket: boolean };

function send(agent: http.Agent, method: string, path: string, body?: Buffer, headers: http.OutgoingHttpHeaders = {}): Promise<Sent> {
  return new Promise((resolve) => {
    let answer: Omit<Sent, "error"> | undefined;
    let error: string | undefined;
    const req = http.request(`${base}${path}`, { method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        answer = { status: res.statusCode!, body: Buffer.concat(chunks).toString(), reusedSocket: req.reusedSocket };
        // the server is busy for 0.8 s right after this answer
        setTimeout(() => busy(800), 20);
      });
    });
    req.on("error", (err) => (error = err.message));
    req.on("close", () => setTimeout(() => resolve({ ...(answer ?? { status: 0, body: "", reusedSocket: false }), error }), 900));
    req.end(body);
  });
}

describe("a request body the answer did not need", () => {
  it("is read before the answer, so the connection serves the next request", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const body = Buffer.alloc(8 * 1024 * 1024, "a");
      const first = await send(agent, "POST", "/api/cart/create", body, {
        "Content-Type": "application/json",
        "Content-Length": body.length,
        Origin: "https://elsewhere.example",
      });
      expect(first.status).toBe(403);
      expect(JSON.parse(first.body)).toMatchObject({ msg: "This request did not come from the shop's own pages." });
      expect(first.error).toBeUndefined();
      const second = await send(agent, "GET", "/api/categories");
      expect(second).toMatchObject({ status: 200, reusedSocket: true });
    } finally {
      agent.destroy();
    }
  });

  it("larger than any body the shop takes, is not read: the answer closes the connection", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // announced, never sent: the shop answers from the headers alone
      const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
        const req = http.request(`${base}/api/cart/create`, {
          method: "POST",
          agent,
          headers: { "Content-Type": "application/json", "Content-Length": 64 * 1024 * 1024 },
        });
        req.on("response", resolve).on("error", reject);
        req.flushHeaders();
      });
      res.resume();
      expect(res.statusCode).toBe(413);
      expect(res.headers.connection).toBe("close");
    } finally {
      agent.destroy();
    }
  });
});
