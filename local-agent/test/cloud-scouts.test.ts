import { createCloudClient } from "@scouts/core/device/cloud-client";
import { afterEach, describe, expect, it } from "vitest";
import { cloudScouts } from "../services/cloud-scouts.ts";
import { startFakeCloud } from "./fake-cloud.ts";

let cloud: Awaited<ReturnType<typeof startFakeCloud>> | undefined;
afterEach(async () => {
  await cloud?.close();
  cloud = undefined;
});

const linked = { deviceId: "dev-1" } as Parameters<typeof cloudScouts>[0]["link"];

describe("cloud scout health for scouts-agent status", () => {
  it("reports each scout's last sync, items owed and last error as the cloud says", async () => {
    cloud = await startFakeCloud({ token: "dev_tok" });
    cloud.setScouts([
      {
        id: "s1",
        needsReauth: false,
        sourceType: "gmail",
        accountRef: "me@example.com",
        lastRunAt: 1_000,
        owed: { count: 2, lastError: "retries_exhausted", lastErrorAt: 2_000 },
      },
      { id: "s2", needsReauth: true, sourceType: "slack", accountRef: null, lastRunAt: null },
    ]);
    const client = createCloudClient({ fetch, baseUrl: cloud.url, token: () => "dev_tok" });
    expect(await cloudScouts({ cloud: client, link: linked })).toEqual({
      reachable: true,
      scouts: [
        {
          id: "s1",
          needsReauth: false,
          sourceType: "gmail",
          accountRef: "me@example.com",
          lastRunAt: 1_000,
          owed: { count: 2, lastError: "retries_exhausted", lastErrorAt: 2_000 },
        },
        {
          id: "s2",
          needsReauth: true,
          sourceType: "slack",
          accountRef: null,
          lastRunAt: null,
          owed: { count: 0, lastError: null, lastErrorAt: null },
        },
      ],
    });
  });

  it("says unreachable when the cloud is down or answers something else, and never asks unpaired", async () => {
    cloud = await startFakeCloud({ token: "dev_tok" });
    const client = createCloudClient({ fetch, baseUrl: cloud.url, token: () => "dev_tok" });
    cloud.setScouts([{ id: "s1", needsReauth: false }]);
    expect(await cloudScouts({ cloud: client, link: linked })).toEqual({ reachable: false, scouts: [] });
    cloud.setMode("down");
    expect(await cloudScouts({ cloud: client, link: linked })).toEqual({ reachable: false, scouts: [] });
    const unpaired = { deviceId: null } as unknown as typeof linked;
    expect(await cloudScouts({ cloud: client, link: unpaired })).toEqual({ reachable: false, scouts: [] });
  });
});
