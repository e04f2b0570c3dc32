import { describe, expect, it } from "vitest";
import { createFakeGmail, rfc822 } from "./gmail/index.ts";
import { createFakeGoogleOAuth } from "./google-oauth.ts";
import { serveFake } from "./serve.ts";
import { createFakeSlack } from "./slack.ts";

const email = "me@example.com";

describe("fakes", () => {
  it("serve the fake Gmail on loopback with bearer auth, history and 404 for stale cursors", async () => {
    const gmail = createFakeGmail();
    const token = gmail.addAccount(email, { startHistoryId: "9007199254740993" });
    const { historyId } = gmail.addMessage(email, {
      raw: rfc822({ from: "a@b.test", subject: "S", body: "B" }),
    });
    const server = await serveFake(gmail.handler);
    try {
      const get = (path: string, auth = token) =>
        fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${auth}` } });
      expect((await get("/gmail/v1/users/me/profile", "wrong")).status).toBe(401);
      const res = await get("/gmail/v1/users/me/history?startHistoryId=9007199254740993");
      const page = (await res.json()) as { history: unknown[]; historyId: string };
      expect(page.history).toHaveLength(1);
      expect(page.historyId).toBe(historyId);
      expect(BigInt(historyId)).toBeGreaterThan(9007199254740993n);
      gmail.expireHistory(email);
      expect((await get("/gmail/v1/users/me/history?startHistoryId=9007199254740993")).status).toBe(404);
      expect((await get("/gmail/v1/users/me/history?startHistoryId=0")).status).toBe(400);
      expect(gmail.quota.total(email)).toBe(3 * 2); // three history.list calls; the 401 is not charged
    } finally {
      await server.close();
    }
  });

  it("refuses batches over 100 calls and charges each call in a batch", async () => {
    const gmail = createFakeGmail();
    const token = gmail.addAccount(email);
    const { id } = gmail.addMessage(email, { raw: rfc822({ from: "a@b.test", subject: "S", body: "B" }) });
    const body = (n: number) =>
      `${Array.from({ length: n }, (_, i) => `--b\r\nContent-Type: application/http\r\nContent-ID: <item${i}>\r\n\r\nGET /gmail/v1/users/me/messages/${id}?format=minimal\r\n\r\n`).join("")}--b--\r\n`;
    const post = (n: number) =>
      gmail.handler(
        new Request("https://gmail.test/batch/gmail/v1", {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "multipart/mixed; boundary=b" },
          body: body(n),
        }),
      );
    expect((await post(101)).status).toBe(400);
    const ok = await post(3);
    const text = await ok.text();
    expect(text.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(3);
    expect(text).toContain("Content-ID: <response-item2>");
    expect(gmail.quota.total(email)).toBe(15);
  });

  it("answers messages.get format=minimal with id and labels only, and honours top-level fields", async () => {
    const gmail = createFakeGmail();
    const token = gmail.addAccount(email);
    const { id } = gmail.addMessage(email, { raw: rfc822({ from: "a@b.test", subject: "S", body: "B" }) });
    const get = async (query: string) => {
      const res = await gmail.handler(
        new Request(`https://gmail.test/gmail/v1/users/me/messages/${id}?${query}`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      );
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const minimal = (await get("format=minimal")).body;
    expect(minimal).toMatchObject({ id, labelIds: ["INBOX", "UNREAD"] });
    expect(Object.keys(minimal)).not.toContain("payload");
    expect(Object.keys(minimal)).not.toContain("snippet");
    expect((await get("format=minimal&fields=id,labelIds")).body).toEqual({
      id,
      labelIds: ["INBOX", "UNREAD"],
    });
    expect((await get("format=metadata&fields=payload/headers")).status).toBe(400);
  });

  it("enforces the per-user quota with 429", async () => {
    let now = 0;
    const gmail = createFakeGmail({ clock: { now: () => now }, unitsPerMinute: 10 });
    const token = gmail.addAccount(email);
    const call = () =>
      gmail.handler(
        new Request("https://g.test/gmail/v1/users/me/messages", {
          headers: { authorization: `Bearer ${token}` },
        }),
      );
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(200);
    expect((await call()).status).toBe(429);
    now = 60_001;
    expect((await call()).status).toBe(200);
  });

  it("fake Gmail labels behave like Gmail: list with system labels, create, 409 on a duplicate, 400 on unknown ids", async () => {
    const gmail = createFakeGmail();
    const token = gmail.addAccount(email);
    const { id } = gmail.addMessage(email, { raw: rfc822({ from: "a@b.test", subject: "S", body: "B" }) });
    const call = (method: string, path: string, body?: unknown) =>
      gmail.handler(
        new Request(`https://g.test/gmail/v1/users/me${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
    const list = (await (await call("GET", "/labels")).json()) as { labels: { id: string; type: string }[] };
    expect(list.labels.map((l) => l.id)).toContain("INBOX");
    expect(list.labels.every((l) => l.type === "system")).toBe(true);
    const made = (await (await call("POST", "/labels", { name: "Receipts" })).json()) as { id: string };
    expect(made.id).toMatch(/^Label_\d+$/);
    expect((await call("POST", "/labels", { name: "RECEIPTS" })).status).toBe(409);
    expect((await call("POST", "/labels", { name: "Inbox" })).status).toBe(400);
    expect((await call("POST", `/messages/${id}/modify`, { addLabelIds: ["Receipts"] })).status).toBe(400);
    expect((await call("POST", `/messages/${id}/modify`, { addLabelIds: [made.id] })).status).toBe(200);
    expect(gmail.labelNames(email, id)).toEqual(["INBOX", "Receipts", "UNREAD"]);
    expect(gmail.quota.total(email)).toBe(1 + 5 * 3 + 5 * 2);
  });

  it("fake OAuth refreshes, keeps no new refresh token and answers invalid_grant after revoke", async () => {
    const oauth = createFakeGoogleOAuth({ clientId: "cid", clientSecret: "cs" });
    const refresh = oauth.issueRefreshToken(email);
    const form = (rt: string) =>
      new Request("https://oauth2.test/token", {
        method: "POST",
        body: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token: rt,
          client_id: "cid",
          client_secret: "cs",
        }),
      });
    const ok = (await (await oauth.handler(form(refresh))).json()) as Record<string, string>;
    expect(ok.access_token).toMatch(/^ya29\./);
    expect(ok.refresh_token).toBeUndefined();
    oauth.revoke(refresh);
    const res = await oauth.handler(form(refresh));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe("invalid_grant");
  });

  it("fake Slack answers history inclusive at ts and rate-limits posts per channel", async () => {
    let now = 1_800_000_000_000;
    const slack = createFakeSlack({ clock: { now: () => now } });
    slack.addChannel({ id: "C1", name: "general" });
    const ts = slack.addMessage("C1", { user: "U1", text: "hello" });
    const call = (method: string, body: Record<string, string>) =>
      slack.handler(
        new Request(`https://slack.test/api/${method}`, {
          method: "POST",
          headers: { authorization: `Bearer ${slack.botToken}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
      );
    const h = (await (
      await call("conversations.history", { channel: "C1", latest: ts, inclusive: "true", limit: "1" })
    ).json()) as { messages: Array<{ text: string }> };
    expect(h.messages[0]!.text).toBe("hello");
    expect((await call("chat.postMessage", { channel: "C1", text: "a" })).status).toBe(200);
    expect((await call("chat.postMessage", { channel: "C1", text: "b" })).status).toBe(429);
    now += 1000;
    expect((await call("chat.postMessage", { channel: "C1", text: "b" })).status).toBe(200);
    expect(await (await call("conversations.info", { channel: "C9" })).json()).toEqual({
      ok: false,
      error: "channel_not_found",
    });
  });
});
