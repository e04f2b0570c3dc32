import type { ManifestFile } from "@scouts/core/folders/api";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useRef, useState } from "react";
import type { FileFilter, ProjectsApi } from "./projects-api.ts";

const pageSize = 200;
const filters: { value: FileFilter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "text", label: "Text" },
  { value: "image", label: "Images" },
  { value: "pdf", label: "PDF" },
];

function FileRow({ file }: { file: ManifestFile | undefined }) {
  if (!file) return <div style={{ color: "#8a909c" }}>Loading…</div>;
  return (
    <div style={{ display: "flex", gap: 8, alignItems: "baseline", minWidth: 0 }}>
      <code style={{ flex: "0 1 auto", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
        {file.relativePath}
      </code>
      <span style={{ fontSize: 12, color: "#4a5160" }}>[{file.kind}]</span>
      <span
        style={{
          flex: 1,
          overflow: "hidden",
          textOverflow: "ellipsis",
          whiteSpace: "nowrap",
          color: "#4a5160",
        }}
      >
        {file.reason ?? file.summary}
      </span>
    </div>
  );
}

/**
 * The Files tab: filters (all, text, images, PDF) over a virtualized list that loads manifest
 * pages of 200 rows as they scroll into view. `version` changes refetch (after a scan).
 * @example <FilesTab api={api} projectId={p.id} version={p.folder?.scan.finishedAt ?? 0} />
 */
export function FilesTab(props: { api: ProjectsApi; projectId: string; version: number }) {
  const [filter, setFilter] = useState<FileFilter>("all");
  const [total, setTotal] = useState<number | null>(null);
  const [pages, setPages] = useState<Map<number, ManifestFile[]>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const loading = useRef(new Set<number>());
  const scrollRef = useRef<HTMLDivElement>(null);

  const load = (page: number, key: string) => {
    if (loading.current.has(page)) return;
    loading.current.add(page);
    props.api
      .files(props.projectId, filter, page * pageSize, pageSize)
      .then((r) => {
        if (key !== `${props.projectId}:${filter}:${props.version}`) return;
        setTotal(r.total);
        setPages((prev) => new Map(prev).set(page, r.items));
      })
      .catch((e: Error) => setError(e.message));
  };

  const key = `${props.projectId}:${filter}:${props.version}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key captures project, filter and version
  useEffect(() => {
    loading.current = new Set();
    setPages(new Map());
    setTotal(null);
    setError(null);
    load(0, key);
  }, [key]);

  const virtualizer = useVirtualizer({
    count: total ?? 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 36,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  // biome-ignore lint/correctness/useExhaustiveDependencies: load pages the visible rows need
  useEffect(() => {
    for (const item of items) {
      const page = Math.floor(item.index / pageSize);
      if (!pages.has(page)) load(page, key);
    }
  }, [items, pages, key]);

  return (
    <section aria-label="Files">
      <fieldset
        aria-label="Filter files"
        style={{ display: "flex", gap: 6, margin: "8px 0", border: 0, padding: 0 }}
      >
        {filters.map((f) => (
          <button
            key={f.value}
            type="button"
            aria-pressed={filter === f.value}
            onClick={() => setFilter(f.value)}
          >
            {f.label}
          </button>
        ))}
        <span style={{ marginLeft: "auto", color: "#4a5160" }}>{total === null ? "" : `${total} files`}</span>
      </fieldset>
      {error && <p role="alert">{error}</p>}
      {total === 0 && <p>No files here yet.</p>}
      <div
        ref={scrollRef}
        data-testid="files-scroll"
        style={{ height: 420, overflow: "auto", contain: "strict" }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
          {items.map((item) => (
            <div
              key={item.key}
              data-index={item.index}
              style={{
                position: "absolute",
                top: 0,
                left: 0,
                right: 0,
                height: item.size,
                transform: `translateY(${item.start}px)`,
                padding: "6px 8px",
                borderBottom: "1px solid #eef0f3",
              }}
            >
              <FileRow file={pages.get(Math.floor(item.index / pageSize))?.[item.index % pageSize]} />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
