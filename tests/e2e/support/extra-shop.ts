import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../../scripts/free-port";
import { startShop } from "../../../scripts/shop-process";

/**
 * A second shop, started from the same build the way `npm start` starts it, with extra
 * configuration (for journeys that need another mode, such as PAYSTACK_MODE=popup) on a
 * fresh DATA_DIR. Stopped by the caller.
 */
export async function startExtraShop(
  extraEnv: Record<string, string>,
  options: { unset?: string[] } = {},
): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const port = await freePort();
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
  for (const name of ["DATABASE_URL", ...(options.unset ?? [])]) delete env[name];
  try {
    const shop = await startShop({ env, stdout: "ignore", timeoutMs: 120_000 });
    return {
      baseUrl,
      stop: async () => {
        await shop.stop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (e) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
}
