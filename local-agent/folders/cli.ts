import { realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isCoreError } from "@scouts/core/errors";
import type { ScanProgressEvent } from "@scouts/core/folders/api";
import { createFoldersContext, type FoldersCtx, readFoldersConfig } from "./context.ts";
import { openFoldersDb } from "./db.ts";
import { readManifest } from "./manifest.ts";
import { linkFolder, requireProject } from "./projects.ts";
import { readProjectFolderFile } from "./read-file.ts";
import { startScan } from "./scanner.ts";

export interface CliIo {
  stdout: { write(s: string): unknown; isTTY?: boolean };
  stderr: { write(s: string): unknown; isTTY?: boolean };
  env: Record<string, string | undefined>;
  cwd: string;
}

/** One CLI subcommand: returns the process exit code (0 ok, 1 refused/failed, 2 usage). */
export interface FolderCommand {
  name: string;
  usage: string;
  summary: string;
  run(args: string[], io: CliIo): Promise<number>;
}

async function withCtx<T>(io: CliIo, fn: (ctx: FoldersCtx) => Promise<T>): Promise<T> {
  const home = io.env.SCOUTS_HOME || path.join(io.env.HOME || ".", ".scouts");
  const { db, client } = await openFoldersDb(`file:${path.join(home, "agent.db")}`);
  try {
    return await fn(createFoldersContext({ db, config: readFoldersConfig(io.env) }));
  } finally {
    client.close();
  }
}

function progressPrinter(io: CliIo): (e: ScanProgressEvent) => void {
  if (!io.stderr.isTTY) return () => {};
  return (e) => {
    if (e.phase === "listing") io.stderr.write("\rlisting files…");
    if (e.phase !== "indexing") return;
    const width = 30;
    const filled = e.total ? Math.round((e.processed / e.total) * width) : width;
    io.stderr.write(`\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${e.processed}/${e.total}  `);
  };
}

async function scanWithProgress(
  ctx: FoldersCtx,
  io: CliIo,
  projectId: string,
  name: string,
): Promise<number> {
  const off = ctx.progress.subscribe(progressPrinter(io));
  try {
    const r = await startScan({ ctx, input: { projectId } }).scan;
    if (io.stderr.isTTY) io.stderr.write("\n");
    io.stdout.write(
      `scanned "${name}": ${r.listed} files (${r.added} new, ${r.changed} changed, ${r.deleted} deleted, ${r.unchanged} unchanged)` +
        `${r.omittedByLimit ? `, ${r.omittedByLimit} over the tier limit` : ""} in ${(r.durationMs / 1000).toFixed(2)} s\n`,
    );
    return 0;
  } finally {
    off();
  }
}

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

const positional = (args: string[]) =>
  args.filter((a, i) => !a.startsWith("--") && !(i > 0 && args[i - 1] === "--tier"));

export const folderCommands: FolderCommand[] = [
  {
    name: "link",
    usage: "link <project> <path> [--tier free|pro|unlimited] [--no-scan]",
    summary: "link a folder to a project (creating the project) and scan it",
    async run(args, io) {
      const [project, folder] = positional(args);
      const tier = option(args, "--tier");
      if (!project || !folder || (tier && !["free", "pro", "unlimited"].includes(tier)))
        return usage(io, this);
      return withCtx(io, async (ctx) => {
        const p = await linkFolder({
          ctx,
          input: {
            project,
            path: folder,
            cwd: io.cwd,
            createMissing: true,
            tier: (tier as FoldersCtx["tier"]) ?? ctx.tier,
          },
        });
        io.stdout.write(`linked "${p.name}" → ${p.folder?.path}\n`);
        return args.includes("--no-scan") ? 0 : scanWithProgress(ctx, io, p.id, p.name);
      });
    },
  },
  {
    name: "scan",
    usage: "scan <project>",
    summary: "rescan a project's folder (only new and changed files are read)",
    async run(args, io) {
      const [project] = positional(args);
      if (!project) return usage(io, this);
      return withCtx(io, async (ctx) => {
        const p = await requireProject(ctx, project);
        return scanWithProgress(ctx, io, p.id, p.name);
      });
    },
  },
  {
    name: "manifest",
    usage: "manifest <project> [--block]",
    summary: "print the manifest as JSON lines (or the prompt block)",
    async run(args, io) {
      const [project] = positional(args);
      if (!project) return usage(io, this);
      return withCtx(io, async (ctx) => {
        const m = await readManifest({ ctx, input: { project, wait: true } });
        if (args.includes("--block")) io.stdout.write(`${m.block}\n`);
        else for (const f of m.files) io.stdout.write(`${JSON.stringify(f)}\n`);
        return 0;
      });
    },
  },
  {
    name: "read",
    usage: "read <project> <relativePath>",
    summary: "print a file inside the project's folder (exit 1 with the reason if refused)",
    async run(args, io) {
      const [project, relativePath] = positional(args);
      if (!project || relativePath === undefined) return usage(io, this);
      return withCtx(io, async (ctx) => {
        const r = await readProjectFolderFile({ ctx, input: { project, relativePath } });
        io.stdout.write(r.type === "text" ? r.content : `${r.base64}\n`);
        if (r.type === "text" && r.truncated) io.stderr.write("(truncated)\n");
        return 0;
      });
    },
  },
];

function usage(io: CliIo, cmd: FolderCommand): number {
  io.stderr.write(`usage: scouts-agent ${cmd.usage}\n`);
  return 2;
}

/**
 * Runs one folder subcommand; CoreErrors (refusals, unknown project) print their message and exit 1.
 * @example await runFolderCommand(["read", "Site", "../etc/passwd"], io) // 1, "refused: …" on stderr
 */
export async function runFolderCommand(argv: string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  const cmd = folderCommands.find((c) => c.name === name);
  if (!cmd) {
    io.stderr.write(`commands:\n${folderCommands.map((c) => `  ${c.usage}\n`).join("")}`);
    return 2;
  }
  try {
    return await cmd.run(args, io);
  } catch (e) {
    if (isCoreError(e)) {
      io.stderr.write(`${e.message}\n`);
      return 1;
    }
    io.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

const isMain =
  process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (isMain) {
  const code = await runFolderCommand(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
  });
  process.exitCode = code;
}
