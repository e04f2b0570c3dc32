import { spawn } from "node:child_process";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { allManifestFiles } from "../../local-agent/folders/files-repo.ts";
import { linkFolder } from "../../local-agent/folders/projects.ts";
import { getFolder, projectView } from "../../local-agent/folders/projects-repo.ts";
import { startScan } from "../../local-agent/folders/scanner.ts";
import { foldersFixture, tempDir, writeTree } from "./support/setup.ts";

let tmp: Awaited<ReturnType<typeof tempDir>>;
let fx: Awaited<ReturnType<typeof foldersFixture>>;
beforeEach(async () => {
  tmp = await tempDir();
  fx = await foldersFixture(path.join(tmp.dir, "home"));
});
afterEach(async () => {
  fx.close();
  await tmp.cleanup();
});

it("a scan killed mid-way (SIGKILL) resumes from the delta: only unfinished files are summarized", async () => {
  const root = path.join(tmp.dir, "Linked");
  await writeTree(
    root,
    Object.fromEntries(
      Array.from({ length: 100 }, (_, i) => [`n${String(i).padStart(3, "0")}.md`, `# Note ${i}`]),
    ),
  );
  const project = await linkFolder({
    ctx: fx.ctx,
    input: { project: "Site", path: root, tier: "pro", createMissing: true },
  });
  const child = spawn(
    process.execPath,
    [
      path.join(import.meta.dirname, "support", "crash-scan.ts"),
      `file:${path.join(tmp.dir, "home", "agent.db")}`,
      project.id,
      "60",
    ],
    { stdio: "inherit" },
  );
  const signal = await new Promise<NodeJS.Signals | null>((resolve) =>
    child.on("exit", (_code, sig) => resolve(sig)),
  );
  expect(signal).toBe("SIGKILL");

  const committed = (await allManifestFiles(fx.db, project.id)).map((f) => f.relativePath);
  expect(committed.length).toBe(50);
  expect((await getFolder(fx.db, project.id))?.scanStatus).toBe("scanning");
  expect((await projectView(fx.db, project.id))?.folder?.scan).toMatchObject({
    status: "failed",
    error: "the last scan was interrupted; the next scan resumes it",
  });

  const result = await startScan({ ctx: fx.ctx, input: { projectId: project.id } }).scan;
  expect(result).toMatchObject({ added: 50, unchanged: 50 });
  expect(fx.summarized.length).toBe(50);
  expect(fx.summarized.some((p) => committed.includes(p))).toBe(false);
  expect((await allManifestFiles(fx.db, project.id)).length).toBe(100);
  expect((await projectView(fx.db, project.id))?.folder?.scan.status).toBe("ok");
});

it("a restarted agent that reuses the dead scanner's pid still takes the lease over", async () => {
  const root = path.join(tmp.dir, "Linked");
  await writeTree(root, { "a.md": "# A" });
  const project = await linkFolder({
    ctx: fx.ctx,
    input: { project: "Site", path: root, tier: "pro", createMissing: true },
  });
  const { hostname } = await import("node:os");
  await fx.db.$client.execute({
    sql: "UPDATE project_folders SET scan_status = 'scanning', scan_owner = ?, scan_lease_until = ? WHERE project_id = ?",
    args: [`${hostname()}|${process.pid}|deadbeef`, Date.now() + 600_000, project.id],
  });
  await expect(startScan({ ctx: fx.ctx, input: { projectId: project.id } }).scan).resolves.toMatchObject({
    added: 1,
  });
});
