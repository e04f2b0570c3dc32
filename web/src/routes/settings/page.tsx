import type { Settings } from "@scouts/core/protocol/local-api";
import { useEffect, useMemo, useState } from "react";
import { useConnection } from "../../app/connection.tsx";
import { ErrorState, NeedsSource } from "../../app/states.tsx";
import { useAsync } from "../../lib/use-async.ts";
import { ScreenerSetting } from "../screener/screener-setting.tsx";
import { workspacesApi } from "../workspaces/workspaces-api.ts";
import { AssistantSettings } from "./assistant-form.tsx";
import { Controls } from "./controls.tsx";
import { SlackDestination } from "./slack-destination.tsx";

/** Controls (kill, pause, travel, switches), sources and people, Slack and the local language model. */
export function SettingsPage() {
  const { source, mode } = useConnection();
  const { state, reload } = useAsync(async () => (source ? source.settings() : null), [source]);
  const [draft, setDraft] = useState<Partial<Settings>>({});
  const [notice, setNotice] = useState("");
  // The workspace directory lives in the cloud, on this PWA's own origin (session cookie).
  const places = useMemo(
    () => (typeof location === "undefined" ? null : workspacesApi({ baseUrl: location.origin })),
    [],
  );
  useEffect(() => {
    if (state.status === "ready" && state.data) setDraft({});
  }, [state]);
  const privacy = (
    <p className="privacy" role="note">
      <span aria-hidden="true">🔒 </span>
      Content stays on this device. The cloud only sees message ids and verdicts; subjects, bodies and drafts
      are kept
      {mode === "device" ? " in this browser" : " by your local agent"}.
    </p>
  );
  if (!source)
    return (
      <section aria-labelledby="set-title">
        <h1 id="set-title">Settings</h1>
        {privacy}
        <NeedsSource what="Settings" />
      </section>
    );
  const s = state.data ? { ...state.data, ...draft } : null;
  const save = async () => {
    if (s?.slackDestination === "channel" && !s.slackChannel) {
      setNotice("Not saved: pick a channel, or choose the incoming webhook.");
      return;
    }
    try {
      await source.patchSettings({
        ...(draft.slackDestination !== undefined ? { slackDestination: draft.slackDestination } : {}),
        ...(draft.slackChannel !== undefined ? { slackChannel: draft.slackChannel } : {}),
        ...(draft.slackWebhookUrl !== undefined ? { slackWebhookUrl: draft.slackWebhookUrl || null } : {}),
        ...(draft.llmBaseUrl !== undefined ? { llmBaseUrl: draft.llmBaseUrl || null } : {}),
        ...(draft.llmModel !== undefined ? { llmModel: draft.llmModel || null } : {}),
        ...(draft.slackRedactBodies !== undefined ? { slackRedactBodies: draft.slackRedactBodies } : {}),
      });
      setNotice("Settings saved.");
      reload();
    } catch (e) {
      setNotice(`Not saved: ${(e as Error).message}`);
    }
  };
  return (
    <section aria-labelledby="set-title">
      <h1 id="set-title">Settings</h1>
      {privacy}
      {state.status === "error" && <ErrorState error={state.error} retry={reload} />}
      <Controls source={source} />
      {state.data && <AssistantSettings source={source} settings={state.data} onSaved={reload} />}
      <ScreenerSetting source={source} />
      {s && (
        <form
          className="settings"
          aria-labelledby="set-out-title"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <h2 id="set-out-title">Slack and language model</h2>
          <SlackDestination
            value={s}
            onChange={(patch) => setDraft({ ...draft, ...patch })}
            places={places}
            lastError={s.slackLastError}
          />
          <label className="switch">
            <input
              type="checkbox"
              checked={s.slackRedactBodies}
              onChange={(e) => setDraft({ ...draft, slackRedactBodies: e.target.checked })}
            />
            Redact bodies in Slack (sender, subject, one line)
          </label>
          <label className="field">
            Local language model endpoint (OpenAI-compatible)
            <input
              type="url"
              placeholder="http://127.0.0.1:11434/v1"
              value={s.llmBaseUrl ?? ""}
              onChange={(e) => setDraft({ ...draft, llmBaseUrl: e.target.value })}
            />
          </label>
          <label className="field">
            Model
            <input
              value={s.llmModel ?? ""}
              onChange={(e) => setDraft({ ...draft, llmModel: e.target.value })}
            />
          </label>
          <p className="muted">
            {s.llmBaseUrl
              ? "Reply drafts and Ask phrasing use this endpoint."
              : "Reply drafts are off until an endpoint is set."}
            {mode === "device" &&
              " In this browser it must run on this machine (127.0.0.1) and allow this page's origin (CORS)."}
          </p>
          <button type="submit" className="primary">
            Save settings
          </button>
          <p className="notice" role="status">
            {notice}
          </p>
        </form>
      )}
    </section>
  );
}
