import type { Settings } from "@scouts/core/protocol/local-api";
import { type ReactNode, useEffect, useId, useState } from "react";
import type { SuggestionSource } from "../../data/source.ts";
import {
  AGENT_ONLY,
  type AssistantField,
  checkPatch,
  errorsByField,
  type AssistantForm as Form,
  formFromSettings,
  issuesFromError,
  patchFromForm,
} from "./assistant-form-model.ts";

const ALL = [
  "watchedDirectory",
  "watchedDirectoryAutoEntities",
  "localMailbox",
  "localMailboxFormat",
  "vipSenders",
  "orgDomains",
  "briefMorning",
  "briefEvening",
  "timezone",
] as const satisfies readonly AssistantField[];

const zones = (): string[] => {
  try {
    return Intl.supportedValuesOf("timeZone");
  } catch {
    return [];
  }
};

/**
 * Local sources (watched folder, mailbox), people (VIPs, your domains) and the daily brief. The
 * agent checks every field (paths on disk too); each problem shows under its own field.
 */
export function AssistantSettings(props: {
  source: SuggestionSource;
  settings: Settings;
  onSaved: () => void;
}) {
  const { source, settings } = props;
  const agent = source.kind === "agent";
  const fields = ALL.filter((f) => agent || !AGENT_ONLY.has(f));
  const [form, setForm] = useState<Form>(() => formFromSettings(settings));
  const [errors, setErrors] = useState<Partial<Record<AssistantField, string>>>({});
  const [notice, setNotice] = useState("");
  const [busy, setBusy] = useState(false);
  const id = useId();
  useEffect(() => setForm(formFromSettings(settings)), [settings]);
  const set = <K extends AssistantField>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  const fid = (f: AssistantField) => `${id}-${f}`;
  const shown = (issues: { path: string; message: string }[]) => {
    const byField = errorsByField(issues);
    setErrors(byField);
    const first = fields.find((f) => byField[f]);
    if (first) document.getElementById(fid(first))?.focus();
    const n = Object.keys(byField).length;
    setNotice(n > 0 ? `Not saved: ${n === 1 ? "one field needs" : `${n} fields need`} attention.` : "");
  };
  const save = async () => {
    const patch = patchFromForm(form, settings, fields);
    if (Object.keys(patch).length === 0) {
      setErrors({});
      setNotice("Nothing changed.");
      return;
    }
    const local = checkPatch(patch);
    if (local.length > 0) return shown(local);
    setBusy(true);
    try {
      await source.patchSettings(patch);
      setErrors({});
      setNotice("Saved.");
      props.onSaved();
    } catch (e) {
      const issues = issuesFromError(e);
      if (issues.length > 0) shown(issues);
      else setNotice(`Not saved: ${(e as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  const field = (f: AssistantField, label: string, input: (a: InputA11y) => ReactNode, hint?: string) => (
    <div className="field">
      <label htmlFor={fid(f)}>{label}</label>
      {input({
        id: fid(f),
        "aria-invalid": errors[f] ? true : undefined,
        "aria-describedby":
          [hint ? `${fid(f)}-hint` : "", errors[f] ? `${fid(f)}-error` : ""].filter(Boolean).join(" ") ||
          undefined,
      })}
      {hint && (
        <span id={`${fid(f)}-hint`} className="hint">
          {hint}
        </span>
      )}
      {errors[f] && (
        <span id={`${fid(f)}-error`} className="field-error">
          {errors[f]}
        </span>
      )}
    </div>
  );
  return (
    <form
      className="settings assistant-settings"
      aria-labelledby={`${id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h2 id={`${id}-title`}>Sources and people</h2>
      {agent ? (
        <fieldset className="group">
          <legend>Sources on this computer</legend>
          <p className="hint">The agent reads these every 5 seconds; nothing leaves this computer.</p>
          {field(
            "watchedDirectory",
            "Watched folder",
            (a) => (
              <input
                {...a}
                value={form.watchedDirectory}
                onChange={(e) => set("watchedDirectory", e.target.value)}
                placeholder="/home/you/Inbox-files"
                autoComplete="off"
                spellCheck={false}
              />
            ),
            "A full path (~/ works). New files become suggestions; leave empty to stop watching.",
          )}
          <label className="switch">
            <input
              type="checkbox"
              checked={form.watchedDirectoryAutoEntities}
              onChange={(e) => set("watchedDirectoryAutoEntities", e.target.checked)}
            />
            Also file each new file as a note automatically
          </label>
          {field(
            "localMailbox",
            "Local mailbox",
            (a) => (
              <input
                {...a}
                value={form.localMailbox}
                onChange={(e) => set("localMailbox", e.target.value)}
                placeholder="/home/you/Mail/inbox"
                autoComplete="off"
                spellCheck={false}
              />
            ),
            "An mbox file or a Maildir folder; leave empty to stop reading it.",
          )}
          {field("localMailboxFormat", "Mailbox format", (a) => (
            <select
              {...a}
              value={form.localMailboxFormat}
              onChange={(e) => set("localMailboxFormat", e.target.value as Form["localMailboxFormat"])}
            >
              <option value="">Choose…</option>
              <option value="mbox">mbox (one file)</option>
              <option value="maildir">Maildir (a folder with cur/ and new/)</option>
            </select>
          ))}
        </fieldset>
      ) : (
        <p className="hint">
          A watched folder, a local mailbox and the scheduled brief need the local agent: a browser cannot
          read files on this computer or post on time while closed.
        </p>
      )}
      <fieldset className="group">
        <legend>People</legend>
        {field(
          "vipSenders",
          "VIP senders",
          (a) => (
            <textarea
              {...a}
              rows={3}
              value={form.vipSenders}
              onChange={(e) => set("vipSenders", e.target.value)}
              spellCheck={false}
            />
          ),
          "One a line: an address (ann@example.com) or a whole domain (example.com).",
        )}
        {field(
          "orgDomains",
          "Your organisation's domains",
          (a) => (
            <textarea
              {...a}
              rows={2}
              value={form.orgDomains}
              onChange={(e) => set("orgDomains", e.target.value)}
              spellCheck={false}
            />
          ),
          "One a line, like example.com: mail from them counts as from inside your organisation.",
        )}
      </fieldset>
      {agent && (
        <fieldset className="group">
          <legend>Daily brief</legend>
          <div className="row">
            {field("briefMorning", "Morning brief", (a) => (
              <input
                {...a}
                type="time"
                value={form.briefMorning}
                onChange={(e) => set("briefMorning", e.target.value)}
              />
            ))}
            {field("briefEvening", "Evening brief", (a) => (
              <input
                {...a}
                type="time"
                value={form.briefEvening}
                onChange={(e) => set("briefEvening", e.target.value)}
              />
            ))}
          </div>
          {field(
            "timezone",
            "Time zone",
            (a) => (
              <input
                {...a}
                list={`${id}-zones`}
                value={form.timezone}
                onChange={(e) => set("timezone", e.target.value)}
                autoComplete="off"
                spellCheck={false}
              />
            ),
            "A name like Europe/Berlin or America/New_York.",
          )}
          <datalist id={`${id}-zones`}>
            {zones().map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </fieldset>
      )}
      <button type="submit" className="primary" disabled={busy}>
        {busy ? "Saving…" : "Save sources and people"}
      </button>
      <p className="notice" role="status">
        {notice}
      </p>
    </form>
  );
}

type InputA11y = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };
