/**
 * The triage CLI's prebuilt bundle (`scripts/triage/build-cli.ts`, run by `npm run build`):
 * `cli.bundle.mjs` beside this file, and `cli.bundle.json` naming every source file it was built
 * from with a digest of their bytes. The CLI runs the bundle only while those files are
 * byte-identical on disk, so an edit after the build falls back to the sources, never to stale code.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export const BUNDLE_FILE = "cli.bundle.mjs";
export const BUNDLE_MANIFEST = "cli.bundle.json";

export interface BundleManifest {
  /** Source files the bundle holds, relative to the bundle's folder, sorted. */
  inputs: string[];
  /** `inputsDigest(dir, inputs)` when it was built. */
  digest: string;
  /** SHA-256 of the bundle's own bytes (a bundle and manifest from different builds never pair). */
  bundleDigest: string;
}

/**
 * SHA-256 over each input's path and bytes; `undefined` when one is missing.
 *
 * @example
 * inputsDigest(import.meta.dirname, ["main.cli.ts"]) // "3f1c…"
 */
export function inputsDigest(dir: string, inputs: readonly string[]): string | undefined {
  const h = createHash("sha256");
  for (const rel of inputs) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path.join(dir, rel));
    } catch {
      return undefined;
    }
    h.update(`${rel}\0${bytes.length}\0`);
    h.update(bytes);
  }
  return h.digest("hex");
}

/**
 * The bundle's path when it exists, is the one its manifest describes, and was built from
 * exactly the files now on disk; else `undefined` (no build yet, a malformed manifest, a source
 * edited since). Costs reading and hashing the ~200 inputs (a few ms).
 *
 * @example
 * await import(currentBundle(import.meta.dirname) ?? "./main.cli.ts");
 */
export function currentBundle(dir: string): string | undefined {
  const bundle = path.join(dir, BUNDLE_FILE);
  if (!existsSync(bundle)) return undefined;
  let m: Partial<BundleManifest>;
  try {
    m = JSON.parse(readFileSync(path.join(dir, BUNDLE_MANIFEST), "utf8")) as Partial<BundleManifest>;
  } catch {
    return undefined;
  }
  if (!Array.isArray(m.inputs) || m.inputs.length === 0 || !m.inputs.every((f) => typeof f === "string"))
    return undefined;
  if (typeof m.digest !== "string" || typeof m.bundleDigest !== "string") return undefined;
  if (inputsDigest(dir, m.inputs) !== m.digest) return undefined;
  return inputsDigest(dir, [BUNDLE_FILE]) === m.bundleDigest ? bundle : undefined;
}
