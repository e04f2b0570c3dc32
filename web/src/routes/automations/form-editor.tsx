import type {
  AutomationDefinition,
  StepDefinition,
  TriggerDefinition,
} from "@scouts/core/automation/schema/definition-types";
import type { SchemaIssue } from "@scouts/core/automation/schema/json-schema";
import { WorkspacePicker } from "../workspaces/workspace-picker.tsx";
import { ActionPicker, type RegistryState } from "./action-picker.tsx";
import type { CapabilitySummary } from "./automations-api.ts";
import { FilterPalette } from "./filter-palette.tsx";
import { blankStep, estimateCost, stepFields } from "./form-model.ts";
import { usePlaces } from "./places-context.ts";

/** The problems at `path` or below it (JSON pointers), so each is said next to what it concerns. */
function issuesUnder(issues: SchemaIssue[], path: string): SchemaIssue[] {
  return issues.filter((i) => i.path === path || i.path.startsWith(`${path}/`));
}

/** A field's problems, right under it; `id` is what the field's aria-describedby points to. */
function FieldIssues(props: { id: string; issues: SchemaIssue[]; base?: string }) {
  if (props.issues.length === 0) return null;
  return (
    <ul id={props.id} className="field-issues field-error">
      {props.issues.map((i) => (
        <li key={`${i.path}|${i.rule}|${i.message}`}>
          {props.base !== undefined && i.path !== props.base && (
            <code>{i.path.slice(props.base.length)}</code>
          )}{" "}
          {i.message}
        </li>
      ))}
    </ul>
  );
}

/** aria props of a field with problems. */
function invalid(issues: SchemaIssue[], id: string) {
  return issues.length ? { "aria-invalid": true as const, "aria-describedby": id } : {};
}

function TriggerEditor(props: {
  trigger: TriggerDefinition;
  /** Where this trigger is in the definition ("/triggers/0") and the problems there. */
  at: string;
  issues: SchemaIssue[];
  onChange: (t: TriggerDefinition) => void;
  onRemove: () => void;
}) {
  const t = props.trigger;
  const id = `issues${props.at.replaceAll("/", "-")}`;
  const cronIssues = issuesUnder(props.issues, `${props.at}/cron`);
  const zoneIssues = issuesUnder(props.issues, `${props.at}/timezone`);
  const rest = props.issues.filter((i) => !cronIssues.includes(i) && !zoneIssues.includes(i));
  return (
    <fieldset>
      <legend>Trigger</legend>
      <FieldIssues id={`${id}-rest`} issues={rest} base={props.at} />
      <select
        aria-label="trigger type"
        value={t.type}
        onChange={(e) => {
          const type = e.target.value;
          props.onChange(
            type === "schedule"
              ? { type, cron: "0 8 * * *", timezone: "UTC" }
              : type === "webhook"
                ? { type }
                : { type: "event", event_type: "scout.triage.verdict" },
          );
        }}
      >
        <option value="schedule">schedule</option>
        <option value="webhook">webhook</option>
        <option value="event">event</option>
      </select>
      {t.type === "schedule" && (
        <>
          <label>
            Cron
            <input
              value={t.cron}
              onChange={(e) => props.onChange({ ...t, cron: e.target.value })}
              {...invalid(cronIssues, `${id}-cron`)}
            />
          </label>
          <FieldIssues id={`${id}-cron`} issues={cronIssues} />
          <label>
            Time zone
            <input
              value={t.timezone}
              onChange={(e) => props.onChange({ ...t, timezone: e.target.value })}
              {...invalid(zoneIssues, `${id}-timezone`)}
            />
          </label>
          <FieldIssues id={`${id}-timezone`} issues={zoneIssues} />
        </>
      )}
      {t.type === "event" && (
        <>
          <label>
            Event type{" "}
            <input
              value={t.event_type}
              onChange={(e) => props.onChange({ ...t, event_type: e.target.value })}
            />
          </label>
          <FilterPalette
            label="Only events where"
            value={t.filter}
            onChange={(filter) =>
              props.onChange(filter ? { ...t, filter } : { type: "event", event_type: t.event_type })
            }
          />
        </>
      )}
      <button type="button" onClick={props.onRemove}>
        Remove trigger
      </button>
    </fieldset>
  );
}

function StepEditor(props: {
  step: StepDefinition;
  /** Where this step is ("/plan/steps/0") and the problems there. */
  at: string;
  issues: SchemaIssue[];
  capabilities: CapabilitySummary[];
  registry?: RegistryState;
  onChange: (s: StepDefinition) => void;
  onRemove: () => void;
}) {
  const s = props.step;
  const cap = props.capabilities.find((c) => c.id === s.action);
  const places = usePlaces();
  const setWith = (name: string, value: unknown) =>
    props.onChange({ ...s, with: { ...(s.with ?? {}), [name]: value } });
  return (
    <fieldset>
      <legend>Step {s.id}</legend>
      <FieldIssues id={`issues${props.at.replaceAll("/", "-")}`} issues={props.issues} base={props.at} />
      <label>
        Id <input value={s.id} onChange={(e) => props.onChange({ ...s, id: e.target.value })} />
      </label>
      <ActionPicker
        value={s.action}
        capabilities={props.capabilities}
        registry={props.registry}
        onChange={(action) =>
          props.onChange({
            ...blankStep(
              s.id,
              props.capabilities.find((c) => c.id === action),
            ),
            ...(s.when ? { when: s.when } : {}),
          })
        }
      />
      {cap && (
        <p>
          {cap.description} ({cap.sideEffects.join(", ")})
        </p>
      )}
      {stepFields(cap).map((f) => {
        const v = s.with?.[f.name];
        const label = `${f.name}${f.required ? " *" : ""}`;
        if (f.kind === "bool") {
          return (
            <label key={f.name}>
              <input
                type="checkbox"
                checked={v === true}
                onChange={(e) => setWith(f.name, e.target.checked)}
              />{" "}
              {label}
            </label>
          );
        }
        if (f.kind === "json") {
          return (
            <label key={f.name}>
              {label} (JSON)
              <textarea
                rows={3}
                defaultValue={JSON.stringify(v ?? null)}
                onChange={(e) => {
                  try {
                    setWith(f.name, JSON.parse(e.target.value));
                  } catch {}
                }}
              />
            </label>
          );
        }
        if (s.action === "slack_post" && f.name === "channel" && places) {
          // A place from the directory (its workspace key), or a name, id or template typed in.
          return (
            <div key={f.name}>
              <WorkspacePicker
                api={places}
                value={String(v ?? "").startsWith("slack://") ? String(v) : ""}
                onChange={(key) => setWith(f.name, key)}
                label={`Post to${f.required ? " *" : ""}`}
              />
              <label>
                or channel (name, id or template)
                <input value={String(v ?? "")} onChange={(e) => setWith(f.name, e.target.value)} />
              </label>
            </div>
          );
        }
        if (f.kind === "long") {
          return (
            <label key={f.name}>
              {label}
              <textarea rows={3} value={String(v ?? "")} onChange={(e) => setWith(f.name, e.target.value)} />
            </label>
          );
        }
        return (
          <label key={f.name}>
            {label}
            <input value={String(v ?? "")} onChange={(e) => setWith(f.name, e.target.value)} />
          </label>
        );
      })}
      <label>
        Save output as{" "}
        <input
          value={s.output_as ?? ""}
          onChange={(e) =>
            props.onChange(e.target.value ? { ...s, output_as: e.target.value } : withoutKey(s, "output_as"))
          }
        />
      </label>
      <FilterPalette
        label="Only when"
        value={s.when}
        onChange={(when) => props.onChange(when ? { ...s, when } : withoutKey(s, "when"))}
      />
      <button type="button" onClick={props.onRemove}>
        Remove step
      </button>
    </fieldset>
  );
}

function withoutKey<T extends object, K extends keyof T>(o: T, k: K): T {
  const copy = { ...o };
  delete copy[k];
  return copy;
}

/**
 * The editable form generated from the definition schema and the registry: triggers, steps with
 * fields from each action's input schema, filter palettes, execution settings and the cost estimate.
 * It edits a definition; saving is the caller's explicit button.
 */
export function FormEditor(props: {
  definition: AutomationDefinition;
  capabilities: CapabilitySummary[];
  /** How the action list stands while `capabilities` is not yet the registry's; omitted once it is. */
  registry?: RegistryState;
  issues: SchemaIssue[];
  onChange: (d: AutomationDefinition) => void;
}) {
  const d = props.definition;
  const set = (patch: Partial<AutomationDefinition>) => props.onChange({ ...d, ...patch });
  const steps = d.plan.steps;
  const cost = estimateCost(d, props.capabilities);
  const budget = d.execution?.budget?.max_cost_usd;
  const nameIssues = issuesUnder(props.issues, "/name");
  const goalIssues = issuesUnder(props.issues, "/goal");
  const execIssues = issuesUnder(props.issues, "/execution");
  const placed = (i: SchemaIssue) =>
    [nameIssues, goalIssues, execIssues].some((l) => l.includes(i)) ||
    /^\/(triggers\/\d+|plan\/steps\/\d+)(\/|$)/.test(i.path);
  const others = props.issues.filter((i) => !placed(i));
  return (
    <form onSubmit={(e) => e.preventDefault()} aria-label="automation definition" className="automation-form">
      <label>
        Name
        <input
          value={d.name}
          onChange={(e) => set({ name: e.target.value })}
          {...invalid(nameIssues, "issues-name")}
        />
      </label>
      <FieldIssues id="issues-name" issues={nameIssues} />
      <label>
        Goal
        <textarea
          rows={2}
          value={d.goal ?? ""}
          onChange={(e) => set({ goal: e.target.value })}
          {...invalid(goalIssues, "issues-goal")}
        />
      </label>
      <FieldIssues id="issues-goal" issues={goalIssues} />
      {d.triggers.map((t, i) => (
        <TriggerEditor
          // biome-ignore lint/suspicious/noArrayIndexKey: triggers have no id; their position is their identity.
          key={`t${i}-${t.type}`}
          trigger={t}
          at={`/triggers/${i}`}
          issues={issuesUnder(props.issues, `/triggers/${i}`)}
          onChange={(nt) => set({ triggers: d.triggers.map((x, j) => (j === i ? nt : x)) })}
          onRemove={() => set({ triggers: d.triggers.filter((_, j) => j !== i) })}
        />
      ))}
      <button type="button" onClick={() => set({ triggers: [...d.triggers, { type: "webhook" }] })}>
        Add trigger
      </button>
      {steps.map((s, i) => (
        <StepEditor
          // biome-ignore lint/suspicious/noArrayIndexKey: a step's id is edited in place; its position keeps focus stable.
          key={`s${i}`}
          step={s}
          at={`/plan/steps/${i}`}
          issues={issuesUnder(props.issues, `/plan/steps/${i}`)}
          capabilities={props.capabilities}
          registry={props.registry}
          onChange={(ns) => set({ plan: { ...d.plan, steps: steps.map((x, j) => (j === i ? ns : x)) } })}
          onRemove={() => set({ plan: { ...d.plan, steps: steps.filter((_, j) => j !== i) } })}
        />
      ))}
      <button
        type="button"
        onClick={() =>
          set({
            plan: {
              ...d.plan,
              steps: [
                ...steps,
                blankStep(
                  `step_${steps.length + 1}`,
                  props.capabilities.find((c) => c.id === "notification"),
                ),
              ],
            },
          })
        }
      >
        Add step
      </button>
      <fieldset>
        <legend>Execution</legend>
        <FieldIssues id="issues-execution" issues={execIssues} base="/execution" />
        <label>
          When already running
          <select
            value={d.execution?.concurrency ?? "drop_if_running"}
            onChange={(e) => set({ execution: { ...d.execution, concurrency: e.target.value as "queue" } })}
          >
            <option value="drop_if_running">skip this run</option>
            <option value="queue">queue it</option>
            <option value="allow_parallel">run in parallel</option>
          </select>
        </label>
        <label>
          Budget per run (USD)
          <input
            type="number"
            min={0}
            step={0.01}
            value={budget ?? ""}
            onChange={(e) => {
              const { budget: _b, ...rest } = d.execution ?? {};
              set({
                execution:
                  e.target.value === ""
                    ? rest
                    : { ...rest, budget: { max_cost_usd: Number(e.target.value) } },
              });
            }}
          />
        </label>
        <output aria-label="cost estimate">
          Estimated cost per run: ${cost.toFixed(2)}
          {budget !== undefined && cost > budget ? " — over budget, runs will be refused" : ""}
        </output>
      </fieldset>
      {others.length > 0 && (
        <ul aria-label="problems" className="field-error">
          {others.map((i) => (
            <li key={`${i.path}|${i.rule}|${i.message}`}>
              <code>{i.path || "/"}</code> {i.rule}: {i.message}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
