import { useEffect, useRef } from "react";

export const SHORTCUTS: [string, string][] = [
  ["j / k", "Next / previous suggestion"],
  ["a", "Approve: do what the card proposes"],
  ["x", "Reject"],
  ["e", "Archive"],
  ["r", "Reply draft (local language model)"],
  ["s", "Snooze until tomorrow morning"],
  ["l", "Label"],
  ["m", "Move to another bucket or cohort"],
  ["u", "Undo the last action"],
  ["/", "Search"],
  ["?", "This help"],
];

/** The keyboard help as a modal dialog (Escape closes, focus returns to the list). */
export function HelpDialog(props: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (props.open && !d.open) d.showModal();
    if (!props.open && d.open) d.close();
  }, [props.open]);
  return (
    <dialog ref={ref} aria-labelledby="help-title" onClose={props.onClose} className="help">
      <h2 id="help-title">Keyboard shortcuts</h2>
      <dl>
        {SHORTCUTS.map(([k, v]) => (
          <div key={k}>
            <dt>
              <kbd>{k}</kbd>
            </dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <p>On a touch screen, swipe a card left to archive it, right to snooze it until tomorrow morning.</p>
      <button type="button" onClick={props.onClose}>
        Close
      </button>
    </dialog>
  );
}
