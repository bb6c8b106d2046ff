import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client";

describe("PGlite data folder", () => {
  it("refuses a second process on the same folder and frees it on close", { timeout: 120_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "alafia-lock-"));
    // a lock held by another live process (our parent stands in for it)
    fs.writeFileSync(path.join(dataDir, "pglite.lock"), String(process.ppid));
    await expect(openDatabase({ dataDir })).rejects.toThrow(/Another shop process/);

    // a stale lock (dead pid) is taken over
    fs.writeFileSync(path.join(dataDir, "pglite.lock"), "999999");
    const database = await openDatabase({ dataDir });
    expect(fs.readFileSync(path.join(dataDir, "pglite.lock"), "utf8")).toBe(String(process.pid));
    await database.close();
    expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
