import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";

/** One raw message from a local mailbox with a stable id (Message-ID, else content hash). */
export interface LocalMessage {
  id: string;
  raw: string;
}

const MAX_MESSAGES_PER_SCAN = 5_000;
const MAX_MESSAGE_BYTES = 5 * 1024 * 1024;

function stableId(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? "";
  const mid = /^message-id:\s*(.+)$/im.exec(head)?.[1]?.trim();
  return createHash("sha256")
    .update(mid ?? raw)
    .digest("hex")
    .slice(0, 32);
}

// A separator is `From <sender> <asctime date>`; a body line that merely starts with "From " is not.
const separator =
  /\r?\n(?=From \S+ +(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) +\d{1,2} [\d:]{5,8} \d{4}[^\r\n]*\r?\n)/;

/** Splits an mbox file on its `From ` separator lines, undoing `>From ` quoting. */
export function splitMbox(text: string): string[] {
  const parts = text.split(separator);
  return parts
    .map((p) => p.replace(/^From [^\r\n]*\r?\n/, "").replace(/^>(>*From )/gm, "$1"))
    .filter((p) => p.trim().length > 0 && /^[\w-]+:/m.test(p));
}

/**
 * Reads the messages of an mbox file or a Maildir (`new/` and `cur/`), bounded in count and size.
 *
 * @example for (const m of await readLocalMailbox("/home/me/Mail/inbox", "maildir")) ...
 */
export async function readLocalMailbox(
  location: string,
  format: "mbox" | "maildir",
): Promise<LocalMessage[]> {
  const raws: string[] = [];
  if (format === "mbox") {
    const info = await stat(location);
    if (info.size > 200 * 1024 * 1024)
      throw new Error("mbox larger than 200 MB: point the agent at a smaller folder");
    raws.push(...splitMbox(await readFile(location, "utf8")));
  } else {
    for (const sub of ["new", "cur"]) {
      const dir = path.join(location, sub);
      const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => !n.startsWith(".")).sort();
      for (const name of names) {
        if (raws.length >= MAX_MESSAGES_PER_SCAN) break;
        const file = path.join(dir, name);
        const info = await stat(file).catch(() => null);
        if (!info?.isFile() || info.size > MAX_MESSAGE_BYTES) continue;
        raws.push(await readFile(file, "utf8"));
      }
    }
  }
  return raws.slice(0, MAX_MESSAGES_PER_SCAN).map((raw) => ({ id: stableId(raw), raw }));
}

/** A cheap change marker: size + mtime of the file, or of Maildir's new/ and cur/. */
export async function mailboxMarker(location: string, format: "mbox" | "maildir"): Promise<string> {
  const targets = format === "mbox" ? [location] : [path.join(location, "new"), path.join(location, "cur")];
  const parts: string[] = [];
  for (const t of targets) {
    const s = await stat(t).catch(() => null);
    parts.push(s ? `${s.size}:${s.mtimeMs}` : "-");
  }
  return parts.join("|");
}
