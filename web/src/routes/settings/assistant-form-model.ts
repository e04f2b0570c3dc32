import { isCoreError } from "@scouts/core/errors";
import { type Settings, SettingsPatch } from "@scouts/core/protocol/local-api";

/** The assistant settings form as text, the way the inputs hold it. */
export interface AssistantForm {
  watchedDirectory: string;
  watchedDirectoryAutoEntities: boolean;
  localMailbox: string;
  localMailboxFormat: "" | "mbox" | "maildir";
  vipSenders: string;
  orgDomains: string;
  briefMorning: string;
  briefEvening: string;
  timezone: string;
}
export type AssistantField = keyof AssistantForm;

/** Fields only the local agent can use (a browser cannot read files or post the brief on time). */
export const AGENT_ONLY: ReadonlySet<AssistantField> = new Set([
  "watchedDirectory",
  "watchedDirectoryAutoEntities",
  "localMailbox",
  "localMailboxFormat",
  "briefMorning",
  "briefEvening",
  "timezone",
]);

const LISTS = new Set<AssistantField>(["vipSenders", "orgDomains"]);

export function formFromSettings(s: Settings): AssistantForm {
  return {
    watchedDirectory: s.watchedDirectory ?? "",
    watchedDirectoryAutoEntities: s.watchedDirectoryAutoEntities,
    localMailbox: s.localMailbox ?? "",
    localMailboxFormat: s.localMailboxFormat ?? "",
    vipSenders: s.vipSenders.join("\n"),
    orgDomains: s.orgDomains.join("\n"),
    briefMorning: s.briefMorning,
    briefEvening: s.briefEvening,
    timezone: s.timezone,
  };
}

/** One entry a line (commas work too); blank lines dropped. */
export function listFromText(text: string): string[] {
  return text
    .split(/[\n,]+/)
    .map((v) => v.trim())
    .filter(Boolean);
}

/** The fields that changed, as a settings patch (blank paths clear them). */
export function patchFromForm(
  form: AssistantForm,
  saved: Settings,
  fields: readonly AssistantField[],
): Record<string, unknown> {
  const before = formFromSettings(saved);
  const patch: Record<string, unknown> = {};
  for (const f of fields) {
    if (form[f] === before[f]) continue;
    const v = form[f];
    if (LISTS.has(f)) patch[f] = listFromText(String(v));
    else if (f === "watchedDirectory" || f === "localMailbox" || f === "localMailboxFormat")
      patch[f] = String(v).trim() || null;
    else patch[f] = typeof v === "string" ? v.trim() : v;
  }
  return patch;
}

type Issue = { path: string; message: string };

/** Issues as a message per form field; list entries say which line ("line 2: …"). */
export function errorsByField(issues: readonly Issue[]): Partial<Record<AssistantField, string>> {
  const out: Partial<Record<AssistantField, string>> = {};
  for (const i of issues) {
    const [field, index] = i.path.split(".") as [AssistantField, string | undefined];
    const text =
      index !== undefined && LISTS.has(field) ? `line ${Number(index) + 1}: ${i.message}` : i.message;
    const sentence = `${text[0]?.toUpperCase() ?? ""}${text.slice(1)}.`;
    out[field] = out[field] ? `${out[field]} ${sentence}` : sentence;
  }
  return out;
}

/** The same zod checks the agent runs, before anything is sent. */
export function checkPatch(patch: Record<string, unknown>): Issue[] {
  const r = SettingsPatch.safeParse(patch);
  return r.success
    ? []
    : r.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
}

/** The field issues an agent or device error carries (`details.issues`), or none. */
export function issuesFromError(e: unknown): Issue[] {
  if (!isCoreError(e)) return [];
  const issues = (e.details as { issues?: unknown } | undefined)?.issues;
  return Array.isArray(issues)
    ? issues.filter(
        (i): i is Issue =>
          typeof i?.path === "string" && typeof i?.message === "string" && i.path !== "(root)",
      )
    : [];
}
