import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProject, linkFolder } from "../../local-agent/folders/projects.ts";
import { readProjectFolderFile } from "../../local-agent/folders/read-file.ts";
import { minimalPng } from "./support/fixtures.ts";
import { allowedDottedNames, traversalPayloads } from "./support/payloads.ts";
import { foldersFixture, tempDir, writeTree } from "./support/setup.ts";

let tmp: Awaited<ReturnType<typeof tempDir>>;
let fx: Awaited<ReturnType<typeof foldersFixture>>;
const SECRET = "TOP-SECRET-OUTSIDE";

beforeAll(async () => {
  tmp = await tempDir();
  const root = path.join(tmp.dir, "Linked");
  await writeTree(tmp.dir, {
    "secret.txt": SECRET,
    "Linked2/secret.txt": SECRET,
    "outside-dir/secret.txt": SECRET,
    "etc/passwd": SECRET,
  });
  await writeTree(root, {
    "README.md": "# Inside",
    "docs/a.md": "# A",
    ".git/config": "[core]",
    ".env": "TOKEN=abc",
    "photo.png": minimalPng(2, 3),
    "bin.txt": new Uint8Array([1, 0, 2]),
    ...Object.fromEntries(allowedDottedNames.map((n) => [n, `content of ${n}`])),
  });
  await symlink(path.join(tmp.dir, "secret.txt"), path.join(root, "link-out.md"));
  await symlink("../secret.txt", path.join(root, "rel-link-out.txt"));
  await symlink(path.join(tmp.dir, "outside-dir"), path.join(root, "dir-out"));
  await symlink(path.join(tmp.dir, "Linked2"), path.join(root, "sibling"));
  await symlink("README.md", path.join(root, "inner-link.md"));
  await mkdir(path.join(root, "nested"), { recursive: true });
  await symlink("../../Linked2", path.join(root, "nested", "up"));
  fx = await foldersFixture(path.join(tmp.dir, "home"));
  await linkFolder({ ctx: fx.ctx, input: { project: "Site", path: root, tier: "pro", createMissing: true } });
  await createProject({ ctx: fx.ctx, input: { name: "Loose" } });
});
afterAll(async () => {
  fx.close();
  await tmp.cleanup();
});

const read = (relativePath: string, project = "Site") =>
  readProjectFolderFile({ ctx: { db: fx.db }, input: { project, relativePath } });

describe("read_project_folder_file", () => {
  it.each(traversalPayloads.map((p) => [p]))("refuses %j", async (payload) => {
    const outcome = await read(payload).then(
      (r) => ({ ok: true as const, r }),
      (e) => ({ ok: false as const, e }),
    );
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(["forbidden", "not_found"]).toContain(outcome.e.code);
      expect(String(outcome.e.message)).not.toContain(SECRET);
    }
  });

  it.each([
    ["link-out.md", "symbolic link that leads outside"],
    ["rel-link-out.txt", "symbolic link that leads outside"],
    ["dir-out/secret.txt", "symbolic link that leads outside"],
    ["sibling/secret.txt", "symbolic link that leads outside"],
    ["nested/up/secret.txt", "symbolic link that leads outside"],
    ["../Linked2/secret.txt", "climbs out"],
    [".git/config", "ignores"],
    [".env", "environment file (.env*) that holds secrets; its content is never read"],
    ["bin.txt", "binary content"],
  ])("refuses %j with the reason (%s)", async (payload, reason) => {
    await expect(read(payload)).rejects.toMatchObject({
      code: "forbidden",
      message: expect.stringContaining(reason),
    });
  });

  it.each(allowedDottedNames.map((n) => [n]))("serves %j", async (name) => {
    await expect(read(name)).resolves.toMatchObject({
      type: "text",
      content: `content of ${name}`,
      truncated: false,
    });
  });

  it("serves a symlink that stays inside, and images as base64", async () => {
    await expect(read("inner-link.md")).resolves.toMatchObject({ content: "# Inside" });
    const img = await read("photo.png");
    expect(img).toMatchObject({ type: "image", mime: "image/png" });
    if (img.type === "image")
      expect(Buffer.from(img.base64, "base64")).toEqual(Buffer.from(minimalPng(2, 3)));
  });

  it("caps large text and says it was truncated", async () => {
    await writeFile(path.join(tmp.dir, "Linked", "long.md"), "y".repeat(300_000));
    const r = await read("long.md");
    expect(r).toMatchObject({ type: "text", truncated: true, size: 300_000 });
    if (r.type === "text") expect(r.content.length).toBe(200_000);
  });

  it("answers clearly for a missing file, an unknown project and an unlinked one", async () => {
    await expect(read("nope.md")).rejects.toMatchObject({
      code: "not_found",
      message: "no such file in the linked folder",
    });
    await expect(read("a.md", "Nope")).rejects.toMatchObject({
      code: "not_found",
      message: 'no project named "Nope"',
    });
    await expect(read("a.md", "Loose")).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining('project "Loose" has no linked folder'),
    });
  });
});
