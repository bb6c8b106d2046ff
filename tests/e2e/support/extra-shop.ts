import fs from "node:fs";
import { localShopEnv, startShop } from "../../../scripts/shop-process";

/**
 * A second shop, started from the same build the way `npm start` starts it, with extra
 * configuration (for journeys that need another mode, such as PAYSTACK_MODE=popup) on a
 * fresh DATA_DIR. Stopped by the caller.
 */
export async function startExtraShop(
  extraEnv: Record<string, string>,
  options: { unset?: string[] } = {},
): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const { env, baseUrl, dataDir } = await localShopEnv("alafia-e2e-extra-", extraEnv);
  for (const name of options.unset ?? []) delete env[name];
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
