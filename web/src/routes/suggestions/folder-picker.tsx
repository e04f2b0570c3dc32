import type { Suggestion } from "@scouts/core/protocol/local-api";
import type { AccountFolder } from "@scouts/core/protocol/mail-accounts";
import { useEffect, useState } from "react";
import { useAgentConnection } from "../../app/connection.tsx";
import { accountsApi } from "../accounts/accounts-api.ts";

/** The mail account an IMAP or JMAP suggestion came from (its scout is `imap:<id>` / `jmap:<id>`), else null. */
export function mailAccountOf(s: Pick<Suggestion, "source" | "scoutId">): string | null {
  if (s.source !== "imap" && s.source !== "jmap") return null;
  const prefix = `${s.source}:`;
  return s.scoutId.startsWith(prefix) ? s.scoutId.slice(prefix.length) : null;
}

/** The IMAP folder the message is in now (`imap:<uidvalidity>:<uid>:<folder>`), to leave out of the choices. */
function folderNow(s: Pick<Suggestion, "sourceMsgRef">): string | null {
  return /^imap:\d+:\d+:(.+)$/s.exec(s.sourceMsgRef)?.[1] ?? null;
}

const SPECIAL_TEXT: Record<string, string> = {
  "\\Inbox": "inbox",
  "\\Archive": "archive",
  "\\Junk": "junk",
  "\\Trash": "trash",
  "\\Sent": "sent",
  "\\Drafts": "drafts",
  "\\Flagged": "flagged",
  "\\All": "all mail",
  "\\Snoozed": "snoozed",
};

/**
 * "Move to…" on an IMAP/JMAP card: the account's folders, read from the agent when opened, with
 * their special use; the folder the message is in and parents that hold no mail are shown but
 * cannot be picked. Picking never moves anything; Approve does.
 */
export function FolderPicker(props: { s: Suggestion; value: string; onChange: (folder: string) => void }) {
  const agent = useAgentConnection();
  const accountId = mailAccountOf(props.s);
  const [state, setState] = useState<{ folders?: AccountFolder[]; error?: string }>({});
  useEffect(() => {
    if (!agent || !accountId) return;
    let live = true;
    accountsApi(agent)
      .folders(accountId)
      .then(
        (folders) => live && setState({ folders }),
        (e: Error) => live && setState({ error: e.message }),
      );
    return () => {
      live = false;
    };
  }, [agent, accountId]);
  if (!agent || !accountId)
    return <span className="muted">Moving to a folder needs the agent on this computer.</span>;
  if (state.error)
    return (
      <span className="error-text" role="alert">
        Could not list the folders: {state.error}
      </span>
    );
  if (!state.folders) return <span className="muted">Reading the folders…</span>;
  const here = folderNow(props.s);
  return (
    <select
      aria-label="Folder"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      onClick={(e) => e.stopPropagation()}
    >
      <option value="">Pick a folder…</option>
      {state.folders.map((f) => (
        <option key={f.path} value={f.path} disabled={!f.selectable || f.path === here}>
          {f.path}
          {f.specialUse ? ` (${SPECIAL_TEXT[f.specialUse] ?? f.specialUse})` : ""}
          {f.path === here ? " — here now" : ""}
        </option>
      ))}
    </select>
  );
}
