import { env } from "cloudflare:test";
import { SpaceList, WorkspaceList, WorkspaceOne } from "@scouts/core/workspaces/api";
import { describe, expect, it } from "vitest";
import { callApp, devUser, jsonInit, testEnv } from "../../test/harness.ts";

const base = "https://scouts.example.com";
type Json = Record<string, unknown>;

async function api(cookie: string, method: string, path: string, body?: unknown) {
  const init = body === undefined ? { method, headers: { cookie } } : jsonInit(method, body, { cookie });
  const res = await callApp({ env: testEnv() }, `${base}${path}`, init);
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Json };
}

describe("/api/v1/workspaces", () => {
  it("needs a signed-in user", async () => {
    const res = await callApp({ env: testEnv() }, `${base}/api/v1/workspaces`);
    expect(res.status).toBe(401);
  });

  it("upserts manually through the merge rules, lists by kind and deletes", async () => {
    const a = await devUser("ws-a@example.com");
    const empty = await api(a.cookie, "GET", "/api/v1/workspaces");
    expect(empty).toMatchObject({ status: 200, body: { workspaces: [] } });
    const created = await api(a.cookie, "PUT", "/api/v1/workspaces", {
      workspaceKey: "slack://channel/C0GENERAL",
      displayName: "#general",
      memberCount: 40,
    });
    expect(created.status).toBe(201);
    expect(WorkspaceOne.safeParse(created.body).success).toBe(true);
    expect(created.body.workspace).toMatchObject({
      workspaceKey: "slack://channel/C0GENERAL",
      kind: "channel",
      displayName: "#general",
      memberCount: 40,
      tags: ["manual"],
    });
    const lower = await api(a.cookie, "PUT", "/api/v1/workspaces", {
      workspaceKey: "slack://channel/C0GENERAL",
      memberCount: 3,
      tags: ["brief"],
    });
    expect(lower.status).toBe(200);
    expect(lower.body.workspace).toMatchObject({ memberCount: 40, tags: ["brief", "manual"] });
    await api(a.cookie, "PUT", "/api/v1/workspaces", {
      workspaceKey: "gmail://list/Dev.Example.org",
      displayName: "Dev",
    });
    const lists = await api(a.cookie, "GET", "/api/v1/workspaces?kind=list");
    expect(WorkspaceList.safeParse(lists.body).success).toBe(true);
    expect((lists.body.workspaces as Json[]).map((w) => w.workspaceKey)).toEqual([
      "gmail://list/dev.example.org",
    ]);
    const id = (lists.body.workspaces as Json[])[0]!.id as string;
    expect((await api(a.cookie, "DELETE", `/api/v1/workspaces/${id}`)).status).toBe(204);
    expect((await api(a.cookie, "DELETE", `/api/v1/workspaces/${id}`)).status).toBe(404);
  });

  it("says clearly what is wrong with a key or a kind", async () => {
    const a = await devUser("ws-bad@example.com");
    const bad = await api(a.cookie, "PUT", "/api/v1/workspaces", {
      workspaceKey: "slack://channel/lowercase",
    });
    expect(bad.status).toBe(400);
    expect((bad.body.error as Json).message).toMatch(/channel id must be/);
    const wrongKind = await api(a.cookie, "PUT", "/api/v1/workspaces", {
      workspaceKey: "slack://im/U0ADA",
      kind: "channel",
    });
    expect(wrongKind.status).toBe(400);
    expect((await api(a.cookie, "GET", "/api/v1/workspaces?kind=room")).status).toBe(400);
  });

  it("keeps users' directories apart", async () => {
    const a = await devUser("iso-a@example.com");
    const b = await devUser("iso-b@example.com");
    const made = await api(a.cookie, "PUT", "/api/v1/workspaces", {
      workspaceKey: "slack://channel/C0SECRET",
      displayName: "#secret",
    });
    const id = (made.body.workspace as Json).id as string;
    const aSpace = (made.body.workspace as Json).spaceId as string;
    expect((await api(b.cookie, "GET", "/api/v1/workspaces")).body.workspaces).toEqual([]);
    expect((await api(b.cookie, "GET", `/api/v1/workspaces?spaceId=${aSpace}`)).status).toBe(404);
    expect((await api(b.cookie, "DELETE", `/api/v1/workspaces/${id}`)).status).toBe(404);
    expect((await api(b.cookie, "DELETE", `/api/v1/workspaces/${id}?spaceId=${aSpace}`)).status).toBe(404);
    expect(
      (
        await api(b.cookie, "PUT", "/api/v1/workspaces", {
          spaceId: aSpace,
          workspaceKey: "slack://channel/C0X",
        })
      ).status,
    ).toBe(404);
    expect((await api(b.cookie, "DELETE", `/api/v1/spaces/${aSpace}`)).status).toBe(404);
    expect((await api(a.cookie, "GET", "/api/v1/workspaces")).body.workspaces).toHaveLength(1);
  });
});

describe("/api/v1/spaces", () => {
  it("shares a directory with members and deletes it with the space", async () => {
    const owner = await devUser("space-owner@example.com");
    const member = await devUser("space-member@example.com");
    const outsider = await devUser("space-outsider@example.com");
    const mine = await api(owner.cookie, "GET", "/api/v1/spaces");
    expect(SpaceList.safeParse(mine.body).success).toBe(true);
    expect(mine.body.spaces).toEqual([expect.objectContaining({ kind: "personal", role: "owner" })]);
    const made = await api(owner.cookie, "POST", "/api/v1/spaces", { name: "Team" });
    expect(made.status).toBe(201);
    const spaceId = (made.body.space as Json).id as string;
    expect(
      (
        await api(owner.cookie, "POST", `/api/v1/spaces/${spaceId}/members`, {
          email: "space-member@example.com",
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await api(member.cookie, "POST", `/api/v1/spaces/${spaceId}/members`, {
          email: "space-outsider@example.com",
        })
      ).status,
    ).toBe(403);
    await api(owner.cookie, "PUT", "/api/v1/workspaces", {
      spaceId,
      workspaceKey: "slack://channel/C0TEAM",
      displayName: "#team",
    });
    await api(member.cookie, "PUT", "/api/v1/workspaces", {
      spaceId,
      workspaceKey: "gmail://list/team.example.com",
    });
    const seen = await api(member.cookie, "GET", `/api/v1/workspaces?spaceId=${spaceId}`);
    expect((seen.body.workspaces as Json[]).map((w) => w.workspaceKey)).toEqual([
      "gmail://list/team.example.com",
      "slack://channel/C0TEAM",
    ]);
    expect((await api(outsider.cookie, "GET", `/api/v1/workspaces?spaceId=${spaceId}`)).status).toBe(404);
    expect((await api(member.cookie, "DELETE", `/api/v1/spaces/${spaceId}`)).status).toBe(403);
    expect((await api(owner.cookie, "DELETE", `/api/v1/spaces/${spaceId}`)).status).toBe(204);
    const left = await env.DB.prepare("select count(*) as n from workspaces where space_id = ?")
      .bind(spaceId)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
    const members = await env.DB.prepare("select count(*) as n from space_members where space_id = ?")
      .bind(spaceId)
      .first<{ n: number }>();
    expect(members?.n).toBe(0);
    expect((await api(member.cookie, "GET", `/api/v1/workspaces?spaceId=${spaceId}`)).status).toBe(404);
  });

  it("cascades at the database level too (ON DELETE CASCADE under D1)", async () => {
    const owner = await devUser("cascade-owner@example.com");
    const made = await api(owner.cookie, "POST", "/api/v1/spaces", { name: "Doomed" });
    const spaceId = (made.body.space as Json).id as string;
    await api(owner.cookie, "PUT", "/api/v1/workspaces", { spaceId, workspaceKey: "slack://channel/C0DOOM" });
    await env.DB.prepare("delete from spaces where id = ?").bind(spaceId).run();
    const left = await env.DB.prepare("select count(*) as n from workspaces where space_id = ?")
      .bind(spaceId)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});
