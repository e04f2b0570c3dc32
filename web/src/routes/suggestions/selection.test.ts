import { describe, expect, it } from "vitest";
import { noSelection, selectAt, selectBy, selectedIndex } from "./selection.ts";

const list = (...ids: string[]) => ids.map((id) => ({ id }));

describe("the selected card", () => {
  it("stays on the card the person picked when a reload removes a card above it", () => {
    // Archive Ann (the first card), then pick Luis before the list reloads: the reload drops Ann.
    const sel = selectAt(list("ann", "luis", "jonas"), 1);
    expect(sel.id).toBe("luis");
    const after = list("luis", "jonas");
    expect(after[selectedIndex(after, sel)]?.id).toBe("luis");
  });

  it("stays on its card when a new arrival lands above it", () => {
    const sel = selectAt(list("ann", "luis"), 1);
    const after = list("new", "ann", "luis");
    expect(after[selectedIndex(after, sel)]?.id).toBe("luis");
  });

  it("moves to the card that took its place when the selected card leaves, and to the last when it was last", () => {
    const sel = selectAt(list("ann", "luis", "jonas"), 1);
    expect(selectedIndex(list("ann", "jonas"), sel)).toBe(1);
    const last = selectAt(list("ann", "luis"), 1);
    expect(selectedIndex(list("ann"), last)).toBe(0);
    expect(selectedIndex([], last)).toBe(-1);
  });

  it("starts on the first card, and j/k move from the card, clamped to the list", () => {
    const items = list("a", "b", "c");
    expect(selectedIndex(items, noSelection)).toBe(0);
    const b = selectBy(items, noSelection, 1);
    expect(b).toEqual({ id: "b", index: 1 });
    expect(selectBy(items, selectBy(items, b, 1), 1).id).toBe("c");
    expect(selectBy(items, noSelection, -1).id).toBe("a");
    // b moved to the end by a reload: k goes to the card above it there.
    expect(selectBy(list("a", "c", "b"), b, -1).id).toBe("c");
  });
});
