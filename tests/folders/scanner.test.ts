import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { allManifestFiles } from "../../local-agent/folders/files-repo.ts";
import { createProject, linkFolder, unlinkFolder } from "../../local-agent/folders/projects.ts";
import { projectView } from "../../local-agent/folders/projects-repo.ts";
import { startScan } from "../../local-agent/folders/scanner.ts";
import { minimalDocx, minimalJpeg, minimalPdf, minimalPng } from "./support/fixtures.ts";
import { foldersFixture, tempDir, touch, writeTree } from "./support/setup.ts";

let tmp: Awaited<ReturnType<typeof tempDir>>;
let fx: Awaited<ReturnType<typeof foldersFixture>>;
let root: string;

beforeEach(async () => {
  tmp = await tempDir();
  root = path.join(tmp.dir, "Linked");
  fx = await foldersFixture(path.join(tmp.dir, "home"));
});
afterEach(async () => {
  fx.close();
  await tmp.cleanup();
});

async function linkAndScan(tier: "free" | "pro" | "unlimited" = "pro") {
  const project = await linkFolder({
    ctx: fx.ctx,
    input: { project: "Site", path: root, tier, createMissing: true },
  });
  const result = await startScan({ ctx: fx.ctx, input: { projectId: project.id } }).scan;
  return { project, result };
}

describe("scanner", () => {
  it("indexes the whitelist with summaries and skips ignored folders and other types", async () => {
    await writeTree(root, {
      "README.md": "# Website\n\nThe marketing site for Scouts.\n## Deploy\n",
      "src/auth.ts": "/** Session helpers. */\nexport function signIn() {}\nexport const TTL = 5;\n",
      "data/people.csv": "name,age\nAda,36\nAlan,41\n",
      "docs/plan.pdf": minimalPdf("Quarterly plan for Scouts"),
      "docs/brief.docx": minimalDocx(["Project brief", "Ship the folders feature"]),
      "img/logo.png": minimalPng(640, 480),
      "img/photo.jpg": minimalJpeg(800, 600, "2024:05:01 10:20:30"),
      "bin/tool.exe": "MZ",
      ".env": "SECRET=1",
      "node_modules/x/index.js": "export const x = 1;",
      ".git/config": "[core]",
      "dist/out.js": "export const built = 1;",
      "__pycache__/m.txt": "cache",
    });
    const { project, result } = await linkAndScan();
    expect(result).toMatchObject({ listed: 7, added: 7, changed: 0, deleted: 0 });
    const files = Object.fromEntries(
      (await allManifestFiles(fx.db, project.id)).map((f) => [f.relativePath, f]),
    );
    expect(Object.keys(files).sort()).toEqual(
      [
        "README.md",
        "data/people.csv",
        "docs/brief.docx",
        "docs/plan.pdf",
        "img/logo.png",
        "img/photo.jpg",
        "src/auth.ts",
      ].sort(),
    );
    expect(files["README.md"]).toMatchObject({
      kind: "text",
      summary: "Website · Deploy — The marketing site for Scouts.",
    });
    expect(files["src/auth.ts"]).toMatchObject({
      kind: "code",
      summary: "Session helpers. — exports: signIn, TTL",
    });
    expect(files["data/people.csv"]!.summary).toBe("columns: name, age — 2 rows");
    expect(files["docs/plan.pdf"]).toMatchObject({
      kind: "pdf",
      summary: "1 page: Quarterly plan for Scouts",
    });
    expect(files["docs/brief.docx"]).toMatchObject({
      kind: "docx",
      summary: "Project brief Ship the folders feature",
    });
    expect(files["img/logo.png"]!.summary).toBe("PNG image, 640×480");
    expect(files["img/photo.jpg"]!.summary).toBe("JPEG image, 800×600, taken 2024-05-01 10:20:30");
    const view = await projectView(fx.db, project.id);
    expect(view?.folder).toMatchObject({
      fileCount: 7,
      scan: { status: "ok", processed: 7, total: 7, error: null },
    });
  });

  it("re-summarizes only the changed file, records new and deleted ones, and stats the rest", async () => {
    await writeTree(root, { "a.md": "# A", "b.md": "# B", "c.ts": "export const c = 1;", "gone.txt": "bye" });
    for (const f of ["a.md", "b.md", "c.ts", "gone.txt"]) await touch(path.join(root, f), 1_700_000_000);
    const { project } = await linkAndScan();
    expect(fx.summarized.sort()).toEqual(["a.md", "b.md", "c.ts", "gone.txt"]);
    fx.summarized.length = 0;

    await writeFile(path.join(root, "b.md"), "# B changed\n\nNew text.");
    await touch(path.join(root, "b.md"), 1_700_000_100);
    await writeFile(path.join(root, "new.md"), "# New");
    await rm(path.join(root, "gone.txt"));
    const again = await startScan({ ctx: fx.ctx, input: { projectId: project.id } }).scan;
    expect(fx.summarized.sort()).toEqual(["b.md", "new.md"]);
    expect(again).toMatchObject({ added: 1, changed: 1, unchanged: 2, deleted: 1 });
    const files = await allManifestFiles(fx.db, project.id);
    expect(files.map((f) => f.relativePath)).toEqual(["new.md", "b.md", "a.md", "c.ts"]);
    expect(files.find((f) => f.relativePath === "b.md")!.summary).toBe("B changed — New text.");

    fx.summarized.length = 0;
    const idle = await startScan({ ctx: fx.ctx, input: { projectId: project.id } }).scan;
    expect(fx.summarized).toEqual([]);
    expect(idle).toMatchObject({ added: 0, changed: 0, unchanged: 4, deleted: 0 });
  });

  it("applies size caps, marks binary text skipped and unreadable files error with a reason", async () => {
    await writeTree(root, {
      "big.txt": "x".repeat(1_000_001),
      "ok.txt": "x".repeat(1_000_000),
      "huge.png": new Uint8Array(5_000_001),
      "blob.txt": new Uint8Array([104, 105, 0, 1, 2]),
      "locked.md": "# secret",
      "broken.pdf": "%PDF-1.4 not really",
    });
    const { chmod } = await import("node:fs/promises");
    await chmod(path.join(root, "locked.md"), 0o000);
    const { project } = await linkAndScan();
    const byPath = Object.fromEntries(
      (await allManifestFiles(fx.db, project.id)).map((f) => [f.relativePath, f]),
    );
    expect(byPath["big.txt"]).toMatchObject({
      kind: "skipped",
      status: "skipped",
      reason: "larger than the 1 MB cap for text files",
    });
    expect(byPath["ok.txt"]).toMatchObject({ kind: "text", status: "indexed" });
    expect(byPath["huge.png"]).toMatchObject({
      kind: "skipped",
      reason: "larger than the 5 MB cap for image files",
    });
    expect(byPath["blob.txt"]).toMatchObject({ kind: "skipped", reason: "binary content" });
    expect(byPath["broken.pdf"]).toMatchObject({ kind: "error", status: "error" });
    expect(byPath["broken.pdf"]!.reason).toBeTruthy();
    if (process.getuid?.() !== 0)
      expect(byPath["locked.md"]).toMatchObject({ kind: "error", reason: "permission denied" });
  });

  it("never follows symbolic links out of the folder (file or folder) while scanning", async () => {
    const { symlink } = await import("node:fs/promises");
    await writeTree(tmp.dir, { "outside/secret.md": "# TOP SECRET", "Linked2/notes.md": "# sibling" });
    await writeTree(root, { "in.md": "# In" });
    await symlink(path.join(tmp.dir, "outside", "secret.md"), path.join(root, "leak.md"));
    await symlink(path.join(tmp.dir, "outside"), path.join(root, "outdir"));
    await symlink(path.join(tmp.dir, "Linked2"), path.join(root, "sib"));
    const { project } = await linkAndScan();
    const files = await allManifestFiles(fx.db, project.id);
    expect(files.map((f) => f.relativePath)).toEqual(["in.md"]);
    expect(JSON.stringify(files)).not.toContain("SECRET");
  });

  it("records a file that vanishes between the walk and the read as an error", async () => {
    await writeTree(root, { "a.md": "# A", "b.md": "# B" });
    const real = fx.ctx.summarize;
    fx.ctx.summarize = async (f) => {
      if (f.relativePath === "b.md") await rm(f.absolutePath);
      return real(f);
    };
    const { project } = await linkAndScan();
    const byPath = Object.fromEntries(
      (await allManifestFiles(fx.db, project.id)).map((f) => [f.relativePath, f]),
    );
    expect(byPath["b.md"]).toMatchObject({
      kind: "error",
      status: "error",
      reason: "file vanished during the scan",
    });
    expect(byPath["a.md"]).toMatchObject({ kind: "text", status: "indexed" });
  });

  it("indexes at most the tier's files per folder and counts the rest", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 205; i++) files[`n/${String(i).padStart(3, "0")}.md`] = `# Note ${i}`;
    await writeTree(root, files);
    const { project, result } = await linkAndScan("free");
    expect(result).toMatchObject({ listed: 200, omittedByLimit: 5 });
    const view = await projectView(fx.db, project.id);
    expect(view?.folder?.scan.omittedByLimit).toBe(5);
    expect((await allManifestFiles(fx.db, project.id)).length).toBe(200);
  });

  it("runs one scan per project: concurrent calls join the running scan", async () => {
    await writeTree(root, Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`f${i}.md`, `# ${i}`])));
    const project = await linkFolder({
      ctx: fx.ctx,
      input: { project: "Site", path: root, tier: "pro", createMissing: true },
    });
    const calls = Array.from({ length: 5 }, () =>
      startScan({ ctx: fx.ctx, input: { projectId: project.id } }),
    );
    expect(calls.map((c) => c.alreadyRunning)).toEqual([false, true, true, true, true]);
    const results = await Promise.all(calls.map((c) => c.scan));
    expect(new Set(results).size).toBe(1);
    expect(fx.summarized.length).toBe(60);
  });

  it("refuses a second scan from another process holding the lease, and resumes after it ends", async () => {
    await writeTree(root, { "a.md": "# A" });
    const project = await linkFolder({
      ctx: fx.ctx,
      input: { project: "Site", path: root, tier: "pro", createMissing: true },
    });
    const other = await foldersFixture(path.join(tmp.dir, "home"));
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    other.ctx.summarize = async (f) => {
      await gate;
      return (await import("../../local-agent/folders/summarize.ts")).createLocalSummarizer()(f);
    };
    const first = startScan({ ctx: other.ctx, input: { projectId: project.id } }).scan;
    await expect
      .poll(async () => (await projectView(fx.db, project.id))?.folder?.scan.status)
      .toBe("scanning");
    await expect(startScan({ ctx: fx.ctx, input: { projectId: project.id } }).scan).rejects.toMatchObject({
      code: "conflict",
    });
    release();
    await first;
    other.close();
    await expect(startScan({ ctx: fx.ctx, input: { projectId: project.id } }).scan).resolves.toMatchObject({
      unchanged: 1,
    });
  });

  it("stops writing when the folder is unlinked mid-scan, and unlink removes the manifest rows", async () => {
    await writeTree(root, Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`f${i}.md`, `# ${i}`])));
    const project = await linkFolder({
      ctx: fx.ctx,
      input: { project: "Site", path: root, tier: "pro", createMissing: true },
    });
    const real = fx.ctx.summarize;
    fx.ctx.summarize = async (f) => {
      if (f.relativePath === "f40.md") await unlinkFolder({ ctx: fx.ctx, input: { project: "Site" } });
      return real(f);
    };
    await expect(startScan({ ctx: fx.ctx, input: { projectId: project.id } }).scan).rejects.toMatchObject({
      code: "conflict",
    });
    expect(await allManifestFiles(fx.db, project.id)).toEqual([]);
    expect((await projectView(fx.db, project.id))?.folder).toBeNull();
  });

  it("fails the scan with a clear error when the linked folder disappears", async () => {
    await writeTree(root, { "a.md": "# A" });
    const project = await linkFolder({
      ctx: fx.ctx,
      input: { project: "Site", path: root, tier: "pro", createMissing: true },
    });
    await rm(root, { recursive: true });
    await expect(startScan({ ctx: fx.ctx, input: { projectId: project.id } }).scan).rejects.toThrow();
    expect((await projectView(fx.db, project.id))?.folder?.scan).toMatchObject({
      status: "failed",
      error: "the linked folder no longer exists",
    });
    expect(await readFile(path.join(tmp.dir, "home", "agent.db")).then((b) => b.length > 0)).toBe(true);
  });

  it("creates projects by name and refuses duplicates", async () => {
    await createProject({ ctx: fx.ctx, input: { name: "Thesis" } });
    await expect(createProject({ ctx: fx.ctx, input: { name: "Thesis" } })).rejects.toMatchObject({
      code: "conflict",
    });
  });
});
