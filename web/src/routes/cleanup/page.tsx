import {
  CLEANUP_PERIODS,
  type CleanupPeriod,
  rankSenders,
  type SenderVolume,
} from "@scouts/core/assistant/cleanup";
import type { Suggestion } from "@scouts/core/protocol/local-api";
import { useState } from "react";
import { useConnection } from "../../app/connection.tsx";
import { Empty, ErrorState, NeedsSource } from "../../app/states.tsx";
import { useUndo } from "../../app/undo.tsx";
import type { SuggestionSource } from "../../data/source.ts";
import { useAsync } from "../../lib/use-async.ts";
import { CleanupDialog } from "./cleanup-dialog.tsx";
import { runCleanup } from "./run-cleanup.ts";
import "./cleanup.css";

const DAY = 86_400_000;
/** Pages of 500 read at most (10,000 suggestions in 90 days is far beyond a person's inbox). */
const MAX_PAGES = 20;

async function suggestionsSince(source: SuggestionSource, since: number): Promise<Suggestion[]> {
  const all: Suggestion[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < MAX_PAGES; i++) {
    const page = await source.list({ since, limit: 500, ...(cursor ? { cursor } : {}) });
    all.push(...page.items);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return all;
}

const percent = (r: number) => `${Math.round(r * 100)}%`;

/** Bulk clean-up: who sends the most over 7/30/90 days, how much of it is opened, and one step to leave. */
export function CleanupPage() {
  const { source } = useConnection();
  const { push } = useUndo();
  const [days, setDays] = useState<CleanupPeriod>(30);
  const [chosen, setChosen] = useState<SenderVolume | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState("");
  const { state, reload } = useAsync(async () => {
    if (!source) return null;
    const now = Date.now();
    // Mail read in Gmail itself counts: its read state is asked first (a failure leaves what is known).
    await source.refreshReadState?.({ since: now - days * DAY }).catch(() => null);
    return rankSenders({
      input: { suggestions: await suggestionsSince(source, now - days * DAY), now, days },
    });
  }, [source, days]);
  if (!source) return <NeedsSource what="Clean-up" />;
  const confirm = (unsubscribe: boolean) => {
    if (!chosen) return;
    const sender = chosen;
    setBusy(true);
    runCleanup(source, sender, { unsubscribe, runId: `cleanup-${crypto.randomUUID()}` })
      .then(
        (r) => {
          const parts = [`archived ${r.archived} from ${sender.address}`];
          if (r.unsubscribed) parts.unshift(r.unsubscribed);
          if (r.failed.length) parts.push(`${r.failed.length} not archived (${r.failed[0]})`);
          const text = `Done: ${parts.join(", ")}.`;
          if (r.archived > 0) push(r.undo, text);
          setNotice(text);
        },
        (e: unknown) => setNotice(`Clean-up failed: ${e instanceof Error ? e.message : String(e)}`),
      )
      .finally(() => {
        setBusy(false);
        setChosen(null);
        reload();
      });
  };
  const senders = state.data ?? [];
  return (
    <section className="cleanup" aria-labelledby="cleanup-heading">
      <h1 id="cleanup-heading">Clean up</h1>
      <p className="muted">
        Who sends you the most, and how much of it you open. "Opened" means opened in any mail app (the
        mailbox marks it read) or in Scouts. Counted on this device only.
      </p>
      <fieldset className="periods">
        <legend>Period</legend>
        {CLEANUP_PERIODS.map((d) => (
          <label key={d}>
            <input type="radio" name="period" checked={days === d} onChange={() => setDays(d)} /> Last {d}{" "}
            days
          </label>
        ))}
      </fieldset>
      <p role="status" className="cleanup-notice">
        {notice}
      </p>
      {state.status === "error" && <ErrorState error={state.error} retry={reload} />}
      {state.status === "loading" && !state.data && <p role="status">Counting…</p>}
      {state.status !== "error" && state.data && senders.length === 0 && (
        <Empty title={`No mail in the last ${days} days`} />
      )}
      {senders.length > 0 && (
        <ol className="senders" aria-label={`Senders in the last ${days} days, most mail first`}>
          {senders.map((v) => (
            <li key={v.address} className="sender" aria-label={v.from}>
              <div className="sender-who">
                <strong>{v.from}</strong>
                <span className="muted"> {v.address}</span>
              </div>
              <div className="sender-stats">
                <span>
                  {v.count} message{v.count === 1 ? "" : "s"}
                </span>
                <span title="Opened in any mail app, or in Scouts">
                  opened {v.opened} of {v.count} ({percent(v.readRate)})
                </span>
                <span>{v.inbox.length} in your inbox</span>
              </div>
              <button
                type="button"
                disabled={busy || (v.inbox.length === 0 && !v.newestId)}
                aria-haspopup="dialog"
                aria-label={`Unsubscribe and archive all from ${v.address}…`}
                onClick={() => setChosen(v)}
              >
                Unsubscribe and archive all…
              </button>
            </li>
          ))}
        </ol>
      )}
      <CleanupDialog
        sender={chosen}
        source={source}
        busy={busy}
        onConfirm={confirm}
        onClose={() => !busy && setChosen(null)}
      />
    </section>
  );
}
