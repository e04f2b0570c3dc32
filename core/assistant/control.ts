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
