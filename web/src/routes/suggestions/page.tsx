import { actionText } from "@scouts/core/assistant/proposal";
import { snoozeChoices, snoozeText } from "@scouts/core/assistant/snooze-choices";
import type { Cohort, Suggestion } from "@scouts/core/protocol/local-api";
import { Link } from "@tanstack/react-router";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useConnection } from "../../app/connection.tsx";
import { Empty, ErrorState } from "../../app/states.tsx";
import { keyboardHint, type Undoable, useUndo } from "../../app/undo.tsx";
import type { SuggestionSource } from "../../data/source.ts";
import { useAsync } from "../../lib/use-async.ts";
import { type CardAction, SuggestionCard } from "./card.tsx";
import { ComputerAccountsSection } from "./computer-accounts.tsx";
import { HelpDialog } from "./help.tsx";
import { learnedText } from "./learned.ts";
import { noSelection, type Selection, selectAt, selectBy, selectedIndex } from "./selection.ts";
import { UnsubscribeDialog } from "./unsubscribe-dialog.tsx";
import { useSuggestions } from "./use-suggestions.ts";

/** A person-initiated mailbox write; its ledger id is what `u` undoes. */
async function mailboxAct(
  source: SuggestionSource,
  id: string,
  request: Parameters<SuggestionSource["act"]>[1],
): Promise<{ ids: string[]; queued: boolean }> {
  const r = await source.act(id, request);
  if (r.status !== "applied" && r.status !== "queued") throw new Error(r.message);
  return { ids: r.ledgerId ? [r.ledgerId] : [], queued: r.status === "queued" };
}

/** The undo of an approval, from what it did. */
function approvalUndo(
  what: string,
  outcomes: { id: string; ledgerId: string | null; entityId: string | null }[],
): Undoable {
  return {
    what,
    ledgerIds: outcomes.flatMap((o) => (o.ledgerId ? [o.ledgerId] : [])),
    taskIds: outcomes.flatMap((o) => (o.entityId ? [o.entityId] : [])),
    reopen: outcomes.map((o) => o.id),
  };
}

async function perform(
  source: SuggestionSource,
  s: Suggestion,
  a: Exclude<CardAction, { kind: "move" }>,
  timeZone: string,
): Promise<Undoable> {
  const what = `${a.kind} “${s.subject}”`;
  const one = (r: { ids: string[]; queued?: boolean }, text = what): Undoable => ({
    what: text,
    ledgerIds: r.ids,
    taskIds: [],
    reopen: [],
    queued: r.queued === true,
  });
  switch (a.kind) {
    case "approve": {
      const r = await source.decide(s.id, { decision: "approve", ...(a.action ? { action: a.action } : {}) });
      const o = r.outcome;
      const text = o ? `${actionText(o.action, timeZone)} “${s.subject}”` : what;
      const undo = approvalUndo(
        text,
        o ? [{ ...o, id: s.id }] : [{ id: s.id, ledgerId: null, entityId: null }],
      );
      return { ...undo, queued: o?.status === "queued" };
    }
    case "reject":
      await source.decide(s.id, { decision: a.kind });
      return { what, ledgerIds: [], taskIds: [], reopen: [s.id] };
    case "archive":
      return one(await mailboxAct(source, s.id, { action: "archive" }));
    case "convert":
      await source.decide(s.id, { decision: "convert", convertTo: a.to });
      return { what: `convert to ${a.to} “${s.subject}”`, ledgerIds: [], taskIds: [], reopen: [s.id] };
    case "snooze": {
      // Swipe, the Snooze button and `s`: tomorrow morning in the person's zone.
      const until = snoozeChoices(Date.now(), timeZone).find((c) => c.id === "tomorrow_morning")?.until;
      return one(
        await mailboxAct(source, s.id, { action: "snooze", until: until ?? Date.now() + 86_400_000 }),
        `snooze “${s.subject}” until ${snoozeText(until ?? Date.now() + 86_400_000, timeZone)}`,
      );
    }
    case "label":
      return one(await mailboxAct(source, s.id, { action: "label", label: a.label }), `label “${a.label}”`);
    case "draft": {
      const r = await source.draft(s.id);
      return one({ ids: r.ledgerId ? [r.ledgerId] : [] }, `reply draft for “${s.subject}”`);
    }
  }
}

/** The triage list: cards, search, batch approve per cohort and the keyboard flow. */
export function SuggestionsPage() {
  const { source, mode } = useConnection();
  const [q, setQ] = useState("");
  const [query, setQuery] = useState("");
  const list = useSuggestions(source, query, mode === "connecting");
  // By card, not by place: see selection.ts.
  const [selection, setSelection] = useState<Selection>(noSelection);
  const [labelling, setLabelling] = useState(false);
  const [movingId, setMovingId] = useState<string | null>(null);
  const [learned, setLearned] = useState<Record<string, string>>({});
  const [unsubscribing, setUnsubscribing] = useState<{ s: Suggestion; approve: boolean } | null>(null);
  const [help, setHelp] = useState(false);
  const [notice, setNotice] = useState("");
  // A refused action is said on its own card, where the person is looking (the list may be long).
  const [failed, setFailed] = useState<{ id: string; text: string } | null>(null);
  // The list scrolls to the selected card only when j/k moved it, never on load or after a click.
  const byKeys = useRef(false);
  const { push, track, undoLast: undo, undos } = useUndo();
  const { state: settingsState } = useAsync(async () => (source ? source.settings() : null), [source]);
  const timeZone = settingsState.data?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const search = useRef<HTMLInputElement>(null);
  const readOnly = !source || list.from === "cache";
  // Drafts only through a local language model: without one the button says why it is off. Read
  // again when the list empties, to tell a fresh install from a cleared list.
  const emptied = list.items.length === 0;
  const { state: statusState } = useAsync(async () => (source ? source.status() : null), [source, emptied]);
  const draftOff =
    statusState.data?.llm.configured === false
      ? mode === "device"
        ? "Reply drafts need a language model on this machine: set its endpoint in Settings."
        : "Reply drafts need a local language model: set its endpoint in Settings."
      : null;
  const items = list.items;
  // An undo from the toast (on any screen) or `u` changed what the list shows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload when an undo finished
  useEffect(() => {
    if (undos > 0) list.reload();
  }, [undos]);
  // Snooze choices are relative to when the list was read (a minute's drift does not matter).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the time the list was read
  const listedAt = useMemo(() => Date.now(), [items]);
  const current = items[selectedIndex(items, selection)];

  const run = useCallback(
    async (s: Suggestion | undefined, a: CardAction) => {
      if (!s || !source || readOnly) return;
      setFailed(null);
      try {
        if (a.kind === "move") {
          const r = await source.correct(s.id, {
            ...(a.bucket ? { bucket: a.bucket } : {}),
            ...(a.cohort ? { cohort: a.cohort } : {}),
          });
          const text = learnedText(r, a);
          setLearned((m) => ({ ...m, [s.id]: text }));
          setMovingId(null);
          setNotice(text);
          list.reload();
          return;
        }
        // Unsubscribe cannot be undone: its plan is shown first and the dialog approves it.
        if (a.kind === "approve" && (a.action ?? s.proposal?.action)?.kind === "unsubscribe") {
          setUnsubscribing({ s, approve: true });
          return;
        }
        // The toast (above every screen) says what was done and offers its undo; an undo asked
        // for while this runs waits for it.
        const hint = keyboardHint();
        await track(
          perform(source, s, a, timeZone).then((done) =>
            push(
              done,
              done.queued
                ? `Queued: ${done.what}, sent once you are back online.${hint}`
                : `Done: ${done.what}.${hint}`,
            ),
          ),
        );
        setNotice("");
        list.reload();
      } catch (e) {
        setNotice("");
        setFailed({ id: s.id, text: `Could not ${a.kind}: ${failureText(e, mode)}` });
      }
    },
    [source, readOnly, list.reload, push, track, timeZone, mode],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement;
      if (e.metaKey || e.ctrlKey || e.altKey || t.closest("input, textarea, select, dialog")) return;
      const keys: Record<string, () => void> = {
        j: () => {
          byKeys.current = true;
          setSelection((sel) => selectBy(items, sel, 1));
        },
        k: () => {
          byKeys.current = true;
          setSelection((sel) => selectBy(items, sel, -1));
        },
        // The card's own Approve button: what it says (the "Instead" pick included) is what a does.
        a: () => {
          if (!current) return;
          const approve = document.querySelector<HTMLButtonElement>(
            `article[data-id="${CSS.escape(current.id)}"] .approve-row button.primary`,
          );
          if (approve) approve.click();
          else void run(current, { kind: "approve" });
        },
        x: () => void run(current, { kind: "reject" }),
        e: () => void run(current, { kind: "archive" }),
        r: () => void run(current, { kind: "draft" }),
        s: () => void run(current, { kind: "snooze" }),
        l: () => !readOnly && current && setLabelling(true),
        m: () => !readOnly && current && setMovingId(current.id),
        u: () => void undo(),
        "/": () => search.current?.focus(),
        "?": () => setHelp(true),
      };
      const f = keys[e.key];
      if (!f) return;
      e.preventDefault();
      f();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [items, current, run, undo, readOnly]);

  // Keep the selected card focused, so screen readers follow j/k, and in view when j/k moved it. On
  // load or after a click the page stays put: a phone would otherwise jump past the header, its
  // banners (kill switch, travel) and the notices to the top of the first, tall card.
  useEffect(() => {
    if (!current) return;
    const el = document.querySelector<HTMLElement>(`article[data-id="${CSS.escape(current.id)}"]`);
    if (el && document.activeElement?.closest("input, select, dialog") == null) {
      el.focus({ preventScroll: !byKeys.current });
      byKeys.current = false;
    }
  }, [current]);

  // Batch approve is the L3 behaviour: only suggestions whose level allows it (see Policies).
  const cohorts = useMemo(() => {
    const m = new Map<Cohort, number>();
    for (const s of items) if (s.surface?.batch) m.set(s.cohort, (m.get(s.cohort) ?? 0) + 1);
    return [...m].filter(([, n]) => n > 1);
  }, [items]);

  return (
    <section aria-labelledby="sugg-title">
      <div className="page-head">
        <h1 id="sugg-title">Suggestions</h1>
        <button type="button" className="link" onClick={() => setHelp(true)} aria-keyshortcuts="?">
          Shortcuts
        </button>
      </div>
      {source?.computerAccounts && (
        <ComputerAccountsSection accounts={source.computerAccounts} timeZone={timeZone} now={listedAt} />
      )}
      <search className="search">
        <form
          className="search-form"
          onSubmit={(e) => {
            e.preventDefault();
            setQuery(q.trim());
          }}
        >
          <label htmlFor="sugg-search" className="sr-only">
            Search suggestions
          </label>
          <input
            id="sugg-search"
            ref={search}
            type="search"
            placeholder="Search (/)"
            value={q}
            aria-keyshortcuts="/"
            onChange={(e) => setQ(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== "Escape") return;
              e.currentTarget.blur();
              setQ("");
              setQuery("");
            }}
          />
          <button type="submit">Search</button>
        </form>
      </search>
      {!readOnly && cohorts.length > 0 && (
        <fieldset className="batch">
          <legend className="sr-only">Batch approve within a cohort</legend>
          {cohorts.map(([cohort, n]) => (
            <button
              key={cohort}
              type="button"
              onClick={async () => {
                if (!source) return;
                try {
                  const ids = items.filter((s) => s.cohort === cohort && s.surface?.batch).map((s) => s.id);
                  await track(
                    source.batch({ decision: "approve", ids }).then((r) => {
                      const what = `approve ${r.updated.length} ${cohort.replace("_", " ")}`;
                      const skipped = r.skipped.length
                        ? ` Skipped ${r.skipped.length}: ${r.skipped[0]?.reason}.`
                        : "";
                      push(approvalUndo(what, r.outcomes), `Done: ${what}.${skipped}${keyboardHint()}`);
                    }),
                  );
                  setNotice("");
                  list.reload();
                } catch (e) {
                  setNotice(`Could not approve the batch: ${(e as Error).message}`);
                }
              }}
            >
              Approve all {n} {cohort.replace("_", " ")}
            </button>
          ))}
        </fieldset>
      )}
      <p className="notice" role="status" aria-live="polite">
        {notice}
      </p>
      {list.error && <ErrorState error={list.error} retry={list.reload} />}
      {list.from === "cache" && (
        <p className="cache-note">Read-only: last synced copy ({items.length} suggestions).</p>
      )}
      {list.loading && items.length === 0 && <p role="status">Loading suggestions…</p>}
      {!list.loading && !list.error && items.length === 0 && (
        <EmptyList
          query={query}
          fromCache={list.from === "cache"}
          fresh={statusState.data?.suggestions.total === 0}
        />
      )}
      <section className="cards" aria-label="Suggestion list" aria-busy={list.loading}>
        {items.map((s, i) => (
          <SuggestionCard
            key={s.id}
            s={s}
            readLink={
              <Link to="/read/$id" params={{ id: s.id }}>
                Read message<span className="sr-only">: {s.subject || "(no subject)"}</span>
              </Link>
            }
            selected={s.id === current?.id}
            labelling={labelling && s.id === current?.id}
            moving={movingId === s.id}
            learned={learned[s.id] ?? null}
            failure={failed?.id === s.id ? failed.text : null}
            readOnly={readOnly}
            timeZone={timeZone}
            now={listedAt}
            draftOff={draftOff}
            onUnsubscribe={
              source?.unsubscribe && source.unsubscribePlan && !readOnly
                ? () => setUnsubscribing({ s, approve: false })
                : undefined
            }
            onSelect={() => setSelection(selectAt(items, i))}
            onAction={(a) => void run(s, a)}
            onLabelDone={() => setLabelling(false)}
            onMove={(open) => {
              setSelection(selectAt(items, i));
              setMovingId(open ? s.id : null);
            }}
          />
        ))}
      </section>
      <HelpDialog open={help} onClose={() => setHelp(false)} />
      <UnsubscribeDialog
        s={unsubscribing?.s ?? null}
        approve={unsubscribing?.approve ?? false}
        source={source}
        onClose={() => setUnsubscribing(null)}
        onDone={(r) => {
          if (r.ok) {
            setNotice(r.message);
            setFailed(null);
          } else {
            setNotice("");
            setFailed({ id: r.id, text: `Could not unsubscribe: ${failureText(r.error, mode)}` });
          }
          list.reload();
        }}
      />
    </section>
  );
}

/**
 * A refusal in words. A request that got no answer at all (the agent stopped, the network went) is
 * a TypeError from fetch ("Failed to fetch"): say who did not answer and what to do instead.
 */
export function failureText(e: unknown, mode: string): string {
  if (e instanceof TypeError)
    return mode === "agent"
      ? "your local agent did not answer (has it stopped?). Start it again (npm start, or scouts-agent run) and retry; the list shows what it did."
      : "no answer (are you online?). Retry once the connection is back.";
  if (e instanceof Error && e.name === "ZodError")
    return "the answer was not understood (the app and the agent may be different versions); reload the page.";
  return e instanceof Error ? e.message : String(e);
}

/** Why the list is empty, and what brings suggestions here. */
function EmptyList(props: { query: string; fromCache: boolean; fresh: boolean }) {
  if (props.query)
    return (
      <Empty title={`Nothing matches “${props.query}”`}>
        <p>Try fewer words.</p>
      </Empty>
    );
  if (props.fromCache)
    return (
      <Empty title="No saved suggestions">
        <p>This browser keeps the last suggestions it showed for reading offline; none are saved yet.</p>
      </Empty>
    );
  if (props.fresh)
    return (
      <Empty title="No suggestions yet">
        <p>
          Your scouts bring the mail and messages that need you here, each with an action to approve or
          reject. Connect Gmail or Slack on <Link to="/scouts">Scouts</Link>; the Scouts agent on a computer
          can also read a local mailbox or folder (<Link to="/settings">Settings</Link>).
        </p>
      </Empty>
    );
  return (
    <Empty title="All caught up">
      <p>New suggestions appear here as your scouts find them.</p>
    </Empty>
  );
}
