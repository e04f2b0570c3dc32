/**
 * Bundles the triage parser (`core/triage/preprocess/parse.ts` and the postal-mime swaps) with
 * esbuild the way wrangler bundles the Worker: ESM, postal-mime inlined, wrangler 4's target
 * and build conditions, `keepNames` on, and `minify` as wrangler.toml's `minify` would set it.
 * For tests and benches that need the parser as the cloud's stage 1 runs it, but in Node.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build, type Plugin } from "esbuild";

const root = path.join(import.meta.dirname, "../..");

/** What a bundle exports (a probe entry over the sources). */
export interface WorkerParser {
  parseEmail: typeof import("../../core/triage/preprocess/parse.ts").parseEmail;
  installFastLines: () => number;
  uninstallFastLines: () => void;
  installFastJoin: () => number;
  uninstallFastJoin: () => void;
}

const ENTRY = `
export { parseEmail } from "./core/triage/preprocess/parse.ts";
export { installFastLines, uninstallFastLines } from "./core/triage/preprocess/fast-lines.ts";
export { installFastJoin, uninstallFastJoin } from "./core/triage/preprocess/fast-join.ts";
`;

/**
 * Bundles the parser and imports it (through a temporary file, removed once loaded).
 *
 * @example
 * const { parser, inputs } = await bundleWorkerParser({ minify: false });
 * parser.installFastLines(); // 2 when the swaps hold in the bundle
 */
export async function bundleWorkerParser(opts: {
  minify: boolean;
  /** esbuild plugins run first (tests edit postal-mime's source with one). */
  plugins?: Plugin[];
}): Promise<{ parser: WorkerParser; code: string; inputs: string[] }> {
  const res = await build({
    stdin: { contents: ENTRY, resolveDir: root, loader: "ts", sourcefile: "worker-parser.probe.ts" },
    absWorkingDir: root,
    bundle: true,
    format: "esm",
    platform: "browser",
    // wrangler 4's COMMON_ESBUILD_OPTIONS.target and getBuildConditions() (wrangler-dist/cli.js).
    target: "es2024",
    conditions: ["workerd", "worker", "browser"],
    keepNames: true,
    minify: opts.minify,
    plugins: opts.plugins ?? [],
    metafile: true,
    write: false,
    logLevel: "warning",
  });
  const out = res.outputFiles[0];
  if (!out || res.outputFiles.length !== 1) throw new Error("esbuild: expected exactly one output file");
  const dir = mkdtempSync(path.join(tmpdir(), "worker-parser-"));
  try {
    writeFileSync(path.join(dir, "parser.mjs"), out.contents);
    const parser = (await import(path.join(dir, "parser.mjs"))) as WorkerParser;
    return { parser, code: out.text, inputs: Object.keys(res.metafile.inputs) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
