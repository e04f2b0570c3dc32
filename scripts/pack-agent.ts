/**
 * `npm run pack:agent`: the local agent as a self-contained npm package (dist/scouts-agent-<v>.tgz)
 * that installs without the monorepo: one esbuild bundle of the CLI with `core` and `db` inside,
 * the files it reads at run time (libSQL migrations, the stage-2 model) under assets/, and only
 * the packages with native code or large data files left as dependencies.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build, type Plugin } from "esbuild";

const root = path.join(import.meta.dirname, "..");
const out = path.join(root, "dist", "agent-pkg");
const entry = path.join(root, "local-agent", "cli", "main.ts");

/**
 * Kept as dependencies: native binaries (onnxruntime, libsql), files loaded by path (pdfjs), and
 * postal-mime, so the installed agent loads the same package file as the repo. Its parser swaps
 * (core/triage/preprocess/fast-lines.ts, fast-join.ts) would also hold inlined: method-match.ts
 * compares token streams, which survive esbuild's reprinting (tests/triage/worker-bundle.test.ts).
 */
export const EXTERNAL = ["onnxruntime-node", "@libsql/client", "pdfjs-dist", "mammoth", "postal-mime"];
/** Files read at run time by path, copied under assets/ at the same place as in the repo. */
const ASSETS = ["local-agent/migrations", "core/triage/model", "db/migrations"];

/**
 * In one bundle every module shares one import.meta: give each repo file the meaning it has in
 * the repo. `import.meta.dirname` points at its folder under assets/; only the CLI entry is
 * "main" (other files' `import.meta.main` and own-entry checks become false).
 */
function repoMeta(): Plugin {
  return {
    name: "repo-import-meta",
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        let code = readFileSync(args.path, "utf8");
        const rel = path.relative(root, path.dirname(args.path)).split(path.sep).join("/");
        code = code.replaceAll("import.meta.dirname", `(import.meta.dirname + "/assets/${rel}")`);
        if (args.path !== entry) {
          code = code.replaceAll("import.meta.main", "false");
          code = code.replace(
            /process\.argv\[1\] &&\s*realpathSync\(process\.argv\[1\]\) === realpathSync\(fileURLToPath\(import\.meta\.url\)\)/g,
            "false",
          );
        }
        return { contents: code, loader: "ts" };
      });
    },
  };
}

export async function packAgent(): Promise<{ tgz: string; bytes: number; unpackedBytes: number }> {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  await build({
    entryPoints: [entry],
    outfile: path.join(out, "cli.js"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    external: EXTERNAL,
    plugins: [repoMeta()],
    // Bundled CommonJS dependencies call require(); give the ES module one.
    banner: {
      js: '#!/usr/bin/env node\nimport { createRequire as __scoutsRequire } from "node:module";\nconst require = __scoutsRequire(import.meta.url);',
    },
    legalComments: "linked",
    logLevel: "error",
  });
  for (const a of ASSETS) cpSync(path.join(root, a), path.join(out, "assets", a), { recursive: true });
  const agentPkg = JSON.parse(readFileSync(path.join(root, "local-agent", "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  const rootPkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version?: string };
  const version =
    process.env.SCOUTS_AGENT_VERSION ??
    (rootPkg.version && rootPkg.version !== "0.0.0" ? rootPkg.version : "0.1.0");
  const pkg = {
    name: "scouts-agent",
    version,
    description: "The Scouts local agent: on-device triage, project folders and the PWA's loopback API.",
    type: "module",
    bin: { "scouts-agent": "cli.js" },
    files: ["cli.js", "cli.js.LEGAL.txt", "assets", "README.md"],
    engines: { node: ">=22.12" },
    dependencies: Object.fromEntries(
      EXTERNAL.map((d) => {
        const v = agentPkg.dependencies[d];
        if (!v) throw new Error(`pack:agent: ${d} is not a dependency of local-agent`);
        return [d, v];
      }),
    ),
    license: "UNLICENSED",
  };
  writeFileSync(path.join(out, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);
  writeFileSync(
    path.join(out, "README.md"),
    [
      "# scouts-agent",
      "",
      "The Scouts local agent. `npx scouts-agent --help`; `scouts-agent pair`, `scouts-agent run`,",
      "`scouts-agent service install` (docs/deploy.md in the Scouts repository).",
      "",
      "Install with `npm install --ignore-scripts scouts-agent-<version>.tgz`: onnxruntime-node's install",
      "script only fetches optional GPU libraries; its CPU binaries ship in the package.",
      "",
    ].join("\n"),
  );
  const pack = spawnSync("npm", ["pack", "--json", "--pack-destination", path.join(root, "dist")], {
    cwd: out,
    encoding: "utf8",
  });
  if (pack.status !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`);
  const info = (JSON.parse(pack.stdout) as { filename: string; size: number; unpackedSize: number }[])[0]!;
  const tgz = path.join(root, "dist", info.filename);
  return { tgz, bytes: statSync(tgz).size, unpackedBytes: info.unpackedSize };
}

if (import.meta.main) {
  const r = await packAgent();
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
  console.log(
    `${path.relative(root, r.tgz)}: ${mb(r.bytes)} packed, ${mb(r.unpackedBytes)} unpacked (dependencies not included)`,
  );
}
