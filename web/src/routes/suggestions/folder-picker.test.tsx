import { suggestionFixture } from "@scouts/core/device/suggestion-fixture";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { createComputerAccounts } from "../../device/account-relay.ts";
import { ApproveBar } from "./approve-bar.tsx";
import { ComputerAccountsSection } from "./computer-accounts.tsx";
import { agentFolderSource, mailAccountOf } from "./folder-picker.tsx";

const bar = (over: Parameters<typeof suggestionFixture>[1]) => {
  const s = suggestionFixture("a", over);
  return renderToStaticMarkup(
    <ApproveBar
      s={s}
      timeZone="UTC"
      now={Date.parse("2026-11-25T10:00:00Z")}
      draftOff={null}
      canUnsubscribe={false}
      folders={agentFolderSource(s)}
      onApprove={() => {}}
    />,
  );
};

describe("Move to a folder in the Instead picker", () => {
  it("is offered for IMAP and JMAP suggestions only", () => {
    expect(bar({ source: "imap", scoutId: "imap:imap-abc" })).toContain(
      '<option value="move">Move to a folder…</option>',
    );
    expect(bar({ source: "jmap", scoutId: "jmap:jmap-abc" })).toContain('<option value="move">');
    expect(bar({ source: "gmail", scoutId: "gmail" })).not.toContain('value="move"');
    expect(bar({ source: "local_mail", scoutId: "local:mbox" })).not.toContain('value="move"');
  });

  it("finds the account from the suggestion's scout, never from another source's", () => {
    expect(mailAccountOf({ source: "imap", scoutId: "imap:imap-abc" })).toBe("imap-abc");
    expect(mailAccountOf({ source: "jmap", scoutId: "jmap:jmap-x1" })).toBe("jmap-x1");
    expect(mailAccountOf({ source: "imap", scoutId: "jmap:jmap-x1" })).toBeNull();
    expect(mailAccountOf({ source: "gmail", scoutId: "imap:imap-abc" })).toBeNull();
  });

  it("is on the phone's relay card too (same picker), with Snooze and without what needs the computer", () => {
    const accounts = createComputerAccounts({ send: () => true, now: () => 1 });
    const card = (id: string, source: "imap" | "local_mail", account: string | null) => ({
      id,
      source,
      from: "Ana <ana@example.org>",
      subject: `subject ${id}`,
      snippet: "",
      receivedAt: 1,
      status: "new" as const,
      bucket: null,
      why: [],
      proposal: { action: { kind: "archive" as const }, why: "For your information" },
      account,
      folder: "INBOX",
    });
    accounts.handle({
      type: "account_suggestions",
      from: "agent-1",
      full: true,
      items: [card("imap-1", "imap", "imap-abc"), card("local-1", "local_mail", null)],
      agentOnline: true,
    });
    const html = renderToStaticMarkup(
      <ComputerAccountsSection accounts={accounts} timeZone="UTC" now={Date.parse("2026-11-25T10:00:00Z")} />,
    );
    const [imap, local] = html.split('data-id="local-1"');
    expect(imap).toContain('<option value="move">Move to a folder…</option>');
    expect(imap).toContain('<option value="tomorrow_morning">Snooze: ');
    expect(imap).toContain('<option value="snooze_date">');
    for (const gone of ['value="draft_reply"', 'value="unsubscribe"', 'value="task"', 'value="label"'])
      expect(html).not.toContain(gone);
    expect(local).not.toContain('value="move"');
    expect(local).toContain('<option value="tomorrow_morning">Snooze: ');
  });
});
