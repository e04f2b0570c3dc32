import type { BriefPeriod } from "@scouts/core/protocol/local-api";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { useConnection } from "../../app/connection.tsx";
import { Empty, ErrorState, NeedsSource } from "../../app/states.tsx";
import { useAsync } from "../../lib/use-async.ts";

const BUCKET_TEXT: Record<string, string> = {
  urgent: "Urgent",
  actionable: "Actionable",
  informational: "Informational",
  low_priority: "Low priority",
  unprocessed: "Not yet classified",
};

/** The morning/evening digest: counts per bucket, the top threads, copy as markdown. */
export function BriefPage() {
  const { source } = useConnection();
  const [period, setPeriod] = useState<BriefPeriod>("morning");
  const [copied, setCopied] = useState("");
  const { state, reload } = useAsync(async () => (source ? source.brief(period) : null), [source, period]);
  if (!source) return <NeedsSource what="The brief" />;
  const brief = state.data;
  return (
    <section aria-labelledby="brief-title">
      <div className="page-head">
        <h1 id="brief-title">Brief</h1>
        <fieldset className="segmented">
          <legend className="sr-only">Period</legend>
          {(["morning", "evening"] as const).map((p) => (
            <label key={p}>
              <input type="radio" name="period" checked={period === p} onChange={() => setPeriod(p)} />
              {p === "morning" ? "Morning" : "Evening"}
            </label>
          ))}
        </fieldset>
      </div>
      {state.status === "error" && <ErrorState error={state.error} retry={reload} />}
      {!brief && state.status === "loading" && <p role="status">Loading the brief…</p>}
      {brief && brief.total === 0 && (
        <Empty title="Nothing new since the last brief">
          <p>
            The brief counts new suggestions by urgency (urgent, actionable, informational, low priority) with
            the top threads of each, ready to copy. They come from your scouts: see{" "}
            <Link to="/scouts">Scouts</Link> to connect Gmail or Slack.
          </p>
        </Empty>
      )}
      {brief && brief.total > 0 && (
        <>
          <p className="lead">
            {brief.total} new since {new Date(brief.since).toLocaleString()}
          </p>
          <button
            type="button"
            onClick={async () => {
              try {
                await navigator.clipboard.writeText(brief.markdown);
                setCopied("Copied the brief as markdown.");
              } catch {
                setCopied("Copy failed: the browser refused clipboard access.");
              }
            }}
          >
            Copy as markdown
          </button>
          <p role="status" className="notice">
            {copied}
          </p>
          {brief.buckets.map((b) => (
            <section
              key={b.bucket}
              className={`bucket-block bucket-${b.bucket}`}
              aria-labelledby={`b-${b.bucket}`}
            >
              <h2 id={`b-${b.bucket}`}>
                {BUCKET_TEXT[b.bucket]} <span className="count">{b.count}</span>
              </h2>
              <ul className="threads">
                {b.top.map((t) => (
                  <li key={t.suggestionId}>
                    <strong>{t.subject || "(no subject)"}</strong>
                    <span className="from">{t.from}</span>
                    {t.why.length > 0 && <span className="why">{t.why.join(" · ")}</span>}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </section>
  );
}
