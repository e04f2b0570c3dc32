import type { Project, ScanProgressEvent } from "@scouts/core/folders/api";
import { folderChipLabel } from "./folder-chip-label.ts";

const toneStyle = {
  muted: { background: "#eef0f3", color: "#4a5160" },
  ok: { background: "#e6f4ea", color: "#1e6b34" },
  busy: { background: "#e8f0fe", color: "#1a4fb5" },
  error: { background: "#fce8e6", color: "#a50e0e" },
} as const;

/**
 * The folder chip on a project: unlinked / N files · scanned 2 h ago / indexing 47/214 / scan failed.
 * @example <FolderChip project={p} live={progress} now={Date.now()} />
 */
export function FolderChip(props: { project: Project; live?: ScanProgressEvent | null; now: number }) {
  const label = folderChipLabel(props.project, props.now, props.live);
  return (
    <span
      role="status"
      aria-live="polite"
      data-tone={label.tone}
      title={label.title}
      style={{
        ...toneStyle[label.tone],
        borderRadius: 12,
        padding: "2px 10px",
        fontSize: 13,
        whiteSpace: "nowrap",
      }}
    >
      {label.text}
    </span>
  );
}
