import { type PointerEvent, useRef, useState } from "react";

/** How far a finger must travel sideways (px) before a swipe counts; less is a tap or a scroll. */
export const SWIPE_DISTANCE = 96;

/**
 * Swipe on a card: left archives, right snoozes (tomorrow morning). Touch and pen only, so a
 * mouse drag never acts; a mostly vertical move is a scroll. `offset` moves the card with the
 * finger so the person sees what letting go will do.
 */
export function useSwipe(on: { left: () => void; right: () => void }) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const [offset, setOffset] = useState(0);
  const reset = () => {
    start.current = null;
    setOffset(0);
  };
  return {
    offset,
    handlers: {
      onPointerDown(e: PointerEvent) {
        if (e.pointerType === "mouse") return;
        start.current = { x: e.clientX, y: e.clientY, id: e.pointerId };
      },
      onPointerMove(e: PointerEvent) {
        const s = start.current;
        if (!s || s.id !== e.pointerId) return;
        const dx = e.clientX - s.x;
        if (Math.abs(e.clientY - s.y) > Math.abs(dx)) return reset();
        setOffset(dx);
      },
      onPointerUp(e: PointerEvent) {
        const s = start.current;
        reset();
        if (!s || s.id !== e.pointerId) return;
        const dx = e.clientX - s.x;
        if (Math.abs(e.clientY - s.y) > Math.abs(dx) || Math.abs(dx) < SWIPE_DISTANCE) return;
        if (dx < 0) on.left();
        else on.right();
      },
      onPointerCancel: reset,
    },
  };
}
