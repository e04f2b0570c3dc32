import type { Project, ScanProgressEvent } from "@scouts/core/folders/api";

export type ChipTone = "muted" | "ok" | "busy" | "error";

/** "just now", "5 min ago", "2 h ago", "3 d ago". */
export function timeAgo(then: number, now: number): string {
  const s = Math.max(0, Math.round((now - then) / 1000));
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  return `${Math.floor(s / 86_400)} d ago`;
}

/**
 * What the project's folder chip says: unlinked / N files · scanned 2 h ago / indexing 47/214 /
 * scan failed; a live progress event wins over the last stored state.
 * @example folderChipLabel(project, Date.now()) // { text: "214 files · scanned 2 h ago", tone: "ok" }
 */
export function folderChipLabel(
  project: Project,
  now: number,
  live?: ScanProgressEvent | null,
): { text: string; tone: ChipTone; title?: string } {
  const folder = project.folder;
  if (!folder) return { text: "unlinked", tone: "muted" };
  if (live && live.phase === "listing") return { text: "indexing…", tone: "busy", title: folder.path };
  if (live && live.phase === "indexing")
    return { text: `indexing ${live.processed}/${live.total}`, tone: "busy", title: folder.path };
  if (live?.phase === "failed") return { text: "scan failed", tone: "error", title: live.error ?? undefined };
  const scan = folder.scan;
  if (!live && scan.status === "scanning")
    return { text: `indexing ${scan.processed}/${scan.total}`, tone: "busy", title: folder.path };
  if (!live && scan.status === "failed")
    return { text: "scan failed", tone: "error", title: scan.error ?? undefined };
  if (scan.status === "never" && !live) return { text: "not scanned yet", tone: "muted", title: folder.path };
  const files = `${folder.fileCount} file${folder.fileCount === 1 ? "" : "s"}`;
  const when = scan.finishedAt ? ` · scanned ${timeAgo(scan.finishedAt, now)}` : "";
  return { text: `${files}${when}`, tone: "ok", title: folder.path };
}
