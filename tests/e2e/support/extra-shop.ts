import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A second shop, started from the same build with extra configuration (for
 * journeys that need another mode, such as PAYSTACK_MODE=popup). Stopped by the caller.
 */
export async function startExtraShop(extraEnv: Record<string, string>): Promise<{ baseUrl: string; stop: () => void }> {
  const port = await new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, "127.0.0.1", () => {
      const { port: p } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(p));
    });
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "alafia-e2e-extra-"));
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: "warn",
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  const child = spawn("npx", ["tsx", "scripts/start.ts"], { env, stdio: "ignore", detached: true });
  const stop = () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      /* already gone */
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { baseUrl, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  stop();
  throw new Error("the extra shop did not start within 120 s");
}
