import type { AutomationDefinition } from "@scouts/core/automation/schema/definition-types";
import type { SchemaIssue } from "@scouts/core/automation/schema/json-schema";
import { useEffect, useState } from "react";
import type { RegistryState } from "./action-picker.tsx";
import {
  AutomationApiError,
  type AutomationsApi,
  type CapabilitySummary,
  type Proposal,
} from "./automations-api.ts";
import { FormEditor } from "./form-editor.tsx";
import { blankDefinition } from "./form-model.ts";
import "./automations.css";

/** The reviewer's output: summary, flags and warnings, shown above the editable form. */
export function ReviewPanel(props: { proposal: Proposal }) {
  const { review, warnings, diff } = props.proposal;
  return (
    <section aria-label="review">
      <p>{review.summary}</p>
      {review.flags.length > 0 && (
        <ul aria-label="flags">
          {review.flags.map((f) => (
            <li key={`${f.kind}${f.path}`}>
              <strong>{f.kind.replace(/_/g, " ")}</strong>: {f.message}
            </li>
          ))}
        </ul>
      )}
      {warnings.map((w) => (
        <p key={`${w.path}${w.rule}`} role="note">
          {w.message}
        </p>
      ))}
      {diff && (
        <table aria-label="changes">
          <tbody>
            {diff.map((c) => (
              <tr key={c.path}>
                <td>
                  <code>{c.path}</code>
                </td>
                <td>{c.kind}</td>
                <td>{c.before === undefined ? "" : JSON.stringify(c.before)}</td>
                <td>{c.after === undefined ? "" : JSON.stringify(c.after)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The cloud's own words, or (fetch's bare "Failed to fetch") who did not answer. */
function reason(e: unknown): string {
  return e instanceof AutomationApiError ? e.message : "the cloud did not answer (are you offline?)";
}

/**
 * New (or NL-edited) automation: describe it, get a validated proposal with its review, adjust it
 * in the generated form, and save with the button. Nothing is saved before that click.
 */
export function AutomationComposer(props: {
  api: AutomationsApi;
  existing?: { id: string; version: number; definition: AutomationDefinition };
  onSaved: (id: string, webhookToken?: string) => void;
}) {
  // null while the registry loads; a failure is said at the Action field, with Try again.
  const [capabilities, setCapabilities] = useState<CapabilitySummary[] | null>(null);
  const [registryError, setRegistryError] = useState<string | null>(null);
  const [registryTry, setRegistryTry] = useState(0);
  const [prompt, setPrompt] = useState("");
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [definition, setDefinition] = useState<AutomationDefinition>(
    props.existing?.definition ?? blankDefinition(),
  );
  const [issues, setIssues] = useState<SchemaIssue[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: registryTry is Try again's reload
  useEffect(() => {
    let live = true;
    setCapabilities(null);
    setRegistryError(null);
    props.api.registry().then(
      (c) => live && setCapabilities(c),
      (e: Error) => live && setRegistryError(reason(e)),
    );
    return () => {
      live = false;
    };
  }, [props.api, registryTry]);
  const registry: RegistryState | undefined = registryError
    ? { status: "failed", error: registryError, onRetry: () => setRegistryTry((n) => n + 1) }
    : capabilities === null
      ? { status: "loading" }
      : undefined;
  const ask = async () => {
    setBusy(true);
    setError(null);
    try {
      const { proposal: p } = await props.api.author(prompt, props.existing?.id);
      setProposal(p);
      setDefinition(p.definition);
      setIssues([]);
    } catch (e) {
      setError(reason(e));
    } finally {
      setBusy(false);
    }
  };
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const saved = props.existing
        ? await props.api.update(props.existing.id, props.existing.version, definition)
        : await props.api.create(definition);
      props.onSaved(saved.automation.id, saved.webhookToken);
    } catch (e) {
      if (e instanceof AutomationApiError) setIssues(e.issues);
      setError(reason(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-label={props.existing ? "edit automation" : "new automation"} className="automation-editor">
      <label>
        Describe what it should do
        <textarea
          rows={3}
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          placeholder="Every weekday at 8, post my relevant mail count to #me"
        />
      </label>
      <button type="button" disabled={busy || !prompt.trim()} onClick={ask}>
        Propose
      </button>
      {error && <p role="alert">{error}</p>}
      {proposal && <ReviewPanel proposal={proposal} />}
      <FormEditor
        definition={definition}
        capabilities={capabilities ?? []}
        registry={registry}
        issues={issues}
        onChange={setDefinition}
      />
      <button type="button" disabled={busy || !definition.name.trim()} onClick={save}>
        Save automation
      </button>
    </section>
  );
}
