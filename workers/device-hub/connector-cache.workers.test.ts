import type { SourceConnector } from "@scouts/core/connectors/source-connector";
import type { PipelineScout } from "@scouts/core/pipeline/ports";
import { describe, expect, it } from "vitest";
import { type ConnectorCache, cachedConnectorFor, connectorCacheTtlMs } from "./connector-cache.ts";

const scout = (id: string) => ({ id }) as PipelineScout;
const fakeConnector = (n: number) => ({ source: "gmail", n }) as unknown as SourceConnector;

describe("cachedConnectorFor", () => {
  it("builds once per scout within the TTL, again after it", async () => {
    let t = 0;
    let builds = 0;
    const cache: ConnectorCache = new Map();
    const get = cachedConnectorFor(
      async () => fakeConnector(++builds),
      cache,
      () => t,
    );
    const a = await get(scout("s1"));
    expect(await get(scout("s1"))).toBe(a);
    await get(scout("s2"));
    expect(builds).toBe(2);
    t = connectorCacheTtlMs;
    expect(await get(scout("s1"))).not.toBe(a);
    expect(builds).toBe(3);
  });

  it("does not cache a failed build", async () => {
    let fail = true;
    const cache: ConnectorCache = new Map();
    const get = cachedConnectorFor(
      async () => {
        if (fail) throw new Error("needs_reauth");
        return fakeConnector(1);
      },
      cache,
      () => 0,
    );
    await expect(get(scout("s1"))).rejects.toThrow("needs_reauth");
    await Promise.resolve();
    fail = false;
    expect(await get(scout("s1"))).toBeTruthy();
  });
});
