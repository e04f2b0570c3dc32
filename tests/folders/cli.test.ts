import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { tempDir, writeTree } from "./support/setup.ts";

let tmp: Awaited<ReturnType<typeof tempDir>>;
const cli = path.join(import.meta.dirname, "..", "..", "local-agent", "folders", "cli.ts");
const run = (...args: string[]) =>
  spawnSync(process.execPath, [cli, ...args], {
    env: { ...process.env, SCOUTS_HOME: path.join(tmp.dir, "home") },
    encoding: "utf8",
  });

beforeAll(async () => {
  tmp = await tempDir();
  await writeTree(tmp.dir, {
    "Linked/README.md": "# Hello\n\nWorld.",
    "Linked/do..ts.txt": "dots are fine",
    "Linked2/secret.txt": "SECRET",
  });
});
afterAll(() => tmp.cleanup());

// Eight CLI processes, each loading the scanner and summarizers: slow on a loaded 2-core machine.
it("link → scan → manifest → read through the CLI, with refusals exiting 1", { timeout: 120_000 }, () => {
  const linked = run("link", "Site", path.join(tmp.dir, "Linked"));
  expect(linked.status).toBe(0);
  expect(linked.stdout).toContain('linked "Site"');
  expect(linked.stdout).toContain("2 files (2 new");

  const scan = run("scan", "Site");
  expect(scan.stdout).toContain("0 new, 0 changed, 0 deleted, 2 unchanged");

  const lines = run("manifest", "Site")
    .stdout.trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(lines.map((l) => l.relativePath).sort()).toEqual(["README.md", "do..ts.txt"]);
  expect(run("manifest", "Site", "--block").stdout).toContain("README.md [text] Hello — World.");

  expect(run("read", "Site", "do..ts.txt")).toMatchObject({ status: 0, stdout: "dots are fine" });
  const refused = run("read", "Site", "../Linked2/secret.txt");
  expect(refused.status).toBe(1);
  expect(refused.stderr).toBe("refused: path climbs out with '..'\n");
  expect(refused.stdout).toBe("");
  expect(run("read", "Nope", "a.md")).toMatchObject({ status: 1, stderr: 'no project named "Nope"\n' });
  expect(run("read").status).toBe(2);
});

it("draws a progress bar on a terminal (in-process, TTY stderr)", async () => {
  const { runFolderCommand } = await import("../../local-agent/folders/cli.ts");
  let out = "";
  let err = "";
  const code = await runFolderCommand(["scan", "Site"], {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s), isTTY: true },
    env: { SCOUTS_HOME: path.join(tmp.dir, "home") },
    cwd: tmp.dir,
  });
  expect(code).toBe(0);
  expect(err).toContain("listing files…");
  expect(err).toContain(`[${"#".repeat(30)}] 0/0`);
  expect(out).toContain('scanned "Site"');
});
