import http, { type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startInTurns, TURN_MS } from "./start-in-turns";

const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

let server: http.Server | undefined;
const agents: http.Agent[] = [];
afterEach(async () => {
  for (const agent of agents.splice(0)) agent.destroy();
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

async function listen(listener: RequestListener) {
  server = http.createServer(listener);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A request on a connection of its own (an agent per connection), answered with its body. */
function send(base: string, agent: http.Agent, body = ""): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request(base, { method: body ? "POST" : "GET", agent }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve(text));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("startInTurns", () => {
  const fake = (n: number) => [{ url: String(n) }, {}] as unknown as Parameters<RequestListener>;

  it("starts the requests in the order they came, one per turn of the event loop when a turn has no room for more", async () => {
    const started: number[] = [];
    const listener = startInTurns((req) => void started.push(Number(req.url)), 0);
    for (const n of [1, 2, 3]) listener(...fake(n));
    expect(started).toEqual([]);
    await nextTurn();
    expect(started).toEqual([1]);
    await nextTurn();
    expect(started).toEqual([1, 2]);
    listener(...fake(4));
    await nextTurn();
    await nextTurn();
    expect(started).toEqual([1, 2, 3, 4]);
  });

  it("starts cheap requests many to a turn, and one to a turn once they cost a turn's time", async () => {
    const started: number[] = [];
    let cost = 0;
    const listener = startInTurns((req) => {
      started.push(Number(req.url));
      busyFor(cost);
    }, TURN_MS);
    for (let n = 1; n <= 20; n++) listener(...fake(n));
    await nextTurn();
    expect(started).toHaveLength(20);
    await nextTurn();
    // 3 ms each: the first batch knows no better and starts all of them, and its turn shows the cost
    cost = 3;
    for (let n = 21; n <= 30; n++) listener(...fake(n));
    await nextTurn();
    expect(started).toHaveLength(30);
    for (let n = 31; n <= 33; n++) listener(...fake(n));
    await nextTurn();
    expect(started).toHaveLength(31);
    await nextTurn();
    expect(started).toHaveLength(32);
    await nextTurn();
    expect(started).toEqual(Array.from({ length: 33 }, (_, i) => i + 1));
  });

  it("answers every request, a body that waited its turn included", async () => {
    const base = await listen(
      startInTurns((req, res) => {
        let body = "";
        req.on("data", (chunk: Buffer) => (body += chunk.toString()));
        req.on("end", () => res.end(`${req.method} ${body}`));
      }),
    );
    const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
    agents.push(agent);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(base, agent, i % 2 ? `order ${i}` : "")));
    expect(answers).toEqual(Array.from({ length: 20 }, (_, i) => (i % 2 ? `POST order ${i}` : "GET ")));
  });

  // The promo rush: kept-alive connections keep a request waiting at every turn while phones open
  // new connections. libuv accepts one connection per turn; node:http alone starts every waiting
  // request in that turn, so each new connection waits for all of them. Counted in starts, not
  // milliseconds, so a slow machine tells the same story.
  it("accepts a waiting connection after about one request, not after every busy connection's", async () => {
    const events: string[] = [];
    const BUSY = 10;
    const base = await listen(
      startInTurns((req, res) => {
        events.push(`start ${req.headers["x-who"]}`);
        busyFor(6);
        res.end("ok");
      }),
    );
    server!.on("connection", (socket) => events.push(`accept ${socket.remotePort}`));
    let running = true;
    const busy = Array.from({ length: BUSY }, async (_, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(agent);
      while (running) await get(base, agent, `busy ${i}`);
    });
    // the busy connections are accepted and keep the server at work before the newcomers connect
    while (events.filter((e) => e.startsWith("start")).length < BUSY * 3) await nextTurn();
    const firstNew = events.length;
    const newcomers = Array.from({ length: BUSY }, (_, i) => {
      const agent = new http.Agent({ keepAlive: false });
      agents.push(agent);
      return get(base, agent, `new ${i}`);
    });
    await Promise.all(newcomers);
    running = false;
    await Promise.all(busy);

    // the starts of busy requests between one newcomer's acceptance and the next's
    const accepts = events.map((e, i) => (e.startsWith("accept") && i >= firstNew ? i : -1)).filter((i) => i >= 0);
    expect(accepts).toHaveLength(BUSY);
    const between = accepts.slice(1).map((at, k) => events.slice(accepts[k], at).filter((e) => e.startsWith("start busy")).length);
    expect(Math.max(...between), `busy starts between acceptances: ${between.join(" ")}`).toBeLessThanOrEqual(2);
  });
});

function get(base: string, agent: http.Agent, who: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(base, { agent, headers: { "x-who": who } }, (res) => {
        res.resume();
        res.on("end", () => resolve(who));
      })
      .on("error", reject);
  });
}
