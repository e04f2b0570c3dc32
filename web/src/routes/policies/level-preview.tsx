import type { LevelPreview } from "@scouts/core/protocol/local-api";

const MODE_TEXT: Record<string, string> = {
  silent: "never",
  query: "only when asked",
  suggest: "suggests",
  batch_suggest: "suggests in batches",
  act: "does it (undoable)",
  ask: "always asks you",
  blocked: "off",
};

/** The live preview: what the focused cohort's level shows and does, with the person's templates and times. */
export function LevelPreviewPanel(props: { title: string; preview: LevelPreview; sample: string | null }) {
  const { preview } = props;
  return (
    <aside className="preview" aria-live="polite" aria-labelledby="preview-title">
      <h2 id="preview-title">{props.title}</h2>
      <p>{preview.summary}</p>
      <h3>You see</h3>
      <ul aria-label="What you see">
        {preview.shows.map((s) => (
          <li key={s.what} className={s.shown ? "shown" : "hidden"}>
            <span>{s.detail}</span> <strong>{s.shown ? "yes" : "no"}</strong>
          </li>
        ))}
      </ul>
      <h3>It does</h3>
      <ul aria-label="What the assistant does">
        {preview.allows.map((a) => (
          <li key={a.action} className={`mode-${a.mode}`}>
            <span>
              {a.action.replace("_", " ")}
              {a.detail && <small className="detail">{a.detail}</small>}
            </span>{" "}
            <strong>{MODE_TEXT[a.mode] ?? a.mode}</strong>
          </li>
        ))}
      </ul>
      {props.sample && (
        <div className="template-sample">
          <span className="muted">Draft it would write (to Ann Lee, “Quarterly numbers”):</span>
          <pre>{props.sample}</pre>
        </div>
      )}
    </aside>
  );
}
