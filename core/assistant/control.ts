import type {
  ControlRequest,
  ControlState,
  ProviderToggles,
  SuggestionSource,
} from "../protocol/local-api.ts";

/** Everything that can switch the assistant off, read by every gate. */
export interface Switches {
  control: ControlState;
  assistantEnabled: boolean;
  providers: ProviderToggles;
}

export const initialControl: ControlState = { paused: false, killed: false, travelUntil: null };

/**
 * Applies a control command. Kill is sticky until `resume`; travel ends at its date by itself.
 *
 * @example applyControl({ input: { command: "travel", until: Date.parse("2026-12-01") }, state })
 */
export function applyControl(args: { state: ControlState; input: ControlRequest }): ControlState {
  const { state, input } = args;
  switch (input.command) {
    case "pause":
      return { ...state, paused: true };
    case "resume":
      return { ...state, paused: false, killed: false };
    case "kill":
      return { ...state, paused: true, killed: true };
    case "travel":
      return { ...state, travelUntil: input.until };
  }
}

/**
 * When travel mode given as the day the person is back ends: local midnight at the start of that
 * day (the same instant for the CLI and the PWA on one machine), or why the day is not usable.
 *
 * @example travelEnd("2026-12-01", Date.now()) // { until: new Date(2026, 11, 1).getTime() }
 */
export function travelEnd(
  day: string,
  now: number,
): { until: number } | { problem: "not_a_day" | "not_after_today" } {
  const until = travelEndOfDay(day);
  if (until === null) return { problem: "not_a_day" };
  return until > now ? { until } : { problem: "not_after_today" };
}

/**
 * Local midnight at the start of `day` (YYYY-MM-DD), or null for anything else, including
 * impossible dates like 2026-02-30.
 *
 * @example travelEndOfDay("2026-12-01") // new Date(2026, 11, 1).getTime()
 */
export function travelEndOfDay(day: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(y, mo - 1, d);
  return t.getFullYear() === y && t.getMonth() === mo - 1 && t.getDate() === d ? t.getTime() : null;
}

/** The local calendar day of `t` as YYYY-MM-DD (how the CLI prints a travel end). */
export function localDay(t: number): string {
  const d = new Date(t);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** True while travel mode caps proactive actions at L2. */
export function travelActive(state: ControlState, now: number): boolean {
  return state.travelUntil !== null && now < state.travelUntil;
}

/** Why the assistant may not touch items from `source` right now, or null when it may. */
export function stoppedReason(switches: Switches, source: SuggestionSource): string | null {
  if (switches.control.killed) return "kill switch is on";
  if (switches.control.paused) return "assistant is paused";
  if (!switches.assistantEnabled) return "assistant is turned off";
  if (!switches.providers[source]) return `${source} is turned off`;
  return null;
}
