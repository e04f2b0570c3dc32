import { useRef, useState } from "react";
import { useConnection } from "./connection.tsx";
import { pairWithAgent } from "./discover.ts";

/**
 * The unpaired state: the agent answers on loopback but this app holds no token for it. The code
 * `scouts-agent pair` prints is redeemed here; the shell then reconnects in agent mode.
 */
export function PairAgent() {
  const { unpairedAgent, retry, skipAgent } = useConnection();
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  if (!unpairedAgent) return null;
  const submit = async () => {
    setBusy(true);
    setError("");
    try {
      await pairWithAgent({ baseUrl: unpairedAgent.baseUrl, code });
      retry();
      // The form goes away with the unpaired state: keep keyboard focus in the page, not on <body>.
      document.getElementById("main")?.focus();
    } catch (e) {
      setError((e as Error).message);
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="pair state" aria-labelledby="pair-title">
      <h2 id="pair-title" className="state-title">
        Pair with your agent
      </h2>
      <p>
        Scouts' local agent is running on this computer ({new URL(unpairedAgent.baseUrl).host}), but this app
        is not paired with it yet. In a terminal, run <code>scouts-agent pair</code> (in the repository:{" "}
        <code>npm run -s agent -- pair</code>) and enter the code it prints. A code lasts 10 minutes and works
        once.
      </p>
      <form
        className="inline-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="field">
          <label htmlFor="pair-code">Pairing code</label>
          <input
            ref={input}
            id="pair-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="1234 5678"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "pair-hint pair-error" : "pair-hint"}
          />
          <span id="pair-hint" className="hint">
            8 digits
          </span>
        </div>
        <button type="submit" className="primary" disabled={busy}>
          {busy ? "Pairing…" : "Pair"}
        </button>
      </form>
      {error && (
        <p id="pair-error" className="field-error" role="alert">
          {error}
        </p>
      )}
      <p className="muted">
        No terminal at hand?{" "}
        <button type="button" className="link" onClick={() => skipAgent(true)}>
          Use this browser as the device instead
        </button>
      </p>
    </section>
  );
}
