import type { MailAccountWithHealth, MailSyncProgress } from "@scouts/core/protocol/mail-accounts";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { accountsApi } from "./accounts-api.ts";
import { AccountCard } from "./accounts-page.tsx";

const account = (progress: MailSyncProgress | null): MailAccountWithHealth => ({
  id: "imap-1",
  kind: "imap",
  label: "Work",
  server: "127.0.0.1:143 (off)",
  username: "maya",
  folders: ["INBOX"],
  lastSyncAt: null,
  lastChangeAt: null,
  lastError: null,
  progress,
  health: {
    id: "imap-1",
    label: "Work",
    kind: "imap",
    state: progress ? "syncing" : "watching",
    connected: !progress?.paused,
    lastChangeAt: null,
    lastSyncAt: null,
    owed: progress ? progress.total - progress.done : 0,
    lastError: null,
  },
});
const render = (a: MailAccountWithHealth) =>
  renderToStaticMarkup(
    <AccountCard
      api={accountsApi({ baseUrl: "http://127.0.0.1:8788", token: "t" })}
      account={a}
      onRemoved={() => {}}
      onChanged={() => {}}
    />,
  );

describe("an account card's first-sync progress (PWA)", () => {
  it("shows how far a sync is, with Pause", () => {
    const html = render(account({ folder: "INBOX", done: 1200, total: 10000, paused: false }));
    expect(html).toContain("Syncing 1,200 of 10,000 in INBOX");
    expect(html).toMatch(/<button[^>]*>Pause<\/button>/);
    expect(html).not.toContain(">Resume<");
  });
  it("a paused sync says so, with Resume", () => {
    const html = render(account({ folder: "INBOX", done: 1200, total: 10000, paused: true }));
    expect(html).toContain("Paused at 1,200 of 10,000 in INBOX");
    expect(html).toMatch(/<button[^>]*>Resume<\/button>/);
    expect(html).not.toContain(">Pause<");
  });
  it("between passes there is neither progress nor Pause", () => {
    const html = render(account(null));
    expect(html).not.toContain("Syncing");
    expect(html).not.toContain(">Pause<");
  });
});
