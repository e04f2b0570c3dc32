import { describe, expect, it } from "vitest";
import { SyncedEntity } from "../protocol/frames.ts";
import { stampLocal } from "./entity-merge.ts";
import {
  folderDisplayName,
  ProjectEdit,
  projectFields,
  projectUnchanged,
  toSyncedProject,
} from "./project-entities.ts";

const record = {
  id: "p1",
  name: "Website",
  notes: "",
  folderName: "site",
  fileCount: 2,
  lastScanAt: null,
  createdAt: 10,
};

describe("project entities", () => {
  it("shows a folder by its last segment only", () => {
    expect(folderDisplayName("/home/me/work/site/")).toBe("site");
    expect(folderDisplayName("C:\\Users\\me\\Client Site")).toBe("Client Site");
    expect(folderDisplayName("x".repeat(300))).toHaveLength(255);
  });

  it("round-trips a record through a valid frame entity; publishes only what changed", () => {
    const v = stampLocal(undefined, projectFields(record), "agent", 50);
    expect(SyncedEntity.parse(v)).toEqual(v);
    expect(toSyncedProject(v)).toEqual({ ...record, updatedAt: 50 });
    expect(projectUnchanged(v, record)).toBe(true);
    expect(projectUnchanged(v, { ...record, fileCount: 3 })).toBe(false);
    expect(projectUnchanged({ ...v, deleted: true }, record)).toBe(false);
    expect(projectUnchanged(undefined, record)).toBe(false);
  });

  it("other devices may change name and notes only", () => {
    expect(ProjectEdit.safeParse({ name: "  Site  " }).data).toEqual({ name: "Site" });
    expect(ProjectEdit.safeParse({ name: "" }).success).toBe(false);
    expect(ProjectEdit.safeParse({ notes: "x".repeat(4001) }).success).toBe(false);
    expect(ProjectEdit.safeParse({ folderName: "elsewhere" }).success).toBe(false);
  });
});
