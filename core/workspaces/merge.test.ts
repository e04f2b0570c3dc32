import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergeWorkspace } from "./merge.ts";
import { createMemoryWorkspaceStore } from "./store.ts";
import type { WorkspaceObservation } from "./types.ts";

const base = { workspaceKey: "slack://channel/C1", kind: "channel" as const };

describe("mergeWorkspace", () => {
  it("display name is last-writer-wins by dispatch time, whatever the arrival order", () => {
    const late = mergeWorkspace(undefined, { ...base, displayName: "#new", metadata: {}, seenAt: 20 }).record;
    const merged = mergeWorkspace(late, { ...base, displayName: "#old", metadata: {}, seenAt: 10 });
    expect(merged.record.displayName).toBe("#new");
    expect(merged.record.firstSeenAt).toBe(10);
    expect(merged.record.lastSeenAt).toBe(20);
  });

  it("a sighting without a name keeps the known name", () => {
    const named = mergeWorkspace(undefined, { ...base, displayName: "#fun", metadata: {}, seenAt: 1 }).record;
    expect(mergeWorkspace(named, { ...base, metadata: {}, seenAt: 5 }).record.displayName).toBe("#fun");
  });

  it("member counts never go down", () => {
    const big = mergeWorkspace(undefined, { ...base, metadata: { memberCount: 40 }, seenAt: 1 }).record;
    expect(
      mergeWorkspace(big, { ...base, metadata: { memberCount: 12 }, seenAt: 9 }).record.memberCount,
    ).toBe(40);
  });

  it("rejects a change of kind and changes nothing", () => {
    const rec = mergeWorkspace(undefined, { ...base, displayName: "#a", metadata: {}, seenAt: 1 }).record;
    const outcome = mergeWorkspace(rec, {
      ...base,
      kind: "dm",
      displayName: "Eve",
      metadata: { memberCount: 2 },
      seenAt: 9,
    });
    expect(outcome).toEqual({ status: "rejected", reason: "kind_change", record: rec });
  });

  it("accumulates tags and reports unchanged repeats", () => {
    const a = mergeWorkspace(undefined, { ...base, metadata: {}, tags: ["slack"], seenAt: 1 }).record;
    const b = mergeWorkspace(a, { ...base, metadata: {}, tags: ["brief", "slack"], seenAt: 1 });
    expect(b.record.tags).toEqual(["brief", "slack"]);
    expect(mergeWorkspace(b.record, { ...base, metadata: {}, tags: ["brief"], seenAt: 1 }).status).toBe(
      "unchanged",
    );
  });
});

// Events for a handful of keys; each key has one kind (a kind is fixed by how its key is derived).
const keys = [
  ["slack://channel/C1", "channel"],
  ["slack://channel/C2", "channel"],
  ["slack://im/U1", "dm"],
  ["gmail://list/a.example.com", "list"],
] as const;

const observation = fc.record({
  k: fc.integer({ min: 0, max: keys.length - 1 }),
  displayName: fc.option(fc.constantFrom("#a", "#b", "#c", "Team", "Ops"), { nil: undefined }),
  memberCount: fc.option(fc.integer({ min: 0, max: 500 }), { nil: undefined }),
  archived: fc.option(fc.boolean(), { nil: undefined }),
  tags: fc.option(fc.subarray(["slack", "gmail", "brief", "pinned"]), { nil: undefined }),
  seenAt: fc.integer({ min: 1, max: 20 }),
});

type Generated = typeof observation extends fc.Arbitrary<infer T> ? T : never;

function toObs(o: Generated): WorkspaceObservation {
  const [workspaceKey, kind] = keys[o.k]!;
  const metadata: WorkspaceObservation["metadata"] = {};
  if (o.memberCount !== undefined) metadata.memberCount = o.memberCount;
  if (o.archived !== undefined) metadata.archived = o.archived;
  return {
    workspaceKey,
    kind,
    metadata,
    seenAt: o.seenAt,
    ...(o.displayName ? { displayName: o.displayName } : {}),
    ...(o.tags ? { tags: o.tags } : {}),
  };
}

async function directory(events: WorkspaceObservation[]) {
  const store = createMemoryWorkspaceStore();
  for (const e of events) await store.upsert("space", e);
  return store.list("space");
}

describe("merge property", () => {
  it("any order and any duplication of the same events gives the same final directory", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .array(observation, { minLength: 1, maxLength: 30 })
          .chain((events) =>
            fc.tuple(
              fc.constant(events),
              fc.shuffledSubarray(events, { minLength: events.length, maxLength: events.length }),
              fc.array(fc.integer({ min: 0, max: events.length - 1 }), { maxLength: 10 }),
            ),
          ),
        async ([events, shuffled, dupes]) => {
          const reference = await directory(events.map(toObs));
          const replayed = [...shuffled, ...dupes.map((i) => events[i]!)].map(toObs);
          expect(await directory(replayed)).toEqual(reference);
        },
      ),
      { numRuns: 300 },
    );
  });
});
