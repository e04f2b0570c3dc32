import { createHash } from "node:crypto";
import { open, readdir, stat } from "node:fs/promises";
import path from "node:path";
import type { AgentCtx } from "../services/context.ts";
import { ingestItem } from "../services/ingest.ts";

const TEXT_EXT = new Set([".txt", ".md", ".csv", ".json", ".eml", ".html", ".log", ".ics"]);
const MAX_FILES = 2_000;

async function preview(file: string, size: number): Promise<string> {
  if (!TEXT_EXT.has(path.extname(file).toLowerCase()))
    return `${path.extname(file).slice(1) || "file"}, ${Math.ceil(size / 1024)} KB`;
  const fh = await open(file, "r");
  try {
    const buf = Buffer.alloc(Math.min(size, 2048));
    await fh.read(buf, 0, buf.length, 0);
    return buf.toString("utf8").replace(/\s+/g, " ").trim().slice(0, 240);
  } finally {
    await fh.close();
  }
}

/**
 * The watched-directory scout: files that appear after the first scan become suggestions (the
 * first scan only records what is there). With auto-entities opted in, each also becomes a note.
 *
 * @example await scanWatchedDirectory({ ctx, input: { dir: "~/Inbox-files", autoEntities: false } })
 */
export async function scanWatchedDirectory(args: {
  ctx: AgentCtx;
  input: { dir: string; autoEntities: boolean };
}): Promise<{ baseline: boolean; created: number }> {
  const { ctx, input } = args;
  const key = `local_dir_seen:${input.dir}`;
  const previous = await ctx.stores.settings.read<string[] | null>(
    key,
    { safeParse: (v) => ({ success: Array.isArray(v), data: v as string[] }) },
    null,
  );
  const names = (await readdir(input.dir, { withFileTypes: true }))
    .filter((e) => e.isFile() && !e.name.startsWith("."))
    .map((e) => e.name)
    .sort()
    .slice(0, MAX_FILES);
  await ctx.stores.settings.write(key, names);
  if (previous === null) return { baseline: true, created: 0 };
  const seen = new Set(previous);
  let created = 0;
  for (const name of names) {
    if (seen.has(name)) continue;
    const file = path.join(input.dir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) continue;
    const id = `local-dir:${createHash("sha256").update(file).digest("hex").slice(0, 32)}`;
    const s = await ingestItem({
      ctx,
      input: {
        id,
        scoutId: "local-dir",
        source: "local_dir",
        sourceMsgRef: file,
        threadRef: null,
        from: "Watched folder <files@this-device>",
        subject: name,
        snippet: await preview(file, info.size),
        date: info.mtimeMs,
        verdict: "relevant",
        confidence: 1,
        reason: "local_dir:new_file",
      },
    });
    if (!s) continue;
    created++;
    if (input.autoEntities) {
      const entity = await ctx.stores.entities.create(
        "note",
        { title: name, body: `New file: ${file}\n\n${s.snippet}` },
        s.id,
      );
      const updated = await ctx.stores.suggestions.update(s.id, {
        status: "converted",
        convertedKind: "note",
        convertedEntityId: entity.id,
        decidedAt: ctx.clock.now(),
      });
      ctx.bus.emit({ type: "entity.changed", entity, deleted: false });
      if (updated) ctx.bus.emit({ type: "suggestion.updated", suggestion: updated });
    }
  }
  return { baseline: false, created };
}
