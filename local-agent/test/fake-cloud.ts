import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket as WsSocket } from "ws";

/** One mailbox message's state at the fake provider. */
export interface FakeMessage {
  labels: Set<string>;
}

const reverseOf: Record<string, string> = {
  archive: "unarchive",
  mark_read: "mark_unread",
  snooze: "unsnooze",
  unsnooze: "archive",
  label: "unlabel",
  trash: "untrash",
};

function apply(m: FakeMessage, action: string, label?: string): void {
  if (action === "archive" || action === "snooze") m.labels.delete("INBOX");
  if (action === "unarchive" || action === "unsnooze") m.labels.add("INBOX");
  if (action === "mark_read") m.labels.delete("UNREAD");
  if (action === "mark_unread") m.labels.add("UNREAD");
  if (action === "label" && label) m.labels.add(label);
  if (action === "unlabel" && label) m.labels.delete(label);
  if (action === "trash") m.labels.add("TRASH");
  if (action === "untrash") m.labels.delete("TRASH");
}

async function readBody(req: IncomingMessage): Promise<string> {
  let s = "";
  for await (const chunk of req) s += chunk;
  return s;
}

/**
 * A loopback stand-in for the Worker: the actions/undo REST API with Idempotency-Key dedupe over a
 * fake mailbox, scout health at `/api/v1/me`, and the device WebSocket checking the bearer token
 * (its welcome carries queued notices once). Test-only.
 */
export async function startFakeCloud(opts: { token: string }) {
  const mailbox = new Map<string, FakeMessage>();
  const applied: { key: string; proposalId: string; action: string }[] = [];
  const byKey = new Map<string, unknown>();
  const ledger = new Map<
    string,
    { proposalId: string; action: string; label?: string; draftId?: string; undone: boolean }
  >();
  /** Gmail drafts the fake holds, by draft id (bodies kept only so tests can read them). */
  const drafts = new Map<string, { proposalId: string; body: string; sessionId?: string }>();
  let mode: "up" | "down" | "lose_answer" = "up";
  /** Requests wait on this before the fake handles them (a call held in flight). */
  let gate: Promise<void> = Promise.resolve();
  let inFlight = 0;
  let n = 0;
  const sockets = new Set<WsSocket>();
  const received: unknown[] = [];
  /** Every request body the cloud was sent (privacy checks read them). */
  const bodies: string[] = [];
  /** Sent in the next welcome frame only, as the hub hands each notice out once. */
  const welcomeNotices: unknown[] = [];
  /** What `GET /api/v1/me` reports per scout. */
  let scouts: Array<{ id: string; needsReauth: boolean } & Record<string, unknown>> = [];
  let onDeviceMessage: (ws: WsSocket, frame: { type: string; proposalId?: string }) => void = () => {};

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (mode === "down") return res.destroy();
    inFlight++;
    await gate;
    inFlight--;
    bodies.push(body);
    if (req.headers.authorization !== `Bearer ${opts.token}`) {
      res.writeHead(401).end("{}");
      return;
    }
    const key = String(req.headers["idempotency-key"] ?? `auto-${++n}`);
    const send = (status: number, value: unknown) => {
      if (mode === "lose_answer") return res.destroy();
      res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
    };
    if (req.method === "GET" && req.url === "/api/v1/me")
      return send(200, { user: { id: "u1", email: "me@example.com" }, scouts });
    if (byKey.has(key)) return send(200, byKey.get(key));
    const action = /^\/api\/v1\/items\/([^/]+)\/actions$/.exec(req.url ?? "");
    const undo = /^\/api\/v1\/ledger\/([^/]+)\/undo$/.exec(req.url ?? "");
    const draft = /^\/api\/v1\/items\/([^/]+)\/draft$/.exec(req.url ?? "");
    if (req.method === "POST" && draft?.[1]) {
      const proposalId = decodeURIComponent(draft[1]);
      if (!mailbox.has(proposalId))
        return send(404, { error: { code: "not_found", message: "no such item" } });
      const b = JSON.parse(body) as { body: string; sessionId?: string };
      const draftId = `draft-${++n}`;
      drafts.set(draftId, { proposalId, body: b.body, sessionId: b.sessionId });
      const ledgerId = `cl-${++n}`;
      ledger.set(ledgerId, { proposalId, action: "draft_reply", draftId, undone: false });
      applied.push({ key, proposalId, action: "draft_reply" });
      byKey.set(key, { draftId, ledgerId });
      return send(200, { draftId, ledgerId });
    }
    if (req.method === "POST" && action?.[1]) {
      const proposalId = decodeURIComponent(action[1]);
      const m = mailbox.get(proposalId);
      if (!m) return send(404, { error: { code: "not_found", message: "no such item" } });
      const b = JSON.parse(body) as { action: string; label?: string };
      apply(m, b.action, b.label);
      const ledgerId = `cl-${++n}`;
      ledger.set(ledgerId, { proposalId, action: b.action, label: b.label, undone: false });
      applied.push({ key, proposalId, action: b.action });
      byKey.set(key, { ledgerId });
      return send(200, { ledgerId });
    }
    if (req.method === "POST" && undo?.[1]) {
      const e = ledger.get(undo[1]);
      if (!e) return send(404, { error: { code: "not_found", message: "no such ledger entry" } });
      if (!e.undone && e.draftId) drafts.delete(e.draftId);
      else if (!e.undone) apply(mailbox.get(e.proposalId)!, reverseOf[e.action] ?? "", e.label);
      e.undone = true;
      applied.push({ key, proposalId: e.proposalId, action: `undo:${e.action}` });
      const value = { ledgerId: `cl-${++n}` };
      byKey.set(key, value);
      return send(200, value);
    }
    res.writeHead(404).end("{}");
  });
  const wss = new WebSocketServer({ noServer: true });
  server.on("upgrade", (req, socket, head) => {
    if (req.url !== "/api/v1/device" || req.headers.authorization !== `Bearer ${opts.token}`) {
      socket.end("HTTP/1.1 401 Unauthorized\r\n\r\n");
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.on("close", () => sockets.delete(ws));
      ws.on("message", (data) => {
        const frame = JSON.parse(String(data));
        received.push(frame);
        if (frame.type === "hello")
          ws.send(
            JSON.stringify({
              type: "welcome",
              userId: "u1",
              deviceId: "d1",
              notices: welcomeNotices.splice(0),
            }),
          );
        onDeviceMessage(ws, frame);
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    mailbox,
    /** The cloud ledger by its id: delete one and its undo answers 404, as a pruned entry would. */
    ledger,
    drafts,
    applied,
    received,
    bodies,
    sockets,
    setMode(m: typeof mode) {
      mode = m;
    },
    /** Notices for the next welcome frame (taken once). */
    queueNotices(list: unknown[]) {
      welcomeNotices.push(...list);
    },
    setScouts(list: typeof scouts) {
      scouts = list;
    },
    /** Holds every request in flight until the returned function is called. */
    hold(): () => void {
      let release = () => {};
      gate = new Promise<void>((r) => {
        release = r;
      });
      return () => {
        gate = Promise.resolve();
        release();
      };
    },
    inFlight: () => inFlight,
    onDeviceMessage(fn: typeof onDeviceMessage) {
      onDeviceMessage = fn;
    },
    addMessage(id: string, labels = ["INBOX", "UNREAD"]) {
      mailbox.set(id, { labels: new Set(labels) });
    },
    labels: (id: string) => [...(mailbox.get(id)?.labels ?? [])].sort(),
    broadcast(frame: unknown) {
      for (const ws of sockets) ws.send(JSON.stringify(frame));
    },
    dropSockets() {
      for (const ws of sockets) ws.terminate();
    },
    async close() {
      for (const ws of sockets) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
export type FakeCloud = Awaited<ReturnType<typeof startFakeCloud>>;
