import { suggestionFixture } from "@scouts/core/device/suggestion-fixture";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ApproveBar } from "./approve-bar.tsx";
import { mailAccountOf } from "./folder-picker.tsx";

const bar = (over: Parameters<typeof suggestionFixture>[1]) =>
  renderToStaticMarkup(
    <ApproveBar
      s={suggestionFixture("a", over)}
      timeZone="UTC"
      now={Date.parse("2026-11-25T10:00:00Z")}
      draftOff={null}
      canUnsubscribe={false}
      onApprove={() => {}}
    />,
  );

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
});
