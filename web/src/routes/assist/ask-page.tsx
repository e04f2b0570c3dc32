import type { AskResponse } from "@scouts/core/protocol/local-api";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { useConnection } from "../../app/connection.tsx";
import { ErrorState, NeedsSource } from "../../app/states.tsx";

type AskState =
  | { status: "idle" }
  | { status: "loading"; question: string }
  | { status: "ready"; question: string; answer: AskResponse }
  | { status: "error"; question: string; error: Error };

const EXAMPLES = [
  "What's urgent today?",
  "What did I promise?",
  "Anything from Priya this week?",
  "Summarise today",
  "from:priya has:attachment after:2026-11-01",
];

/** The Ask box: a question about local suggestions, answered on the device with links to them. */
export function AskPage() {
  // The agent answers over loopback (this machine: no network needed) and a browser device from
  // its own IndexedDB, so Ask works offline on both; an agent that is not running answers an error.
  const { source } = useConnection();
  const [question, setQuestion] = useState("");
  const [state, setState] = useState<AskState>({ status: "idle" });
  if (!source) return <NeedsSource what="Ask" />;
  const ask = source.ask?.bind(source);
  async function submit(e: FormEvent) {
    e.preventDefault();
    await askIt(question.trim());
  }
  async function askIt(q: string) {
    if (!q || !ask) return;
    setState({ status: "loading", question: q });
    try {
      setState({ status: "ready", question: q, answer: await ask(q) });
    } catch (error) {
      setState({
        status: "error",
        question: q,
        error: error instanceof Error ? error : new Error(String(error)),
      });
    }
  }
  return (
    <section aria-labelledby="ask-title">
      <h1 id="ask-title">Ask</h1>
      {!ask ? (
        <div className="state offline" role="status">
          <p className="state-title">Ask is not available from this source</p>
          <p>Answers come from the suggestions kept on your device.</p>
        </div>
      ) : (
        <>
          <form className="search-form" onSubmit={submit}>
            <label htmlFor="ask-input">Your question</label>
            <input
              id="ask-input"
              type="text"
              value={question}
              maxLength={1000}
              placeholder={EXAMPLES[0]}
              onChange={(e) => setQuestion(e.target.value)}
            />
            <button type="submit" disabled={state.status === "loading" || !question.trim()}>
              Ask
            </button>
          </form>
          <p className="muted">Try: {EXAMPLES.join(" · ")}</p>
          <Answer state={state} retry={() => state.status === "error" && void askIt(state.question)} />
        </>
      )}
    </section>
  );
}

function Answer({ state, retry }: { state: AskState; retry: () => void }) {
  if (state.status === "idle") return null;
  if (state.status === "loading") return <p role="status">Looking through your suggestions…</p>;
  if (state.status === "error") return <ErrorState error={state.error} retry={retry} />;
  const { answer } = state;
  return (
    <section className="answer" aria-labelledby="answer-title" aria-live="polite">
      <h2 id="answer-title">Answer</h2>
      <p className="answer-text">{answer.answer}</p>
      <p className="muted">
        {answer.phrasedBy === "llm" ? "Phrased by your local language model" : "From your local data"}
      </p>
      {answer.links.length > 0 && (
        <ul className="threads" aria-label="Cited suggestions">
          {answer.links.map((l) => (
            <li key={l.suggestionId}>
              <Link to="/suggestion/$id" params={{ id: l.suggestionId }}>
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
