// The reference of `npm run perf:load`: a bare node:http server, run in its own process,
// that answers each recorded path with the exact bytes the shop sent for it (status,
// headers, body), and 404 for anything else. Started by fork(); it is sent the recorded
// answers and replies with the port it listens on.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type RecordedAnswer = { status: number; headers: Record<string, string>; body: string /* base64 */ };
export type ReplayMessage = { answers: Record<string, RecordedAnswer> };

process.once("message", (message: ReplayMessage) => {
  const answers = new Map(
    Object.entries(message.answers).map(([url, a]) => [url, { status: a.status, headers: a.headers, body: Buffer.from(a.body, "base64") }]),
  );
  const server = http.createServer((req, res) => {
    const answer = answers.get(req.url ?? "");
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(answer.status, { ...answer.headers, "content-length": answer.body.length });
    res.end(answer.body);
  });
  server.listen(0, "127.0.0.1", () => process.send!({ port: (server.address() as AddressInfo).port }));
  process.on("disconnect", () => process.exit(0));
});
