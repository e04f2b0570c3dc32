import { Link, useParams } from "@tanstack/react-router";
import { useConnection } from "../../app/connection.tsx";
import { ErrorState, NeedsSource } from "../../app/states.tsx";
import { useAsync } from "../../lib/use-async.ts";

/** One suggestion, read-only: where Ask answers and entities link back to. */
export function SuggestionDetailPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const { source } = useConnection();
  const { state, reload } = useAsync(async () => (source ? source.get(id) : null), [source, id]);
  if (!source) return <NeedsSource what="This suggestion" />;
  const s = state.data;
  return (
    <section aria-labelledby="sugg-title">
      {state.status === "error" && <ErrorState error={state.error} retry={reload} />}
      {!s && state.status === "loading" && <p role="status">Loading the suggestion…</p>}
      {s && (
        <article className="card">
          <h1 id="sugg-title">{s.subject || "(no subject)"}</h1>
          <p className="from">{s.from}</p>
          <p>
            <span className="badge">{s.bucket ?? "not yet classified"}</span>{" "}
            <span className="badge">{s.status}</span>{" "}
            <span className="badge">{s.cohort.replace("_", " ")}</span>
          </p>
          <p>{s.snippet}</p>
          {s.why.length > 0 && <p className="why">{s.why.join(" · ")}</p>}
          <p className="muted">Received {new Date(s.receivedAt).toLocaleString()}</p>
        </article>
      )}
      <p>
        <Link to="/suggestions">Back to suggestions</Link>
      </p>
    </section>
  );
}
