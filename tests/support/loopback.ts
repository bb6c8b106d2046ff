import http from "node:http";
import type { AddressInfo } from "node:net";

/** A node:http server for `listener` on a free loopback port: its base address, and how to stop it. */
export async function serveOnLoopback(listener: http.RequestListener): Promise<{ base: string; close: () => void }> {
  const server = http.createServer(listener);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
