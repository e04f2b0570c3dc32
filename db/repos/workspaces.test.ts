import { createMemoryWorkspaceStore } from "@scouts/core/workspaces/store";
import type { WorkspaceObservation } from "@scouts/core/workspaces/types";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFileDb } from "../file.ts";
import type { ScoutsDb } from "../index.ts";
import {
  addSpaceMember,
  createSharedSpace,
  deleteSpace,
  ensurePersonalSpace,
  listSpacesForUser,
  memberRole,
} from "./spaces.ts";
import { upsertUserByEmail } from "./users.ts";
import { createWorkspaceStore, deleteWorkspace, listWorkspaces, toRecord } from "./workspaces.ts";

let db: ScoutsDb;
let close: () => void;

beforeEach(async () => {
  const opened = await createFileDb(":memory:");
  db = opened.db;
  close = () => opened.client.close();
  await opened.client.execute("PRAGMA foreign_keys = ON");
});
afterEach(() => close());

async function user(email: string) {
  return (await upsertUserByEmail(db, { id: crypto.randomUUID(), email, now: 1 })).id;
}

const obs = (over: Partial<WorkspaceObservation> = {}): WorkspaceObservation => ({
  workspaceKey: "slack://channel/C1",
  kind: "channel",
  metadata: {},
  seenAt: 10,
  ...over,
});

describe("workspaces repo", () => {
  it("merges in SQL exactly like core's mergeWorkspace, for any order of the same events", async () => {
    const keys = [
      ["slack://channel/C1", "channel"],
      ["slack://im/U1", "dm"],
      ["gmail://list/a.example.com", "list"],
    ] as const;
    const event = fc.record({
      k: fc.integer({ min: 0, max: 2 }),
      displayName: fc.option(fc.constantFrom("#a", "#b", "Ops"), { nil: undefined }),
      memberCount: fc.option(fc.integer({ min: 0, max: 50 }), { nil: undefined }),
      archived: fc.option(fc.boolean(), { nil: undefined }),
      tags: fc.option(fc.subarray(["slack", "gmail", "brief"]), { nil: undefined }),
      seenAt: fc.integer({ min: 1, max: 6 }),
    });
    const uid = await user("prop@example.com");
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(event, { minLength: 1, maxLength: 12 }),
        fc.infiniteStream(fc.nat()),
        async (events, noise) => {
          const spaceId = (
            await createSharedSpace(db, { id: `s${run++}`, ownerUserId: uid, name: "p", now: 1 })
          ).id;
          const toObs = (e: (typeof events)[number]): WorkspaceObservation => {
            const metadata: WorkspaceObservation["metadata"] = {};
            if (e.memberCount !== undefined) metadata.memberCount = e.memberCount;
            if (e.archived !== undefined) metadata.archived = e.archived;
            return {
              workspaceKey: keys[e.k]![0],
              kind: keys[e.k]![1],
              metadata,
              seenAt: e.seenAt,
              ...(e.displayName ? { displayName: e.displayName } : {}),
              ...(e.tags ? { tags: e.tags } : {}),
            };
          };
          const reference = createMemoryWorkspaceStore();
          for (const e of events) await reference.upsert("ref", toObs(e));
          const it = noise[Symbol.iterator]();
          const shuffled = [...events, events[0]!].sort(() => ((it.next().value as number) % 3) - 1);
          const store = createWorkspaceStore(db);
          for (const e of shuffled) await store.upsert(spaceId, toObs(e));
          const rows = (await listWorkspaces(db, { spaceId })).map(toRecord);
          expect(rows).toEqual(reference.list("ref"));
        },
      ),
      { numRuns: 60 },
    );
  });

  it("rejects a kind change and keeps the row", async () => {
    const uid = await user("k@example.com");
    const { id: spaceId } = await ensurePersonalSpace(db, { userId: uid, now: 1 });
    const store = createWorkspaceStore(db);
    await store.upsert(spaceId, obs({ displayName: "#general" }));
    const outcome = await store.upsert(spaceId, obs({ kind: "dm", displayName: "Mallory", seenAt: 99 }));
    expect(outcome.status).toBe("rejected");
    const [row] = await listWorkspaces(db, { spaceId });
    expect(row).toMatchObject({ kind: "channel", displayName: "#general", lastSeenAt: 10 });
  });

  it("keeps spaces apart, filters by kind and deletes by id only within the space", async () => {
    const a = await user("a@example.com");
    const b = await user("b@example.com");
    const sa = (await ensurePersonalSpace(db, { userId: a, now: 1 })).id;
    const sb = (await ensurePersonalSpace(db, { userId: b, now: 1 })).id;
    const store = createWorkspaceStore(db);
    await store.upsert(sa, obs({ displayName: "#a-name" }));
    await store.upsert(sa, obs({ workspaceKey: "gmail://list/l.example.com", kind: "list" }));
    await store.upsert(sb, obs({ displayName: "#b-name" }));
    expect((await listWorkspaces(db, { spaceId: sa })).map((w) => w.workspaceKey)).toEqual([
      "gmail://list/l.example.com",
      "slack://channel/C1",
    ]);
    expect((await listWorkspaces(db, { spaceId: sa, kind: "list" })).map((w) => w.kind)).toEqual(["list"]);
    const [bRow] = await listWorkspaces(db, { spaceId: sb });
    expect(bRow!.displayName).toBe("#b-name");
    expect(await deleteWorkspace(db, { spaceId: sa, id: bRow!.id })).toBe(false);
    expect(await deleteWorkspace(db, { spaceId: sb, id: bRow!.id })).toBe(true);
    expect(await listWorkspaces(db, { spaceId: sb })).toEqual([]);
  });

  it("shares a space's directory with its members and deletes it all with the space", async () => {
    const owner = await user("o@example.com");
    const member = await user("m@example.com");
    const space = await createSharedSpace(db, { id: "team-space", ownerUserId: owner, name: "Team", now: 2 });
    await addSpaceMember(db, { spaceId: space.id, userId: member, now: 3 });
    expect(await memberRole(db, { spaceId: space.id, userId: member })).toBe("member");
    expect((await listSpacesForUser(db, member)).map((s) => s.id)).toEqual(["team-space"]);
    await createWorkspaceStore(db).upsert(space.id, obs());
    await deleteSpace(db, space.id);
    expect(await listWorkspaces(db, { spaceId: space.id })).toEqual([]);
    expect(await memberRole(db, { spaceId: space.id, userId: member })).toBeUndefined();
  });
});
