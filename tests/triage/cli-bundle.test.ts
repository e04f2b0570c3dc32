import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  BUNDLE_FILE,
  BUNDLE_MANIFEST,
  type BundleManifest,
  currentBundle,
  inputsDigest,
} from "../../core/triage/bundle.cli.ts";
import { buildTriageCli, EXTERNAL } from "../../scripts/triage/build-cli.ts";
import { sample } from "./cli-golden.ts";

const triage = path.join(import.meta.dirname, "../../core/triage");
const temps: string[] = [];
const temp = () => {
  const d = mkdtempSync(path.join(tmpdir(), "triage-bundle-"));
  temps.push(d);
  return d;
};
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

const run = (file: string, target: string) =>
  execFileSync(process.execPath, [file, target], { encoding: "utf8", maxBuffer: 1 << 28 });

describe("the triage CLI's prebuilt bundle", () => {
  it("prints byte for byte what the sources print, and the CLI entry picks it", async () => {
    const { inputs } = await buildTriageCli();
    expect(inputs).toContain("main.cli.ts");
    // postal-mime's line-loop swaps check its method source, which bundling would reformat.
    for (const ext of EXTERNAL) expect(inputs.some((f) => f.includes(`node_modules/${ext}/`))).toBe(false);
    expect(currentBundle(triage)).toBe(path.join(triage, BUNDLE_FILE));

    const dir = temp();
    const files = sample();
    // Hostile shapes too: an empty file, binary junk, an mbox envelope line, no header break.
    files.push(["odd/empty.eml", ""], ["odd/junk.eml", "\u0000\u00ff\u0001garbage"]);
    files.push(["odd/envelope.eml", "From x@y Thu Jan  1 00:00:00 2026\nSubject: hi\n\nbody\n"]);
    files.push(["odd/no-body.eml", "Subject: only a header line"]);
    for (const [name, raw] of files) {
      mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      writeFileSync(path.join(dir, name), raw);
    }
    const sources = run(path.join(triage, "main.cli.ts"), dir);
    expect(sources.trim().split("\n")).toHaveLength(files.length);
    expect(run(path.join(triage, BUNDLE_FILE), dir)).toBe(sources);
    expect(run(path.join(triage, "cli.ts"), dir)).toBe(sources);
  }, 180_000);

  it("is used only while its manifest matches the bundle and every input byte on disk", () => {
    const dir = temp();
    const write = (name: string, text: string) => writeFileSync(path.join(dir, name), text);
    write("a.ts", "export const a = 1;\n");
    mkdirSync(path.join(dir, "sub"));
    write("sub/b.ts", "export const b = 2;\n");
    write(BUNDLE_FILE, "console.log(1);\n");
    const inputs = ["a.ts", "sub/b.ts"];
    const manifest = (m: Partial<BundleManifest>) => write(BUNDLE_MANIFEST, JSON.stringify(m));
    const good = {
      inputs,
      digest: inputsDigest(dir, inputs)!,
      bundleDigest: inputsDigest(dir, [BUNDLE_FILE])!,
    };
    manifest(good);
    expect(currentBundle(dir)).toBe(path.join(dir, BUNDLE_FILE));

    // An edited input, then the same bytes again.
    write("sub/b.ts", "export const b = 3;\n");
    expect(currentBundle(dir)).toBeUndefined();
    write("sub/b.ts", "export const b = 2;\n");
    expect(currentBundle(dir)).toBe(path.join(dir, BUNDLE_FILE));
    // A bundle from another build than its manifest.
    write(BUNDLE_FILE, "console.log(2);\n");
    expect(currentBundle(dir)).toBeUndefined();
    write(BUNDLE_FILE, "console.log(1);\n");
    // A missing input, a malformed or empty manifest, no bundle.
    manifest({ ...good, inputs: [...inputs, "gone.ts"] });
    expect(currentBundle(dir)).toBeUndefined();
    write(BUNDLE_MANIFEST, "{not json");
    expect(currentBundle(dir)).toBeUndefined();
    manifest({ ...good, inputs: [] });
    expect(currentBundle(dir)).toBeUndefined();
    manifest({ inputs, digest: good.digest });
    expect(currentBundle(dir)).toBeUndefined();
    manifest({ ...good, inputs: [1, 2] as unknown as string[] });
    expect(currentBundle(dir)).toBeUndefined();
    manifest(good);
    rmSync(path.join(dir, BUNDLE_FILE));
    expect(currentBundle(dir)).toBeUndefined();
  });
});
