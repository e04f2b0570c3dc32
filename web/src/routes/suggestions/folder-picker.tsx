import { folderOfRef, mailAccountOf } from "@scouts/core/protocol/account-relay";
import type { Suggestion } from "@scouts/core/protocol/local-api";
import type { AccountFolder } from "@scouts/core/protocol/mail-accounts";
import { useEffect, useRef, useState } from "react";
import { useAgentConnection } from "../../app/connection.tsx";
import { accountsApi } from "../accounts/accounts-api.ts";

export { mailAccountOf };

type ReadFolders = (accountId: string) => Promise<AccountFolder[]>;

/**
 * Where "Move to a folder…" reads one account's folders: `"agent"`, the agent on this computer
 * (its local API), or a function (a phone asks the person's computer through the hub).
 */
export interface FolderSource {
  accountId: string;
  /** The folder the message is in now, shown but not pickable. */
  here: string | null;
  read: "agent" | ReadFolders;
}

/** The folder source of a suggestion on this computer: its account, read through the local agent. */
export function agentFolderSource(
  s: Pick<Suggestion, "source" | "scoutId" | "sourceMsgRef">,
): FolderSource | null {
  const accountId = mailAccountOf(s);
  return accountId ? { accountId, here: folderOfRef(s.sourceMsgRef), read: "agent" } : null;
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

type PickerProps = { source: FolderSource; value: string; onChange: (folder: string) => void };

/**
 * "Move to…" on an IMAP/JMAP card: the account's folders, read when opened, with their special
 * use; the folder the message is in and parents that hold no mail are shown but cannot be
 * picked. Picking never moves anything; Approve does. One picker for the desktop card (through
 * the local agent) and the phone's relay card (through the hub).
 */
export function FolderPicker(props: PickerProps) {
  return props.source.read === "agent" ? (
    <AgentFolderPicker {...props} />
  ) : (
    <FolderList {...props} read={props.source.read} />
  );
}

function AgentFolderPicker(props: PickerProps) {
  const agent = useAgentConnection();
  if (!agent) return <span className="muted">Moving to a folder needs the agent on this computer.</span>;
  return <FolderList {...props} read={(id) => accountsApi(agent).folders(id)} />;
}

function FolderList(props: PickerProps & { read: ReadFolders }) {
  const { accountId, here } = props.source;
  const [state, setState] = useState<{ folders?: AccountFolder[]; error?: string }>({});
  // Read once per account while open: a new `read` closure on each render asks nothing again.
  const reader = useRef(props.read);
  reader.current = props.read;
  useEffect(() => {
    let live = true;
    setState({});
    reader.current(accountId).then(
      (folders) => live && setState({ folders }),
      (e: Error) => live && setState({ error: e.message }),
    );
    return () => {
      live = false;
    };
  }, [accountId]);
  if (state.error)
    return (
      <span className="error-text" role="alert">
        Could not list the folders: {state.error}
      </span>
    );
  if (!state.folders) return <span className="muted">Reading the folders…</span>;
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
