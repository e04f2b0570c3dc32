import { travelActive } from "@scouts/core/assistant/control";
import type { Status } from "@scouts/core/protocol/local-api";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import type { SuggestionSource } from "../data/source.ts";

interface StatusValue {
  /** The source's last reported status; null while loading or without a source. */
  status: Status | null;
  /** Screens that change control or toggles put the answer here at once. */
  setStatus: (s: Status) => void;
}

const StatusContext = createContext<StatusValue>({ status: null, setStatus: () => {} });

/** Keeps the source's status: read once, then every `status.changed` event (agent SSE or device). */
export function StatusProvider(props: { source: SuggestionSource | null; children: ReactNode }) {
  const { source } = props;
  const [status, setStatus] = useState<Status | null>(null);
  useEffect(() => {
    setStatus(null);
    if (!source) return;
    let live = true;
    source.status().then(
      (s) => live && setStatus(s),
      () => {},
    );
    const stop = source.subscribe((e) => {
      if (e.type === "status.changed" && live) setStatus(e.status);
    });
    return () => {
      live = false;
      stop();
    };
  }, [source]);
  return <StatusContext.Provider value={{ status, setStatus }}>{props.children}</StatusContext.Provider>;
}

export function useSourceStatus(): StatusValue {
  return useContext(StatusContext);
}

/** What stops or limits the assistant now, for the persistent banner; null when nothing does. */
export function controlNotice(
  status: Pick<Status, "control" | "assistantEnabled">,
  now: number,
  locale?: string,
): { kind: "killed" | "paused" | "off" | "travel"; text: string } | null {
  const c = status.control;
  if (c.killed)
    return {
      kind: "killed",
      text: "Stopped by kill switch: nothing is done to your mail and nothing is pending; a task you make stays on this device. Resume in Settings.",
    };
  if (c.paused) return { kind: "paused", text: "Paused: the assistant takes no actions until you resume." };
  if (!status.assistantEnabled)
    return { kind: "off", text: "Assistant off: no actions or posts; your data is kept." };
  if (c.travelUntil !== null && travelActive(c, now))
    return {
      kind: "travel",
      text: `Travelling until ${new Date(c.travelUntil).toLocaleDateString(locale, {
        weekday: "short",
        day: "numeric",
        month: "short",
        year: "numeric",
      })}: only suggestions, no actions on their own.`,
    };
  return null;
}
