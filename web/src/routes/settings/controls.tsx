import { travelActive, travelEnd } from "@scouts/core/assistant/control";
import type { ControlRequest, ProviderToggles, Status } from "@scouts/core/protocol/local-api";
import { useId, useRef, useState } from "react";
import { z } from "zod";
import { useSourceStatus } from "../../app/status.tsx";
import type { SuggestionSource } from "../../data/source.ts";

const PROVIDERS: [keyof ProviderToggles, string, "any" | "agent"][] = [
  ["gmail", "Gmail", "any"],
  ["slack", "Slack", "any"],
  ["demo", "Demo scout", "any"],
  ["local_dir", "Watched folder", "agent"],
  ["local_mail", "Local mailbox", "agent"],
];

/** A travel end date from `<input type="date">`: local midnight of that day, after today. */
export const TravelDate = z.string().transform((v, ctx) => {
  const end = travelEnd(v, Date.now());
  if ("until" in end) return end.until;
  const message =
    end.problem === "not_after_today" ? "Pick a day after today." : "Pick the day you are back.";
  ctx.addIssue({ code: "custom", message });
  return z.NEVER;
});

const day = (t: number) =>
  new Date(t).toLocaleDateString(undefined, {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
  });

/** In words: what the assistant does right now. */
export function stateText(s: Pick<Status, "control" | "assistantEnabled" | "now">): string {
  if (s.control.killed) return "Stopped by the kill switch.";
  if (s.control.paused) return "Paused.";
  if (!s.assistantEnabled) return "Assistant off (data kept).";
  return travelActive(s.control, s.now) && s.control.travelUntil !== null
    ? `Running, travel mode until ${day(s.control.travelUntil)}.`
    : "Running.";
}

/**
 * Kill switch (confirmed first), pause/resume, travel mode and the master and per-provider
 * switches, for the agent and for this browser as the device. Every change takes effect at once.
 */
export function Controls(props: { source: SuggestionSource }) {
  const { source } = props;
  const { status, setStatus } = useSourceStatus();
  const [notice, setNotice] = useState("");
  const [travel, setTravel] = useState("");
  const [travelError, setTravelError] = useState("");
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();
  if (!status) return <p role="status">Loading controls…</p>;
  const run = async (request: ControlRequest, done: string) => {
    try {
      setStatus(await source.control(request));
      setNotice(done);
    } catch (e) {
      setNotice(`Not changed: ${(e as Error).message}`);
    }
  };
  const toggle = async (
    patch: { assistantEnabled?: boolean; providers?: Partial<ProviderToggles> },
    done: string,
  ) => {
    try {
      await source.patchSettings(patch);
      setStatus(await source.status());
      setNotice(done);
    } catch (e) {
      setNotice(`Not changed: ${(e as Error).message}`);
    }
  };
  const stopped = status.control.killed || status.control.paused;
  const travelling = status.control.travelUntil !== null && travelActive(status.control, status.now);
  const pending = status.outbox.pending;
  return (
    <section id="controls" className="controls" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>Controls</h2>
      <p>
        <strong>Now: </strong>
        {stateText(status)}
      </p>
      <div className="toolbar">
        {stopped ? (
          <button type="button" className="primary" onClick={() => run({ command: "resume" }, "Resumed.")}>
            Resume
          </button>
        ) : (
          <button type="button" onClick={() => run({ command: "pause" }, "Paused.")}>
            Pause
          </button>
        )}
        <button
          type="button"
          className="danger"
          disabled={status.control.killed}
          onClick={() => dialog.current?.showModal()}
        >
          Kill switch: stop everything now
        </button>
      </div>
      <dialog
        ref={dialog}
        className="confirm"
        aria-labelledby={`${ids}-kill`}
        aria-describedby={`${ids}-kill-what`}
      >
        <h2 id={`${ids}-kill`}>Stop everything now?</h2>
        <p id={`${ids}-kill-what`}>
          Every scout and assistant action stops at once
          {pending > 0
            ? `, and the ${pending} action${pending === 1 ? "" : "s"} waiting to be sent are cancelled`
            : ""}
          . Your suggestions and history are kept. Resume lifts it.
        </p>
        <form method="dialog" className="toolbar">
          <button type="submit">Cancel</button>
          <button
            type="button"
            className="danger"
            onClick={() => {
              dialog.current?.close();
              void run({ command: "kill" }, "Stopped by the kill switch. Resume to start again.");
            }}
          >
            Stop everything
          </button>
        </form>
      </dialog>

      <fieldset className="group">
        <legend>Travel mode</legend>
        <p className="hint">While travelling the assistant only suggests: it does nothing on its own.</p>
        {travelling && status.control.travelUntil !== null ? (
          <div className="toolbar">
            <span>Until {day(status.control.travelUntil)}.</span>
            <button
              type="button"
              onClick={() => run({ command: "travel", until: null }, "Travel mode ended.")}
            >
              End travel mode
            </button>
          </div>
        ) : (
          <form
            className="inline-form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              const until = TravelDate.safeParse(travel);
              if (!until.success) {
                setTravelError(until.error.issues[0]?.message ?? "Pick a date.");
                return;
              }
              setTravelError("");
              void run({ command: "travel", until: until.data }, `Travel mode until ${day(until.data)}.`);
            }}
          >
            <div className="field">
              <label htmlFor={`${ids}-travel`}>Back on</label>
              <input
                id={`${ids}-travel`}
                type="date"
                value={travel}
                onChange={(e) => setTravel(e.target.value)}
                aria-invalid={travelError ? true : undefined}
                aria-describedby={travelError ? `${ids}-travel-error` : undefined}
              />
            </div>
            <button type="submit">Start travel mode</button>
          </form>
        )}
        {travelError && (
          <p id={`${ids}-travel-error`} className="field-error" role="alert">
            {travelError}
          </p>
        )}
      </fieldset>

      <fieldset className="group">
        <legend>Switches</legend>
        <p className="hint">Turning one off stops it within 5 seconds and keeps its data.</p>
        <label className="switch">
          <input
            type="checkbox"
            checked={status.assistantEnabled}
            onChange={(e) =>
              toggle(
                { assistantEnabled: e.target.checked },
                e.target.checked ? "Assistant on." : "Assistant off: no actions or posts; data kept.",
              )
            }
          />
          Assistant on (master switch)
        </label>
        {PROVIDERS.filter(([, , where]) => where === "any" || source.kind === "agent").map(([key, label]) => (
          <label className="switch" key={key}>
            <input
              type="checkbox"
              checked={status.providers[key]}
              onChange={(e) =>
                toggle(
                  { providers: { [key]: e.target.checked } },
                  `${label} ${e.target.checked ? "on" : "off"}.`,
                )
              }
            />
            {label}
          </label>
        ))}
      </fieldset>
      <p className="notice" role="status">
        {notice}
      </p>
    </section>
  );
}
