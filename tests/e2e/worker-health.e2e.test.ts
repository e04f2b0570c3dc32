import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWranglerDev, type WranglerDev } from "../support/processes.ts";

describe("wrangler dev", () => {
  let worker: WranglerDev;
  beforeAll(async () => {
    worker = await startWranglerDev({ SCOUTS_ENV: "development" });
  });
  afterAll(async () => {
    await worker?.stop();
  });

  it("serves /health from the real Worker with local D1 migrated", async () => {
    const res = await fetch(`${worker.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });
  });
});
