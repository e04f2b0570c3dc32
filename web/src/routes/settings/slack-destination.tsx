import type { Settings } from "@scouts/core/protocol/local-api";
import type { WorkspaceView } from "@scouts/core/workspaces/api";
import { isSlackDestination } from "../workspaces/labels.ts";
import { WorkspacePicker } from "../workspaces/workspace-picker.tsx";
import type { WorkspacesApi } from "../workspaces/workspaces-api.ts";

export type SlackDestinationValue = Pick<Settings, "slackDestination" | "slackChannel" | "slackWebhookUrl">;

/** Channels and group DMs a brief can go to (a DM with someone else, or an archived channel, cannot). */
export function isBriefChannel(w: Pick<WorkspaceView, "workspaceKey" | "archived" | "kind">): boolean {
  return isSlackDestination(w) && (w.kind === "channel" || w.kind === "group");
}

/**
 * Where the brief and urgent alerts go: the incoming webhook (posted from the device, as before)
 * or a channel picked from the person's own workspace directory (posted by the cloud).
 */
export function SlackDestination(props: {
  value: SlackDestinationValue;
  onChange: (patch: Partial<SlackDestinationValue>) => void;
  places: Pick<WorkspacesApi, "list"> | null;
  lastError: string | null;
}) {
  const { value, onChange, places } = props;
  const channel = value.slackDestination === "channel";
  return (
    <fieldset className="group">
      <legend>Where the brief and alerts go in Slack</legend>
      <label className="switch">
        <input
          type="radio"
          name="slack-destination"
          checked={!channel}
          onChange={() => onChange({ slackDestination: "webhook" })}
        />
        Incoming webhook (stays as today)
      </label>
      <label className="switch">
        <input
          type="radio"
          name="slack-destination"
          checked={channel}
          onChange={() => onChange({ slackDestination: "channel" })}
        />
        A channel from your workspaces
      </label>
      {channel ? (
        <>
          {places ? (
            <WorkspacePicker
              api={places}
              value={value.slackChannel ?? ""}
              onChange={(key) => onChange({ slackChannel: key || null })}
              label="Channel"
              accept={isBriefChannel}
            />
          ) : (
            <p className="muted">Sign in to Scouts to pick a channel from your workspaces.</p>
          )}
          <p className="muted" role="note">
            With a channel, the brief passes through the Scouts cloud in memory, without being kept, to reach
            Slack with your Slack connection.
          </p>
        </>
      ) : (
        <label className="field">
          Slack incoming webhook
          <input
            type="url"
            placeholder="https://hooks.slack.com/services/…"
            value={value.slackWebhookUrl ?? ""}
            onChange={(e) => onChange({ slackWebhookUrl: e.target.value })}
          />
        </label>
      )}
      {props.lastError && <p role="alert">{props.lastError}</p>}
    </fieldset>
  );
}
