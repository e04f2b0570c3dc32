import { actionText } from "@scouts/core/assistant/proposal";
import { snoozeChoices } from "@scouts/core/assistant/snooze-choices";
import type { Suggestion } from "@scouts/core/protocol/local-api";
import type { ReadableMessage } from "@scouts/core/protocol/message";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useConnection } from "../../app/connection.tsx";
import { ErrorState, NeedsSource } from "../../app/states.tsx";
import { type Undoable, useUndo } from "../../app/undo.tsx";
import type { SuggestionSource } from "../../data/source.ts";
import { useAsync } from "../../lib/use-async.ts";
import { MessageFrame, useSanitized } from "./message-frame.tsx";
import { useRemoteImages } from "./remote-images.ts";
import "./read.css";

const when = (ms: number) =>
  new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

function size(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : bytes >= 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${bytes} B`;
}

type Act = "approve" | "archive" | "snooze" | "reject";

async function perform(
  source: SuggestionSource,
  s: Suggestion,
  act: Act,
  timeZone: string,
): Promise<Undoable> {
  const none = { ledgerIds: [], taskIds: [], reopen: [] };
  if (act === "reject") {
    await source.decide(s.id, { decision: "reject" });
    return { ...none, what: `reject “${s.subject}”`, reopen: [s.id] };
  }
  if (act === "approve") {
    const r = await source.decide(s.id, { decision: "approve" });
    const o = r.outcome;
    return {
      what: o ? `${actionText(o.action, timeZone)} “${s.subject}”` : `approve “${s.subject}”`,
      ledgerIds: o?.ledgerId ? [o.ledgerId] : [],
      taskIds: o?.entityId ? [o.entityId] : [],
      reopen: [s.id],
    };
  }
  const until =
    snoozeChoices(Date.now(), timeZone).find((c) => c.id === "tomorrow_morning")?.until ??
    Date.now() + 86_400_000;
  const r = await source.act(s.id, act === "archive" ? { action: "archive" } : { action: "snooze", until });
  if (r.status !== "applied" && r.status !== "queued") throw new Error(r.message);
  return { ...none, what: `${act} “${s.subject}”`, ledgerIds: r.ledgerId ? [r.ledgerId] : [] };
}

/** The message itself (fetched on demand, never kept), its actions and the rest of its thread. */
export function ReadPage(props: { id: string }) {
  const { source } = useConnection();
  const navigate = useNavigate();
  const { push } = useUndo();
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const { state, reload } = useAsync(async () => {
    if (!source) return null;
    if (!source.readMessage) throw new Error("this connection cannot open messages");
    const [s, message] = await Promise.all([source.get(props.id), source.readMessage(props.id)]);
    return { s, message };
  }, [source, props.id]);
  const { state: settings } = useAsync(async () => (source ? source.settings() : null), [source]);
  if (!source) return <NeedsSource what="Reading a message" />;
  if (state.status === "error") return <ErrorState error={state.error} retry={reload} />;
  if (!state.data) return <p role="status">Opening the message…</p>;
  const { s, message } = state.data;
  const timeZone = settings.data?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const act = (a: Act) => {
    setBusy(a);
    setFailed(null);
    perform(source, s, a, timeZone).then(
      (done) => {
        push(done, `Done: ${done.what}.`);
        void navigate({ to: "/suggestions" });
      },
      (e: unknown) => {
        setBusy(null);
        setFailed(e instanceof Error ? e.message : String(e));
      },
    );
  };
  return (
    <section className="read" aria-labelledby="read-title">
      <p>
        <Link to="/suggestions">← Suggestions</Link>
      </p>
      <h1 id="read-title">{message.subject || s.subject || "(no subject)"}</h1>
      <dl className="read-head">
        <dt>From</dt>
        <dd>{message.from || s.from}</dd>
        {message.to && (
          <>
            <dt>To</dt>
            <dd>{message.to}</dd>
          </>
        )}
        {message.cc && (
          <>
            <dt>Cc</dt>
            <dd>{message.cc}</dd>
          </>
        )}
        <dt>Date</dt>
        <dd>{when(message.date)}</dd>
      </dl>
      {s.proposal && (
        <p className="proposal">
          <span className="proposal-label">Proposed: </span>
          {s.proposal.why}
        </p>
      )}
      {s.status === "new" && (
        <div className="actions">
          {s.proposal && (
            <button type="button" className="primary" disabled={busy !== null} onClick={() => act("approve")}>
              Approve: {actionText(s.proposal.action, timeZone)}
            </button>
          )}
          <button type="button" disabled={busy !== null} onClick={() => act("archive")}>
            Archive
          </button>
          <button type="button" disabled={busy !== null} onClick={() => act("snooze")}>
            Snooze until tomorrow
          </button>
          <button type="button" disabled={busy !== null} onClick={() => act("reject")}>
            Reject
          </button>
        </div>
      )}
      {failed && <p role="alert">{failed}</p>}
      <Body id={props.id} message={message} source={source} />
      {message.attachments.length > 0 && (
        <>
          <h2>Attachments</h2>
          <ul className="read-attachments">
            {message.attachments.map((a, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: attachments have no id; the list never reorders
              <li key={i}>
                {a.filename || "(unnamed)"}{" "}
                <span className="muted">
                  {a.mimeType}
                  {a.size ? `, ${size(a.size)}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {message.thread.length > 0 && (
        <>
          <h2>In this conversation</h2>
          <ol className="read-thread" aria-label="Other messages in this conversation">
            {message.thread.map((t) => (
              <li key={t.id}>
                <span className="thread-from">{t.from}</span> <span className="muted">{when(t.date)}</span>
                <br />
                <span className="thread-line">{t.firstLine}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function plural(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? "" : "s"}`;
}

function Body(props: { id: string; message: ReadableMessage; source: SuggestionSource }) {
  const { message, source, id } = props;
  const loader = source.loadImage ? (url: string) => source.loadImage!(id, url) : null;
  const { images, start } = useRemoteImages(loader);
  const sanitized = useSanitized(message.html, message.text, images);
  const states = images ? [...images.values()] : [];
  const loaded = states.filter((x) => x.state === "loaded");
  const pixels = loaded.filter((x) => x.trackingPixel).length;
  const refused = images
    ? [...images].flatMap(([url, x]) => (x.state === "refused" ? [{ url, reason: x.reason }] : []))
    : [];
  const pending = states.filter((x) => x.state === "loading").length;
  const via = source.kind === "agent" ? "the agent" : "Scouts";
  return (
    <>
      <div className="read-notes" role="note" aria-label="What was held back">
        {message.truncated && <p>This message is long: only its beginning is shown.</p>}
        {sanitized.hiddenRemoved > 0 && (
          <p>{plural(sanitized.hiddenRemoved, "piece")} of hidden content removed.</p>
        )}
        {sanitized.remoteImages > 0 && !images && (
          <p>
            {plural(sanitized.remoteImages, "remote image")} not loaded (loading tells the sender you opened
            it).{" "}
            {loader ? (
              <button type="button" onClick={() => start(sanitized.remoteUrls)}>
                Load images
              </button>
            ) : (
              <>
                <button type="button" disabled aria-describedby="images-why">
                  Load images
                </button>{" "}
                <span id="images-why">
                  Images cannot load here: this app shows only pictures the Scouts agent fetched and checked,
                  and this browser is not connected to an agent.
                </span>
              </>
            )}
          </p>
        )}
        {images && (
          <div aria-live="polite">
            <p>
              {pending > 0
                ? `Loading images through ${via}… (${images.size - pending} of ${images.size} done)`
                : `${plural(loaded.length - pixels, "image")} loaded through ${via}.`}
            </p>
            {pixels > 0 && (
              <p>
                {plural(pixels, "tracking pixel")} (1×1) fetched: the sender can tell you opened this message.
              </p>
            )}
            {refused.length > 0 && (
              <ul aria-label="Images not loaded">
                {refused.map((r) => (
                  <li key={r.url}>Not loaded: {r.reason}</li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
      <MessageFrame sanitized={sanitized} title={`Message: ${message.subject}`} />
    </>
  );
}
