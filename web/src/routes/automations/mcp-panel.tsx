import { useCallback, useEffect, useId, useState } from "react";
import type { AutomationsApi, McpConnectionView, McpToolView } from "./automations-api.ts";
import "./automations.css";

type McpApi = Pick<AutomationsApi, "mcpConnections" | "mcpTools" | "addMcp" | "testMcp" | "removeMcp">;

function harvestText(r: { tools?: number; refused?: number; error?: string }): string {
  if (r.error) return `Could not list its tools: ${r.error}`;
  return `${r.tools ?? 0} tools harvested${r.refused ? `, ${r.refused} refused (unsafe schema)` : ""}.`;
}

function ConnectionCard(props: {
  connection: McpConnectionView;
  tools: McpToolView[];
  onTest: () => void;
  onRemove: () => void;
}) {
  const c = props.connection;
  return (
    <li className="card">
      <h3>{c.name}</h3>
      <p>
        <code>{c.url}</code> · {c.status}
        {c.lastHarvestAt ? ` · tools listed ${new Date(c.lastHarvestAt).toLocaleString()}` : ""}
      </p>
      {c.lastError && <p role="alert">Last error: {c.lastError}</p>}
      {props.tools.length === 0 ? (
        <p>No tools harvested.</p>
      ) : (
        <ul aria-label={`tools of ${c.name}`}>
          {props.tools.map((t) => (
            <li key={t.id}>
              <code>{t.name}</code> — {(t.sideEffectsOverride ?? t.sideEffects).join(", ")}
              {t.description ? `: ${t.description}` : ""}
            </li>
          ))}
        </ul>
      )}
      <button type="button" onClick={props.onTest}>
        Test {c.name}
      </button>{" "}
      <button type="button" onClick={props.onRemove}>
        Remove {c.name}
      </button>
    </li>
  );
}

/**
 * MCP servers the person's automations may call: add one (its tools are harvested at once),
 * test it (connect and list again), see the harvested tools with their side effects, remove it.
 */
export function McpPanel(props: { api: McpApi }) {
  const { api } = props;
  const [connections, setConnections] = useState<McpConnectionView[] | null>(null);
  const [tools, setTools] = useState<McpToolView[]>([]);
  const [status, setStatus] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [form, setForm] = useState({ name: "", url: "", credential: "" });
  const id = useId();
  const refresh = useCallback(async () => {
    try {
      const [c, t] = await Promise.all([api.mcpConnections(), api.mcpTools()]);
      setConnections(c);
      setTools(t);
    } catch (e) {
      setError((e as Error).message);
    }
  }, [api]);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const act = (work: Promise<string>) => {
    setError(null);
    work.then(
      (msg) => {
        setStatus(msg);
        void refresh();
      },
      (e: Error) => setError(e.message),
    );
  };
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>MCP connections</h2>
      <p role="status">{status}</p>
      {error && <p role="alert">{error}</p>}
      {connections === null ? (
        <p>Loading…</p>
      ) : connections.length === 0 ? (
        <p>No MCP servers connected.</p>
      ) : (
        <ul aria-label="MCP connections">
          {connections.map((c) => (
            <ConnectionCard
              key={c.id}
              connection={c}
              tools={tools.filter((t) => t.connectionId === c.id)}
              onTest={() => act(api.testMcp(c.id).then((r) => `${c.name}: ${harvestText(r)}`))}
              onRemove={() => act(api.removeMcp(c.id).then(() => `Removed ${c.name} and its tools.`))}
            />
          ))}
        </ul>
      )}
      <form
        className="automation-editor"
        aria-label="add an MCP server"
        onSubmit={(e) => {
          e.preventDefault();
          const input = {
            name: form.name.trim(),
            url: form.url.trim(),
            ...(form.credential ? { credential: form.credential } : {}),
          };
          act(
            api.addMcp(input).then((r) => {
              setForm({ name: "", url: "", credential: "" });
              return `Added ${input.name}: ${harvestText(r)}`;
            }),
          );
        }}
      >
        <label>
          Name{" "}
          <input
            required
            maxLength={60}
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
        </label>
        <label>
          Server URL{" "}
          <input
            required
            type="url"
            placeholder="https://mcp.example.com/mcp"
            value={form.url}
            onChange={(e) => setForm({ ...form, url: e.target.value })}
          />
        </label>
        <label>
          Bearer credential (optional, stored sealed){" "}
          <input
            type="password"
            autoComplete="off"
            value={form.credential}
            onChange={(e) => setForm({ ...form, credential: e.target.value })}
          />
        </label>
        <button type="submit">Add server</button>
      </form>
    </section>
  );
}
