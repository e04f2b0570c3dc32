import { CoreError } from "@scouts/core/errors";
import type { AccountFolder } from "@scouts/core/protocol/mail-accounts";
import type { mailAccountService } from "./accounts.ts";

type Service = Pick<
  ReturnType<typeof mailAccountService>,
  "rows" | "openSession" | "openJmapSession" | "recordError"
>;

/** A JMAP role in the IMAP special-use form (`archive` → `\Archive`), so the PWA shows one kind. */
const roleFlag = (role: string | null) => (role ? `\\${role[0]!.toUpperCase()}${role.slice(1)}` : null);

/**
 * Every folder (IMAP) or mailbox (JMAP) of one account, for "Move to…": the path a move names,
 * its special use, and whether it can hold messages. Special-use folders first, then by path.
 * A failed login is recorded on the account (the Scouts screen shows it) and thrown explained.
 */
export async function listAccountFolders(service: Service, id: string): Promise<AccountFolder[]> {
  const row = (await service.rows()).find((r) => r.id === id);
  if (!row) throw new CoreError("not_found", `no account ${id}`);
  let folders: AccountFolder[];
  try {
    if (row.kind === "jmap") {
      const session = await service.openJmapSession(row);
      const [res] = await session.call<{ list: { name: string; role: string | null }[] }>([
        ["Mailbox/get", { properties: ["name", "role"] }],
      ]);
      folders = (res?.list ?? []).map((m) => ({
        // jmap-actions finds the inbox by "INBOX" and any other mailbox by its name.
        path: m.role === "inbox" ? "INBOX" : m.name,
        name: m.name,
        specialUse: roleFlag(m.role),
        selectable: true,
      }));
    } else {
      const client = await service.openSession(row);
      try {
        folders = (await client.list()).map((m) => ({
          path: m.path,
          name: m.name,
          specialUse: m.specialUse ?? null,
          selectable: !m.flags.has("\\Noselect") && !m.flags.has("\\NonExistent"),
        }));
      } finally {
        await client.logout().catch(() => {});
      }
    }
  } catch (e) {
    if (e instanceof CoreError) throw e;
    throw await service.recordError(id, e);
  }
  const rank = (f: AccountFolder) => (f.path.toUpperCase() === "INBOX" ? 0 : f.specialUse ? 1 : 2);
  return folders.sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
}
