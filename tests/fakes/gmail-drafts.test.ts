import { describe, expect, it } from "vitest";
import { createFakeGmail, rfc822 } from "./gmail/index.ts";
import { base64url } from "./gmail/mime.ts";

const email = "me@example.com";

describe("fake Gmail drafts", () => {
  it("stores drafts per user, charges units, 404s unknown drafts and threads, and injects faults", async () => {
    const gmail = createFakeGmail();
    const token = gmail.addAccount(email);
    const otherToken = gmail.addAccount("other@example.com");
    const { threadId } = gmail.addMessage(email, {
      raw: rfc822({ from: "a@b.test", subject: "S", body: "B" }),
    });
    const call = (method: string, path: string, body?: unknown, auth = token) =>
      gmail.handler(
        new Request(`https://gmail.test/gmail/v1/users/me${path}`, {
          method,
          headers: { authorization: `Bearer ${auth}`, "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
    const raw = base64url("To: a@b.test\r\nSubject: Re: S\r\n\r\nhello");
    const created = await call("POST", "/drafts", { message: { raw, threadId } });
    expect(created.status).toBe(200);
    const draft = (await created.json()) as { id: string; message: { threadId: string; labelIds: string[] } };
    expect(draft.message).toMatchObject({ threadId, labelIds: ["DRAFT"] });
    expect(gmail.quota.total(email)).toBe(10);
    expect((await call("GET", `/drafts/${draft.id}`, undefined, otherToken)).status).toBe(404);
    expect((await call("POST", "/drafts", { message: { raw, threadId: "nope" } })).status).toBe(404);
    expect((await call("POST", "/drafts", { message: { raw: "%%%" } })).status).toBe(400);
    gmail.faults.failNext(1, "503");
    expect((await call("DELETE", `/drafts/${draft.id}`)).status).toBe(503);
    expect(gmail.mailbox(email).drafts.size).toBe(1);
    expect((await call("DELETE", `/drafts/${draft.id}`)).status).toBe(204);
    expect((await call("DELETE", `/drafts/${draft.id}`)).status).toBe(404);
    expect(gmail.mailbox(email).drafts.size).toBe(0);
    expect(gmail.mailbox(email).sent).toEqual([]);
    expect((await call("POST", "/messages/send", { message: { raw } })).status).toBe(200);
    expect(gmail.mailbox(email).sent).toHaveLength(1);
    expect(gmail.calls.filter((c) => c.call === "send")).toHaveLength(1);
  });
});
