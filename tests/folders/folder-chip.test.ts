import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { Project } from "../../core/folders/api.ts";
import { FolderChip } from "../../web/src/routes/projects/folder-chip.tsx";
import { folderChipLabel, timeAgo } from "../../web/src/routes/projects/folder-chip-label.ts";

const now = 1_800_000_000_000;
const linked = (scan: Partial<NonNullable<Project["folder"]>["scan"]>, fileCount = 214): Project => ({
  id: "p1",
  name: "Site",
  createdAt: now - 1e9,
  folder: {
    path: "/home/me/site",
    tier: "pro",
    linkedAt: now - 1e8,
    fileCount,
    scan: {
      status: "ok",
      startedAt: null,
      finishedAt: null,
      processed: 0,
      total: 0,
      error: null,
      omittedByLimit: 0,
      ...scan,
    },
  },
});

describe("folder chip", () => {
  it("says unlinked / N files · scanned 2 h ago / indexing 47/214 / scan failed", () => {
    expect(folderChipLabel({ ...linked({}), folder: null }, now).text).toBe("unlinked");
    expect(folderChipLabel(linked({ finishedAt: now - 2 * 3600_000 - 5 }), now)).toMatchObject({
      text: "214 files · scanned 2 h ago",
      tone: "ok",
    });
    expect(folderChipLabel(linked({ status: "scanning", processed: 47, total: 214 }), now).text).toBe(
      "indexing 47/214",
    );
    expect(
      folderChipLabel(linked({ status: "failed", error: "the linked folder no longer exists" }), now),
    ).toMatchObject({
      text: "scan failed",
      tone: "error",
      title: "the linked folder no longer exists",
    });
    expect(folderChipLabel(linked({ finishedAt: now }, 1), now).text).toBe("1 file · scanned just now");
  });

  it("prefers live progress over the stored state", () => {
    const live = { projectId: "p1", phase: "indexing" as const, processed: 48, total: 214, error: null };
    expect(folderChipLabel(linked({ status: "ok", finishedAt: now }), now, live).text).toBe(
      "indexing 48/214",
    );
    const failed = { ...live, phase: "failed" as const, error: "boom" };
    expect(folderChipLabel(linked({}), now, failed).text).toBe("scan failed");
  });

  it("formats time ago", () => {
    expect([30e3, 5 * 60e3, 3 * 3600e3, 3 * 86_400e3].map((d) => timeAgo(now - d, now))).toEqual([
      "just now",
      "5 min ago",
      "3 h ago",
      "3 d ago",
    ]);
  });

  it("renders as a polite live status", () => {
    const html = renderToStaticMarkup(
      createElement(FolderChip, { project: linked({ status: "scanning", processed: 3, total: 9 }), now }),
    );
    expect(html).toContain('role="status"');
    expect(html).toContain('aria-live="polite"');
    expect(html).toContain(">indexing 3/9</span>");
  });
});
