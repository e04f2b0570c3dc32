import type { ReplyTemplate } from "@scouts/core/protocol/local-api";
import type { ReplyTools } from "./use-reply-tools.ts";

/** What a template would write, for the person's own check (sample sender Ann Lee). */
function Sample(props: { body: string; tools: ReplyTools | null }) {
  if (!props.tools || !props.body.trim()) return null;
  let text: string;
  try {
    text = props.tools.sampleReply(props.body);
  } catch {
    return null;
  }
  return (
    <div className="template-sample">
      <span className="muted">Sample (to Ann Lee, “Quarterly numbers”):</span>
      <pre>{text}</pre>
    </div>
  );
}

/**
 * The person's reply templates: name and body with a few variables, rendered by the sandboxed
 * template engine (never a language model). L5 cohorts draft replies from them; drafts are never sent.
 */
export function TemplatesEditor(props: {
  templates: ReplyTemplate[];
  errors: (path: string) => string[];
  tools: ReplyTools | null;
  onChange: (templates: ReplyTemplate[]) => void;
}) {
  const { templates, onChange } = props;
  const set = (id: string, patch: Partial<ReplyTemplate>) =>
    onChange(templates.map((t) => (t.id === id ? { ...t, ...patch } : t)));
  return (
    <section className="templates" aria-labelledby="templates-title">
      <h2 id="templates-title">Reply templates</h2>
      <p className="muted">
        L5 cohorts draft replies only from these, as Gmail drafts you review and send yourself. Variables:{" "}
        {(props.tools?.REPLY_VARIABLES ?? []).map((v, i) => (
          <span key={v.name}>
            {i > 0 && ", "}
            <code>{`{{ ${v.name} }}`}</code> ({v.about})
          </span>
        ))}
        .
      </p>
      {templates.map((t, i) => {
        const nameErrors = props.errors(`templates.${t.id}.name`);
        const bodyErrors = props.errors(`templates.${t.id}.body`);
        return (
          <fieldset key={t.id} className="template">
            <legend>{t.name.trim() || `Template ${i + 1}`}</legend>
            <div className="field">
              <label htmlFor={`tpl-name-${t.id}`}>Name</label>
              <input
                id={`tpl-name-${t.id}`}
                value={t.name}
                maxLength={200}
                aria-invalid={nameErrors.length > 0}
                aria-describedby={nameErrors.length ? `tpl-name-err-${t.id}` : undefined}
                onChange={(e) => set(t.id, { name: e.target.value })}
              />
              {nameErrors.length > 0 && (
                <span id={`tpl-name-err-${t.id}`} className="error-text" role="alert">
                  {nameErrors.join(" ")}
                </span>
              )}
            </div>
            <div className="field">
              <label htmlFor={`tpl-body-${t.id}`}>Reply text</label>
              <textarea
                id={`tpl-body-${t.id}`}
                value={t.body}
                rows={5}
                maxLength={5000}
                aria-invalid={bodyErrors.length > 0}
                aria-describedby={bodyErrors.length ? `tpl-body-err-${t.id}` : undefined}
                onChange={(e) => set(t.id, { body: e.target.value })}
              />
              {bodyErrors.length > 0 && (
                <span id={`tpl-body-err-${t.id}`} className="error-text" role="alert">
                  {bodyErrors.join(" ")}
                </span>
              )}
            </div>
            <Sample body={t.body} tools={props.tools} />
            <button type="button" onClick={() => onChange(templates.filter((x) => x.id !== t.id))}>
              Delete {t.name.trim() || `template ${i + 1}`}
            </button>
          </fieldset>
        );
      })}
      <button
        type="button"
        disabled={templates.length >= 50}
        onClick={() =>
          onChange([...templates, { id: `tpl-${crypto.randomUUID().slice(0, 8)}`, name: "", body: "" }])
        }
      >
        New template
      </button>
    </section>
  );
}
