import { cohorts, defaultPolicies, previewLevel } from "@scouts/core/assistant/policies";
import type { Cohort, Policies } from "@scouts/core/protocol/local-api";
import { useEffect, useMemo, useRef, useState } from "react";
import { useConnection } from "../../app/connection.tsx";
import { ErrorState } from "../../app/states.tsx";
import { useAsync } from "../../lib/use-async.ts";
import { CohortRulesEditor } from "./cohort-rules-editor.tsx";
import { LevelPreviewPanel } from "./level-preview.tsx";
import "./policies.css";
import { TemplatesEditor } from "./templates-editor.tsx";
import { TriageTimes } from "./triage-times.tsx";
import { useReplyTools } from "./use-reply-tools.ts";

const cohortName = (c: string) => (c === "vips" ? "VIPs" : c.replace("_", " "));

/** The screen's working copy: what the person edits before saving. */
type Draft = Pick<Policies, "levels" | "templates" | "cohortTemplates" | "triageTimes" | "rules">;

/**
 * Cohorts × autonomy levels L0–L5 with a live preview computed by core's autonomy gate and the
 * person's real templates and triage times, the L5 triage times, and the reply templates.
 */
export function PoliciesPage() {
  const { source } = useConnection();
  const { state, reload } = useAsync(
    async () =>
      source
        ? { policies: await source.policies(), timeZone: (await source.settings()).timezone }
        : { policies: defaultPolicies, timeZone: "UTC" },
    [source],
  );
  const [draft, setDraft] = useState<Draft | null>(null);
  const [focus, setFocus] = useState<Cohort>("newsletters");
  const [notice, setNotice] = useState("");
  const [checked, setChecked] = useState(false);
  const dirty = useRef(false);
  const tools = useReplyTools();
  // A reload (reconnect) refreshes the screen, but never over edits not saved yet.
  useEffect(() => {
    if (state.status === "ready" && !dirty.current) setDraft(state.data.policies);
  }, [state]);
  const stored = state.data?.policies ?? defaultPolicies;
  const timeZone = state.data?.timeZone ?? "UTC";
  const current: Policies = useMemo(() => ({ ...stored, ...(draft ?? {}) }), [stored, draft]);
  const issues = useMemo(
    () => (tools && checked ? tools.checkPolicies(current) : []),
    [tools, checked, current],
  );
  const errors = (path: string) => issues.filter((i) => i.path === path).map((i) => i.message);
  const level = current.levels[focus] ?? 2;
  const preview = previewLevel(level, { cohort: focus, policies: current, timeZone });
  const focusTemplate = current.templates.find((t) => t.id === current.cohortTemplates[focus]);
  const sample =
    level === 5 && focusTemplate && tools ? trySample(() => tools.sampleReply(focusTemplate.body)) : null;
  const edit = (patch: Partial<Draft>) => {
    setDraft({ ...current, ...patch });
    dirty.current = true;
    setNotice("");
  };

  async function save() {
    if (!source || !tools) return;
    setChecked(true);
    const problems = tools.checkPolicies(current);
    if (problems.length) {
      const count = `${problems.length} problem${problems.length > 1 ? "s" : ""}`;
      setNotice(`Not saved (${count}): ${problems.map((p) => p.message).join("; ")}`);
      return;
    }
    try {
      const saved = await source.putPolicies({
        levels: current.levels,
        templates: current.templates,
        cohortTemplates: Object.fromEntries(cohorts.map((c) => [c, current.cohortTemplates[c] ?? null])),
        triageTimes: current.triageTimes,
        rules: current.rules,
      });
      setDraft(saved);
      dirty.current = false;
      setNotice("Policies saved.");
    } catch (e) {
      setNotice(`Not saved: ${(e as Error).message}`);
    }
  }

  return (
    <section aria-labelledby="pol-title">
      <h1 id="pol-title">Policies</h1>
      <p className="lead">
        How much the assistant may do for each kind of sender. Irreversible actions (send, permanent delete,
        unsubscribe, block) always ask; low confidence drops one level of what it does, never what you see.
      </p>
      {state.status === "error" && <ErrorState error={state.error} retry={reload} />}
      {/* Edits start from the stored policies, never from defaults shown while loading. */}
      {!draft && state.status !== "error" && <p role="status">Loading policies…</p>}
      {draft && (
        <>
          <div className="policies">
            <table>
              <caption className="sr-only">Autonomy level and reply template per cohort</caption>
              <thead>
                <tr>
                  <th scope="col">Cohort</th>
                  <th scope="col">Level</th>
                  <th scope="col">Reply template (L5)</th>
                </tr>
              </thead>
              <tbody>
                {cohorts.map((c) => {
                  const templateErrors = errors(`cohortTemplates.${c}`);
                  return (
                    <tr key={c} className={c === focus ? "focused" : ""}>
                      <th scope="row">{cohortName(c)}</th>
                      <td>
                        <select
                          aria-label={`Level for ${cohortName(c)}`}
                          value={current.levels[c] ?? 2}
                          onFocus={() => setFocus(c)}
                          onChange={(e) => {
                            setFocus(c);
                            edit({ levels: { ...current.levels, [c]: Number(e.target.value) } });
                          }}
                        >
                          {[0, 1, 2, 3, 4, 5].map((l) => (
                            <option key={l} value={l}>
                              {previewLevel(l).name}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td>
                        {current.levels[c] === 5 ? (
                          <select
                            aria-label={`Reply template for ${cohortName(c)}`}
                            value={current.cohortTemplates[c] ?? ""}
                            aria-invalid={templateErrors.length > 0}
                            onFocus={() => setFocus(c)}
                            onChange={(e) =>
                              edit({
                                cohortTemplates: {
                                  ...current.cohortTemplates,
                                  [c]: e.target.value || undefined,
                                },
                              })
                            }
                          >
                            <option value="">No replies</option>
                            {current.templates.map((t) => (
                              <option key={t.id} value={t.id}>
                                {t.name.trim() || "(unnamed)"}
                              </option>
                            ))}
                          </select>
                        ) : (
                          <span className="muted">at L5</span>
                        )}
                        {templateErrors.length > 0 && (
                          <span className="error-text" role="alert">
                            {templateErrors.join(" ")}
                          </span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <LevelPreviewPanel
              title={`${cohortName(focus)}: ${preview.name}`}
              preview={preview}
              sample={sample}
            />
          </div>
          <CohortRulesEditor rules={current.rules} onChange={(rules) => edit({ rules })} />
          <TriageTimes
            times={current.triageTimes}
            timeZone={timeZone}
            error={errors("triageTimes").join(" ") || null}
            onChange={(triageTimes) => edit({ triageTimes })}
          />
          <TemplatesEditor
            templates={current.templates}
            errors={errors}
            tools={tools}
            onChange={(templates) => edit({ templates })}
          />
          <button
            type="button"
            className="primary"
            disabled={!source || !draft || !tools}
            onClick={() => void save()}
          >
            Save policies
          </button>
        </>
      )}
      <p className="notice" role="status">
        {source ? notice : "Offline: showing defaults; saving needs your agent or device."}
      </p>
    </section>
  );
}

function trySample(render: () => string): string | null {
  try {
    return render();
  } catch {
    return null;
  }
}
