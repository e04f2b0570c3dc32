import type { ImapFlow } from "imapflow";
import { parseStatusList } from "imapflow/lib/commands/status-fields.js";
import { comparePaths, decodePath, encodePath, normalizePath } from "imapflow/lib/tools.js";

/**
 * The two imapflow 2.10.2 internals NOTIFY needs (pinned; read in dist/esm/imap-flow.js): `exec`,
 * the one door every command goes through, and `untaggedHandlers`, the table that dispatches
 * untagged responses no running command claims. imapflow has no STATUS entry there and drops an
 * unsolicited `* STATUS` silently, so the watcher adds one.
 */
interface ImapFlowInternals {
  exec(command: string, attributes: unknown, options?: object): Promise<{ next(): void }>;
  untaggedHandlers: Record<string, ((untagged: Untagged) => Promise<void>) | null | undefined>;
}
interface Untagged {
  attributes?: ({ type?: string; value?: unknown } | unknown[])[];
}

/** A watched folder's counts as an unsolicited STATUS reports them (fields the server left out are absent). */
export interface FolderStatus {
  messages?: number;
  uidNext?: number;
  uidValidity?: bigint;
}

/** "on": NOTIFY is set; "unsupported": the server does not offer it; "refused": it answered NO or BAD. */
export type NotifyOutcome = "on" | "unsupported" | "refused";

const EVENTS_SELECTED = ["MessageNew", "MessageExpunge", "FlagChange"];
const EVENTS_OTHER = ["MessageNew", "MessageExpunge"];
const atoms = (names: string[]) => names.map((value) => ({ type: "ATOM", value }));

/**
 * Asks the server (RFC 5465) to report new and expunged mail in every watched folder, not only the
 * selected one: `NOTIFY SET (selected-delayed (MessageNew MessageExpunge FlagChange)) (mailboxes
 * (<folders>) (MessageNew MessageExpunge))`. A change in a folder that is not selected then comes
 * as an untagged STATUS, handed to `onStatus` with the watched folder's name as the account keeps it.
 * `selected-delayed`, not `selected`: imapflow is an RFC 3501 client and does not expect EXPUNGE in
 * the middle of a FETCH or SEARCH, which `selected` allows. Without NOTIFY, or refused, nothing is
 * changed and the caller keeps IDLE on INBOX and the periodic pass for the rest.
 */
export async function enableNotify(
  client: ImapFlow,
  folders: string[],
  onStatus: (folder: string, status: FolderStatus) => void,
): Promise<NotifyOutcome> {
  if (!client.capabilities.has("NOTIFY")) return "unsupported";
  const c = client as unknown as ImapFlowInternals;
  const previous = c.untaggedHandlers.STATUS;
  c.untaggedHandlers.STATUS = async (untagged) => {
    const [name, list] = untagged.attributes ?? [];
    if (!name || Array.isArray(name) || typeof name.value !== "string" || !Array.isArray(list)) return;
    const folder = watchedFolder(client, folders, decodePath(client, name.value));
    if (!folder) return;
    const status: FolderStatus = {};
    parseStatusList(list as never, (key, value) => {
      if (key === "messages" || key === "uidNext") status[key] = Number(value);
      if (key === "uidValidity") status.uidValidity = BigInt(value);
    });
    onStatus(folder, status);
  };
  const mailboxes = folders.map((f) => ({
    type: "STRING",
    value: encodePath(client, normalizePath(client, f)),
  }));
  try {
    const res = await c.exec("NOTIFY", [
      { type: "ATOM", value: "SET" },
      [{ type: "ATOM", value: "selected-delayed" }, atoms(EVENTS_SELECTED)],
      [{ type: "ATOM", value: "mailboxes" }, mailboxes, atoms(EVENTS_OTHER)],
    ]);
    res.next();
    return "on";
  } catch (e) {
    c.untaggedHandlers.STATUS = previous;
    const status = (e as { responseStatus?: string }).responseStatus;
    if (status === "NO" || status === "BAD") return "refused";
    throw e;
  }
}

/** The watched folder (as the account names it) that a server path is, if any. */
export const watchedFolder = (client: ImapFlow, folders: string[], path: string) =>
  folders.find((f) => comparePaths(client, f, path));

/** Whether a STATUS says nothing the watcher did not already know (a repeat, or a flag change). */
export function statusIsKnown(
  known: { exists: number; uidNext: number; uidValidity: bigint } | undefined,
  st: FolderStatus,
): boolean {
  return (
    known !== undefined &&
    st.messages === known.exists &&
    st.uidNext === known.uidNext &&
    st.uidValidity === known.uidValidity
  );
}

/**
 * Whether a STATUS shows that something left the folder since `known` (what the watcher last saw of
 * it): fewer messages than before plus the UIDs handed out since, or a new UIDVALIDITY. Counts the
 * server left out are taken as "maybe", which only costs a comparison of UID lists.
 */
export function statusShowsExpunge(
  known: { exists: number; uidNext: number; uidValidity: bigint } | undefined,
  st: FolderStatus,
): boolean {
  if (!known || st.messages === undefined || st.uidNext === undefined) return true;
  if (st.uidValidity !== undefined && st.uidValidity !== known.uidValidity) return true;
  return st.messages < known.exists + Math.max(0, st.uidNext - known.uidNext);
}
