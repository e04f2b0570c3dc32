import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writeSecretFile } from "./identity.ts";

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("writeSecretFile", () => {
  it("never shows a reader an empty or half-written file (the CLI and the PWA pairing read the token while the agent writes it)", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "scouts-secret-"));
    const file = path.join(dir, "home", "cli-token");
    const tokens = Array.from(
      { length: 150 },
      (_, i) => `${String(i).padStart(4, "0")}${"t".repeat(60_000)}`,
    );
    const seen: string[] = [];
    let writing = true;
    const reader = (async () => {
      while (writing) {
        const text = await readFile(file, "utf8").catch(() => null);
        if (text !== null)
          seen.push(text.length === 60_004 && tokens.includes(text) ? "whole" : `partial:${text.length}`);
      }
    })();
    for (const t of tokens) await writeSecretFile(file, t);
    writing = false;
    await reader;
    expect(seen.filter((s) => s !== "whole")).toEqual([]);
    expect(await readFile(file, "utf8")).toBe(tokens.at(-1));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    // No temporary file is left beside it.
    expect(await readdir(path.dirname(file))).toEqual(["cli-token"]);
  });
});
