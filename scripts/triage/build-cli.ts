/**
 * Builds the triage CLI's single-file bundle (`core/triage/cli.bundle.mjs` and its manifest,
 * see `core/triage/bundle.cli.ts`): minified ESM with every source module inlined, so a cold
 * run skips Node's type stripping and loading of ~200 modules. Part of `npm run build`; run
 * alone with `node scripts/triage/build-cli.ts`. Generated, not committed (.gitignore).
 *
 * postal-mime stays an outside import, the package's own file as the sources load it. Its swaps
 * (preprocess/fast-lines.ts, fast-join.ts) no longer need that: method-match.ts compares methods
 * as token streams, which survive esbuild's reprinting and minifying (tests/triage/worker-bundle.test.ts);
 * inlining it here was not measured.
 */
import { renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import {
  BUNDLE_FILE,
  BUNDLE_MANIFEST,
  type BundleManifest,
  inputsDigest,
} from "../../core/triage/bundle.cli.ts";

const root = path.join(import.meta.dirname, "../..");
const dir = path.join(root, "core/triage");

/** Modules imported at run time instead of inlined (see above). */
export const EXTERNAL = ["postal-mime"];

/**
 * Writes the bundle, then its manifest (each through a temporary file and a rename).
 *
 * @example
 * const { bytes, inputs } = await buildTriageCli(); // ~1.3 MB from ~200 files
 */
export async function buildTriageCli(): Promise<{ bytes: number; inputs: string[] }> {
  const res = await build({
    absWorkingDir: root,
    entryPoints: [path.join(dir, "main.cli.ts")],
    outfile: path.join(dir, BUNDLE_FILE),
    bundle: true,
    minify: true,
    platform: "node",
    format: "esm",
    target: "node22",
    external: EXTERNAL,
    metafile: true,
    write: false,
    logLevel: "warning",
  });
  const out = res.outputFiles[0];
  if (!out || res.outputFiles.length !== 1) throw new Error("esbuild: expected exactly one output file");
  const inputs = Object.keys(res.metafile.inputs)
    .map((f) => path.relative(dir, path.join(root, f)))
    .sort();
  const digest = inputsDigest(dir, inputs);
  if (!digest) throw new Error("an input of the bundle vanished while building");
  const write = (name: string, data: string | Uint8Array) => {
    const tmp = path.join(dir, `.${name}.${process.pid}.tmp`);
    writeFileSync(tmp, data);
    renameSync(tmp, path.join(dir, name));
  };
  write(BUNDLE_FILE, out.contents);
  const manifest: BundleManifest = { inputs, digest, bundleDigest: inputsDigest(dir, [BUNDLE_FILE])! };
  write(BUNDLE_MANIFEST, `${JSON.stringify(manifest, null, 1)}\n`);
  return { bytes: out.contents.length, inputs };
}

if (import.meta.main) {
  const { bytes, inputs } = await buildTriageCli();
  console.log(
    `${path.join("core/triage", BUNDLE_FILE)}: ${(bytes / 1e6).toFixed(2)} MB from ${inputs.length} files`,
  );
}
