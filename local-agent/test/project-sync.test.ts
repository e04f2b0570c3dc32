import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SyncedEntity } from "@scouts/core/protocol/frames";
import { afterEach, describe, expect, it } from "vitest";
import { createFoldersContext } from "../folders/context.ts";
import { foldersDbFromClient } from "../folders/db.ts";
import { createProjectSync } from "../folders/project-sync.ts";
import {
  createProject,
  deleteProject,
  linkFolder,
  unlinkFolder,
  updateProject,
} from "../folders/projects.ts";
import { findProject } from "../folders/projects-repo.ts";
import { createProjectsRoutes } from "../folders/routes.ts";
import { startScan } from "../folders/scanner.ts";
import { agentFixture } from "./agent-fixture.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function fixture() {
  const fx = await agentFixture();
  cleanups.push(fx.close);
  fx.ctx.link.deviceId = "agent-dev";
  const db = foldersDbFromClient(
    (fx.ctx.db as unknown as { $client: Parameters<typeof foldersDbFromClient>[0] }).$client,
  );
  let n = 0;
  const folders = createFoldersContext({
    db,
    overrides: { clock: { now: fx.now }, newId: () => `proj-${++n}` },
  });
  const log = fx.ctx.stores.entities;
  const sync = createProjectSync({ ctx: folders, log });
  folders.onProjectChanged = sync.publish;
  const folder = path.join(fx.dir, "work", "client-site");
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, "README.md"), "SECRET-FILE-CONTENT launch checklist\n");
  /** The log's versions after `after`, oldest first. */
  const since = async (after: number) => (await log.sync.changesSince(after, 100)).map((r) => r.entity);
  return { fx, folders, log, sync, folder, since };
}

describe("projects in the agent's entity log (synced to browser-only devices)", () => {
  it("link, scan, rename, unlink and delete each write a version; never the path or a manifest", async () => {
    const { fx, folders, log, folder, since } = await fixture();
    const p = await linkFolder({
      ctx: folders,
      input: { project: "Website", path: folder, tier: "pro", createMissing: true },
    });
    const linked = await since(0);
    expect(linked.at(-1)).toMatchObject({
      id: p.id,
      kind: "project",
      title: "Website",
      writer: "agent-dev",
      deleted: false,
      project: { folderName: "client-site", fileCount: 0, lastScanAt: null },
    });
    let seq = await log.sync.lastSeq();

    fx.advance(1000);
    await startScan({ ctx: folders, input: { projectId: p.id } }).scan;
    const [scanned] = await since(seq);
    expect(scanned?.project).toEqual({ folderName: "client-site", fileCount: 1, lastScanAt: fx.now() });
    seq = await log.sync.lastSeq();

    fx.advance(1000);
    await updateProject({
      ctx: folders,
      input: { project: p.id, edit: { name: "Site relaunch", notes: "May" } },
    });
    expect(await since(seq)).toMatchObject([{ id: p.id, title: "Site relaunch", body: "May" }]);
    seq = await log.sync.lastSeq();

    fx.advance(1000);
    await unlinkFolder({ ctx: folders, input: { project: p.id } });
    expect(await since(seq)).toMatchObject([
      { title: "Site relaunch", deleted: false, project: { folderName: null, fileCount: 0 } },
    ]);
    seq = await log.sync.lastSeq();

    const everything = JSON.stringify(await since(0));
    expect(everything).not.toContain(fx.dir);
    expect(everything).not.toContain("SECRET-FILE-CONTENT");
    expect(everything).not.toContain("README.md");

    fx.advance(1000);
    await deleteProject({ ctx: folders, input: { project: p.id } });
    expect(await since(seq)).toMatchObject([{ id: p.id, kind: "project", deleted: true, title: "" }]);
    expect(await log.projects()).toEqual([]);
    // Projects never show up as tasks, events or notes.
    expect(await log.list("task")).toEqual([]);
  });

  it("applies a phone's rename to the project record; answers deletes, unknown ids and taken names", async () => {
    const { fx, folders, log, sync } = await fixture();
    const a = await createProject({ ctx: folders, input: { name: "Alpha" } });
    await createProject({ ctx: folders, input: { name: "Beta" } });
    const cur = (await log.sync.changesSince(0, 10)).find((r) => r.entity.id === a.id)!.entity;
    const fromPhone = (over: Partial<SyncedEntity>): SyncedEntity => ({
      ...cur,
      updatedAt: cur.updatedAt + 10,
      writer: "phone",
      ...over,
    });
    fx.advance(100);

    const renamed = fromPhone({ title: "Alpha 2", body: "notes from the phone" });
    await sync.applyRemote(await log.sync.apply([renamed]));
    expect(await findProject(folders.db, a.id)).toMatchObject({
      name: "Alpha 2",
      notes: "notes from the phone",
    });
    // The phone's version already says it all: no echo from the agent.
    expect((await log.projects()).find((p) => p.id === a.id)).toMatchObject({
      name: "Alpha 2",
      updatedAt: renamed.updatedAt,
    });

    const taken = fromPhone({ title: "Beta", updatedAt: renamed.updatedAt + 10 });
    await sync.applyRemote(await log.sync.apply([taken]));
    expect((await findProject(folders.db, a.id))?.name).toBe("Alpha 2");
    expect((await log.projects()).find((p) => p.id === a.id)?.name).toBe("Alpha 2");

    // Only the agent deletes projects: a tombstone from elsewhere is answered with a newer live version.
    const dead = fromPhone({
      deleted: true,
      title: "",
      body: "",
      project: null,
      updatedAt: taken.updatedAt + 10,
    });
    await sync.applyRemote(await log.sync.apply([dead]));
    expect((await log.projects()).find((p) => p.id === a.id)).toMatchObject({ name: "Alpha 2" });
    expect(await findProject(folders.db, a.id)).toBeDefined();

    const stranger = fromPhone({ id: "made-up", title: "Ghost" });
    await sync.applyRemote(await log.sync.apply([stranger]));
    expect((await log.projects()).map((p) => p.id)).not.toContain("made-up");
    expect(await findProject(folders.db, "Ghost")).toBeUndefined();
  });

  it("PATCH /projects/:project renames and edits notes, validated; the change is in the log", async () => {
    const { folders, log } = await fixture();
    const app = createProjectsRoutes(folders);
    const p = await createProject({ ctx: folders, input: { name: "Alpha" } });
    await createProject({ ctx: folders, input: { name: "Beta" } });
    const patch = (body: unknown) =>
      app.request(`/${p.id}`, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const ok = await patch({ name: "Alpha 2", notes: "kick-off Monday" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ id: p.id, name: "Alpha 2", notes: "kick-off Monday" });
    expect((await log.projects()).find((x) => x.id === p.id)).toMatchObject({
      name: "Alpha 2",
      notes: "kick-off Monday",
    });
    expect((await patch({ name: "Beta" })).status).toBe(409);
    const bad = await patch({ name: "", path: "/etc" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/name|path/);
  });

  it("publishAll at start catches up on changes made while the agent was off", async () => {
    const { folders, log, sync } = await fixture();
    const offline = { ...folders, onProjectChanged: undefined };
    const p = await createProject({ ctx: offline, input: { name: "Made by the CLI" } });
    await log.putProject({
      id: "gone",
      name: "Deleted meanwhile",
      notes: "",
      folderName: null,
      fileCount: 0,
      lastScanAt: null,
      createdAt: 1,
    });
    expect((await log.projects()).map((x) => x.id)).toEqual(["gone"]);
    await sync.publishAll();
    expect((await log.projects()).map((x) => x.name)).toEqual(["Made by the CLI"]);
    expect((await log.projects())[0]!.id).toBe(p.id);
  });
});
