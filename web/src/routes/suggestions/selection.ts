/**
 * Which card is selected. The selection follows the card, not its place in the list: a reload that
 * removes or adds cards above it (an action on another card finishing, a new arrival) must never move
 * it onto another message, or the next key acts on mail the person did not pick. Only when the
 * selected card itself leaves does the card that took its place become the selection (auto-advance).
 */
export type Selection = { id: string | null; index: number };

export const noSelection: Selection = { id: null, index: 0 };

/** The index of the selected card in `items` (-1 when the list is empty). */
export function selectedIndex(items: readonly { id: string }[], sel: Selection): number {
  if (items.length === 0) return -1;
  const found = sel.id === null ? -1 : items.findIndex((s) => s.id === sel.id);
  return found >= 0 ? found : Math.max(0, Math.min(sel.index, items.length - 1));
}

/** Selects the card at `index` (clamped to the list). */
export function selectAt(items: readonly { id: string }[], index: number): Selection {
  const i = Math.max(0, Math.min(index, items.length - 1));
  return { id: items[i]?.id ?? null, index: i };
}

/** Moves the selection `by` cards from where it is now (j/k). */
export function selectBy(items: readonly { id: string }[], sel: Selection, by: number): Selection {
  return selectAt(items, selectedIndex(items, sel) + by);
}
