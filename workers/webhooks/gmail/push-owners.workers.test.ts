import { describe, expect, it } from "vitest";
import { createPushOwners } from "./push-owners.ts";

const owner = { userId: "u1", scoutId: "s1" };

describe("push owners", () => {
  it("recalls a mailbox's owners until the entry is a TTL old", () => {
    const owners = createPushOwners({ ttlMs: 1000 });
    owners.remember("a@example.com", [owner], 0);
    expect(owners.recall("a@example.com", 999)).toEqual([owner]);
    expect(owners.recall("a@example.com", 1000)).toBeUndefined();
    expect(owners.size).toBe(0);
  });

  it("forgets a mailbox that has no scouts any more", () => {
    const owners = createPushOwners();
    owners.remember("a@example.com", [owner], 0);
    owners.remember("a@example.com", [], 1);
    expect(owners.recall("a@example.com", 2)).toBeUndefined();
  });

  it("evicts the oldest entry at the size bound", () => {
    const owners = createPushOwners({ maxEntries: 2 });
    owners.remember("a@example.com", [owner], 0);
    owners.remember("b@example.com", [owner], 1);
    owners.remember("a@example.com", [owner], 2);
    owners.remember("c@example.com", [owner], 3);
    expect(owners.size).toBe(2);
    expect(owners.recall("b@example.com", 4)).toBeUndefined();
    expect(owners.recall("a@example.com", 4)).toEqual([owner]);
    expect(owners.recall("c@example.com", 4)).toEqual([owner]);
  });
});
