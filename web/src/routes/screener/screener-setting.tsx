import { Link } from "@tanstack/react-router";
import type { SuggestionSource } from "../../data/source.ts";
import { useAsync } from "../../lib/use-async.ts";
import { useLastChange } from "./last-change.tsx";
import { ScreenerToggle } from "./screener-page.tsx";

/** Settings' Screener switch: the same one as on the Screener screen (agent only for now). */
export function ScreenerSetting(props: { source: SuggestionSource }) {
  const { screener, setScreener } = props.source;
  const { state, reload } = useAsync(async () => (screener ? screener() : null), [screener]);
  const { run, busy, line } = useLastChange(reload);
  if (!screener || !setScreener) return null;
  return (
    <section className="settings screener-page" aria-labelledby="set-screener-title">
      <h2 id="set-screener-title">Screener</h2>
      {state.data && (
        <ScreenerToggle
          enabled={state.data.enabled}
          busy={busy}
          onChange={(on) =>
            run(() => setScreener(on), {
              text: on ? "The Screener is on." : "The Screener is off.",
              undo: null,
            })
          }
        />
      )}
      {line}
      <p className="muted">
        Answer waiting senders in the <Link to="/screener">Screener</Link>.
      </p>
    </section>
  );
}
