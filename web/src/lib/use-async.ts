import { useCallback, useEffect, useState } from "react";

export type AsyncState<T> =
  | { status: "loading"; data?: T }
  | { status: "ready"; data: T }
  | { status: "error"; error: Error; data?: T };

/**
 * Runs `load` when `deps` change; `reload()` re-runs it keeping the old data visible.
 * @example const { state, reload } = useAsync(() => source.ledger(), [source]);
 */
export function useAsync<T>(load: () => Promise<T>, deps: unknown[]) {
  const [state, setState] = useState<AsyncState<T>>({ status: "loading" });
  const [tick, setTick] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: deps are the caller's
  useEffect(() => {
    let live = true;
    void tick;
    setState((s) => ({ status: "loading", data: s.data }));
    load().then(
      (data) => live && setState({ status: "ready", data }),
      (error: unknown) =>
        live &&
        setState((s) => ({
          status: "error",
          error: error instanceof Error ? error : new Error(String(error)),
          data: s.data,
        })),
    );
    return () => {
      live = false;
    };
  }, [...deps, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { state, reload };
}

/** "3 min ago" style, for ledger and health rows. */
export function ago(ms: number, now = Date.now()): string {
  const s = Math.round((now - ms) / 1000);
  if (s < 60) return "just now";
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ago`;
  return new Date(ms).toLocaleDateString();
}
