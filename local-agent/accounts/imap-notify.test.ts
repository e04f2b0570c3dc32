import type { ImapFlow } from "imapflow";
import { describe, expect, it } from "vitest";
import { enableNotify, type FolderStatus, statusIsKnown, statusShowsExpunge } from "./imap-notify.ts";

type Handler = (untagged: unknown) => Promise<void>;

/**
 * imapflow's side of NOTIFY without a server: the capability list, the untagged-response table and
 * `exec`, answering as `answer` says. (The watcher's NOTIFY against a real Dovecot is in
 * tests/imap/imap-watch-notify.test.ts.)
 */
function fakeSession(answer: () => Promise<unknown>, caps = ["IMAP4rev1", "NOTIFY"]) {
  const sent: unknown[] = [];
  const s = {
    capabilities: new Map(caps.map((c) => [c, true])),
    enabled: new Set<string>(),
    namespace: { prefix: "", delimiter: "/" },
    untaggedHandlers: {} as Record<string, Handler | undefined>,
    exec: async (command: string, attributes: unknown) => {
      sent.push({ command, attributes });
      await answer();
      return { next: () => {} };
    },
  };
  return { s, client: s as unknown as ImapFlow, sent };
}
const atom = (value: string) => ({ type: "ATOM", value });
const status = (name: unknown, list: unknown) => ({ tag: "*", command: "STATUS", attributes: [name, list] });

describe("enableNotify", () => {
  it("sends NOTIFY SET and hands each watched folder's unsolicited STATUS over, ignoring the rest", async () => {
    const { s, client, sent } = fakeSession(async () => {});
    const seen: [string, FolderStatus][] = [];
    expect(await enableNotify(client, ["INBOX", "Lists/Ünï"], (f, st) => seen.push([f, st]))).toBe("on");
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0])).toContain('"value":"Lists/&ANw-n&AO8-"');
    const h = s.untaggedHandlers.STATUS!;
    await h(status(atom("Lists/&ANw-n&AO8-"), [atom("MESSAGES"), atom("3"), atom("UIDNEXT"), atom("9")]));
    await h(status(atom("inbox"), [atom("UIDVALIDITY"), atom("12345678901"), atom("MESSAGES"), atom("1")]));
    // Not watched, malformed, hostile: dropped without a throw.
    await h(status(atom("Junk"), [atom("MESSAGES"), atom("1")]));
    await h(status(atom("Lists/&ANw-n&AO8-"), null));
    await h(status([atom("x")], [atom("MESSAGES"), atom("1")]));
    await h({ tag: "*", command: "STATUS" });
    await h(status(atom("INBOX"), [atom("MESSAGES"), atom("99999999999999"), atom("__proto__"), atom("1")]));
    expect(seen).toEqual([
      ["Lists/Ünï", { messages: 3, uidNext: 9 }],
      ["INBOX", { uidValidity: 12345678901n, messages: 1 }],
      ["INBOX", {}],
    ]);
  });

  it("does nothing on a server without NOTIFY", async () => {
    const { s, client, sent } = fakeSession(async () => {}, ["IMAP4rev1", "IDLE"]);
    expect(await enableNotify(client, ["INBOX", "Lists"], () => {})).toBe("unsupported");
    expect(sent).toEqual([]);
    expect(s.untaggedHandlers.STATUS).toBeUndefined();
  });

  it("a NO or BAD is 'refused' and takes the handler back; a dropped connection is thrown", async () => {
    for (const responseStatus of ["NO", "BAD"]) {
      const { s, client } = fakeSession(async () => {
        throw Object.assign(new Error("Command failed"), { responseStatus });
      });
      expect(await enableNotify(client, ["INBOX", "Lists"], () => {})).toBe("refused");
      expect(s.untaggedHandlers.STATUS).toBeUndefined();
    }
    const { client } = fakeSession(async () => {
      throw Object.assign(new Error("Connection not available"), { code: "NoConnection" });
    });
    await expect(enableNotify(client, ["INBOX", "Lists"], () => {})).rejects.toThrow(
      /Connection not available/,
    );
  });
});

describe("what a STATUS tells the watcher", () => {
  const known = { exists: 5, uidNext: 10, uidValidity: 7n };
  it("a repeat of what is known is nothing new", () => {
    expect(statusIsKnown(known, { messages: 5, uidNext: 10, uidValidity: 7n })).toBe(true);
    expect(statusIsKnown(known, { messages: 6, uidNext: 11, uidValidity: 7n })).toBe(false);
    expect(statusIsKnown(undefined, { messages: 5, uidNext: 10, uidValidity: 7n })).toBe(false);
    expect(statusIsKnown(known, { messages: 5 })).toBe(false);
  });
  it("new mail alone is not an expunge; fewer messages than UIDs handed out, or a reset, is", () => {
    expect(statusShowsExpunge(known, { messages: 7, uidNext: 12, uidValidity: 7n })).toBe(false);
    expect(statusShowsExpunge(known, { messages: 4, uidNext: 10, uidValidity: 7n })).toBe(true);
    // One arrived and one left: the count alone would not show it.
    expect(statusShowsExpunge(known, { messages: 5, uidNext: 11, uidValidity: 7n })).toBe(true);
    expect(statusShowsExpunge(known, { messages: 5, uidNext: 10, uidValidity: 8n })).toBe(true);
    // Counts left out, or nothing known yet: maybe.
    expect(statusShowsExpunge(known, { uidNext: 11 })).toBe(true);
    expect(statusShowsExpunge(undefined, { messages: 1, uidNext: 2 })).toBe(true);
  });
});
