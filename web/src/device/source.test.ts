import { syncedProject } from "@scouts/core/device/entity-fixture";
import { suggestionFixture } from "@scouts/core/device/suggestion-fixture";
import { describe, expect, it } from "vitest";
import { cloudApi } from "./cloud-api.ts";
import { memoryDeviceStore } from "./memory-store.ts";
import { flushOutbox } from "./outbox.ts";
import { deviceSource, selectSuggestions } from "./source.ts";

const suggestion = suggestionFixture;

/** The cloud's contract for devices (actions → ledgerId, undo → ledgerId) with an on/off network. */
function cloudNetwork() {
  const calls: { path: string; key: string | null; body: unknown }[] = [];
  const applied = new Map<string, string>();
  const net = { online: true, status: 200, gate: Promise.resolve(), inFlight: 0 };
  const fetchFn = (async (url: string, init: RequestInit) => {
    if (!net.online) throw new TypeError("Failed to fetch");
    net.inFlight++;
    await net.gate;
    net.inFlight--;
    const key = new Headers(init.headers).get("idempotency-key");
    calls.push({ path: String(url), key, body: JSON.parse(String(init.body)) });
    if (net.status !== 200)
      return new Response('{"error":{"code":"x","message":"no"}}', { status: net.status });
    const ledgerId = (key && applied.get(key)) ?? `cloud-${calls.length}`;
    if (key) applied.set(key, ledgerId);
    if (String(url).endsWith("/unsubscribe"))
      return Response.json({
        plan: { method: "one_click", url: "https://lists.example/u", mailto: null, reasons: [] },
        done: true,
        httpStatus: 200,
        ledgerId,
        message: "unsubscribed",
      });
    if (String(url).endsWith("/draft")) return Response.json({ ledgerId, draftId: `draft-${ledgerId}` });
    return Response.json({ ledgerId, undone: [] });
  }) as typeof fetch;
  return { calls, net, cloud: cloudApi({ baseUrl: "https://cloud", token: () => "sdt_x", fetch: fetchFn }) };
}

/** A local OpenAI-compatible endpoint: records prompts, answers with fixed text. */
function fakeLlm() {
  const prompts: { url: string; messages: { role: string; content: string }[] }[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    prompts.push({ url: String(url), messages: JSON.parse(String(init.body)).messages });
    return Response.json({ choices: [{ message: { content: "Thanks, Tuesday works." } }] });
  }) as typeof fetch;
  return { prompts, fetchFn };
}

function setup() {
  const store = memoryDeviceStore();
  const network = cloudNetwork();
  const llm = fakeLlm();
  let t = 10_000;
  let id = 0;
  const source = deviceSource({
    ctx: {
      store,
      cloud: network.cloud,
      now: () => ++t,
      ids: () => `l${++id}`,
      sessionId: "sess",
      fetch: llm.fetchFn,
    },
    link: () => ({
      deviceId: "d",
      userId: "u",
      connected: true,
      lastConnectedAt: null,
      lastError: null,
      stage2Runner: "onnxruntime-web",
    }),
  });
  return { store, source, llm, ...network };
}

describe("device source", () => {
  it("lists by filter and search, highest priority first, with a cursor", () => {
    const all = [
      suggestion("a", { priority: 0.2, subject: "Invoice from Acme" }),
      suggestion("b", { priority: 0.9 }),
      suggestion("c", { priority: 0.5, status: "archived" }),
    ];
    expect(selectSuggestions(all, {}).items.map((s) => s.id)).toEqual(["b", "c", "a"]);
    expect(selectSuggestions(all, { status: "new" }).items.map((s) => s.id)).toEqual(["b", "a"]);
    expect(selectSuggestions(all, { q: "acme invoice" }).items.map((s) => s.id)).toEqual(["a"]);
    const first = selectSuggestions(all, { limit: 2 });
    expect(first.nextCursor).toBe("2");
    expect(selectSuggestions(all, { limit: 2, cursor: "2" }).items.map((s) => s.id)).toEqual(["a"]);
  });

  it("searches with the same operators as the agent, and refuses a bad value", () => {
    const all = [
      suggestion("a", { subject: "Invoice from Acme", unread: true, hasAttachment: true, to: "me@x.org" }),
      suggestion("b", { subject: "Lunch", unread: false, hasAttachment: null }),
    ];
    const clock = { now: Date.parse("2026-11-26T10:00:00Z"), timeZone: "UTC" };
    expect(
      selectSuggestions(all, { q: "is:unread has:attachment to:me@x" }, undefined, clock).items.map(
        (s) => s.id,
      ),
    ).toEqual(["a"]);
    expect(selectSuggestions(all, { q: "is:read" }, undefined, clock).items.map((s) => s.id)).toEqual(["b"]);
    expect(() => selectSuggestions(all, { q: "has:pdf" }, undefined, clock)).toThrow(/only has:attachment/);
  });

  it("queues actions offline and replays them in order, each once, keyed by ledger id", async () => {
    const t = setup();
    for (const id of ["a", "b"]) await t.store.insertSuggestion(suggestion(id));
    t.net.online = false;
    const first = await t.source.act("a", { action: "archive" });
    const second = await t.source.act("b", { action: "label", label: "Later" });
    expect([first.status, second.status]).toEqual(["queued", "queued"]);
    expect((await t.source.get("a")).status).toBe("archived");
    expect((await t.source.status()).outbox.pending).toBe(2);
    t.net.online = true;
    expect(await flushOutbox({ store: t.store, cloud: t.cloud })).toEqual({ sent: 2, stoppedBy: null });
    expect(t.calls.map((c) => [c.path, c.key])).toEqual([
      ["https://cloud/api/v1/items/a/actions", first.ledgerId],
      ["https://cloud/api/v1/items/b/actions", second.ledgerId],
    ]);
    expect(t.calls[1]!.body).toMatchObject({ action: "label", label: "Later", sessionId: "sess" });
    expect(await flushOutbox({ store: t.store, cloud: t.cloud })).toEqual({ sent: 0, stoppedBy: null });
    expect(t.calls).toHaveLength(2);
    const ledger = (await t.source.ledger()).items;
    expect(ledger.map((e) => [e.id, e.status])).toEqual([
      [second.ledgerId, "applied"],
      [first.ledgerId, "applied"],
    ]);
  });

  it("undo of a queued action cancels it before it leaves; undo of an applied one goes to the cloud", async () => {
    const t = setup();
    await t.store.insertSuggestion(suggestion("a"));
    t.net.online = false;
    const queued = await t.source.act("a", { action: "archive" });
    const undo = await t.source.undoOne(queued.ledgerId!);
    expect(undo).toMatchObject({ undone: [queued.ledgerId], skipped: [] });
    expect((await t.source.get("a")).status).toBe("new");
    t.net.online = true;
    await flushOutbox({ store: t.store, cloud: t.cloud });
    expect(t.calls).toEqual([]);

    const applied = await t.source.act("a", { action: "archive" });
    expect(applied.status).toBe("applied");
    const cloudId = (await t.store.ledgerGet(applied.ledgerId!))!.cloudLedgerId;
    const undone = await t.source.undoOne(applied.ledgerId!);
    expect(undone.undone).toEqual([applied.ledgerId]);
    expect(t.calls.at(-1)!.path).toBe(`https://cloud/api/v1/ledger/${cloudId}/undo`);
    expect((await t.source.get("a")).status).toBe("new");
    expect((await t.store.ledgerGet(applied.ledgerId!))!.status).toBe("undone");
  });

  it("an undo the cloud refuses reads failed with why, keeps the mailbox's state, and can be retried; undo works under the kill switch", async () => {
    const t = setup();
    await t.store.insertSuggestion(suggestion("a"));
    const applied = await t.source.act("a", { action: "archive" });
    t.net.status = 404;
    const refused = await t.source.undoOne(applied.ledgerId!);
    expect(refused.undone).toEqual([]);
    expect(refused.skipped).toEqual([
      { id: applied.ledgerId, reason: "the cloud refused the undo: cloud answered 404: no" },
    ]);
    expect((await t.source.get("a")).status).toBe("archived");
    expect(await t.store.ledgerGet(applied.ledgerId!)).toMatchObject({ status: "applied", undoneAt: null });
    t.net.status = 200;
    await t.source.control({ command: "kill" });
    const retried = await t.source.undoOne(applied.ledgerId!);
    expect(retried.undone).toEqual([applied.ledgerId]);
    expect((await t.source.get("a")).status).toBe("new");
  });

  it("Approve takes the proposal (or the person's pick) through the ledger; batch approve reports each outcome", async () => {
    const t = setup();
    await t.store.insertSuggestion(suggestion("a", { bucket: "low_priority", cohort: "default" }));
    await t.store.insertSuggestion(suggestion("b", { contentCategory: "receipt", bucket: "informational" }));
    const [listed] = (await t.source.list({ q: "Subject a" })).items;
    expect(listed?.proposal).toEqual({
      action: { kind: "archive" },
      why: "Low priority: nothing for you to do",
    });
    const r = await t.source.decide("a", { decision: "approve" });
    expect(r.outcome).toMatchObject({ action: { kind: "archive" }, status: "applied" });
    expect(t.calls.at(-1)).toMatchObject({
      path: "https://cloud/api/v1/items/a/actions",
      body: { action: "archive" },
    });
    expect(r.suggestion.status).toBe("approved");
    const picked = await t.source.decide("b", { decision: "approve", action: { kind: "task" } });
    expect(picked.entity).toMatchObject({ kind: "task", sourceSuggestionId: "b" });
    await t.source.decide("b", { decision: "reopen" });
    await t.source.putPolicies({ levels: { default: 3 }, lowConfidenceThreshold: 0 });
    const batch = await t.source.batch({ decision: "approve", ids: ["b"] });
    expect(batch.outcomes).toMatchObject([{ id: "b", action: { kind: "label", label: "Receipts" } }]);
    expect(t.calls.at(-1)).toMatchObject({
      path: "https://cloud/api/v1/items/b/actions",
      body: { action: "label", label: "Receipts" },
    });
  });

  it("undo while the action's call is in flight: the cloud applied it, so its undo follows", async () => {
    const t = setup();
    await t.store.insertSuggestion(suggestion("a"));
    let release = () => {};
    t.net.gate = new Promise<void>((r) => {
      release = r;
    });
    const acting = t.source.act("a", { action: "archive" });
    while (t.net.inFlight === 0) await new Promise((r) => setTimeout(r, 1));
    const [entry] = await t.store.ledgerList();
    const undoing = t.source.undoOne(entry!.id);
    while ((await t.store.ledgerGet(entry!.id))?.status !== "cancelled")
      await new Promise((r) => setTimeout(r, 1));
    t.net.gate = Promise.resolve();
    release();
    await acting;
    expect((await undoing).undone).toEqual([entry!.id]);
    await flushOutbox({ store: t.store, cloud: t.cloud });
    const cloudId = (await t.store.ledgerGet(entry!.id))!.cloudLedgerId;
    expect(cloudId).toBeTruthy();
    expect(t.calls.map((c) => c.path)).toEqual([
      "https://cloud/api/v1/items/a/actions",
      `https://cloud/api/v1/ledger/${cloudId}/undo`,
    ]);
    expect((await t.store.ledgerGet(entry!.id))!.status).toBe("cancelled");
    expect((await t.source.get("a")).status).toBe("new");
    expect(await t.store.outboxPending()).toEqual([]);
  });

  it("lists the ledger with each suggestion's subject and sender (never sent to the cloud), and its session", async () => {
    const t = setup();
    await t.store.insertSuggestion(
      suggestion("a", { subject: "Invoice 4471", from: "billing@acme.example" }),
    );
    await t.source.act("a", { action: "archive" });
    const [e] = (await t.source.ledger()).items;
    expect(e).toMatchObject({ action: "archive", subject: "Invoice 4471", from: "billing@acme.example" });
    expect(JSON.stringify(t.calls)).not.toMatch(/Invoice 4471|billing@acme/);
    expect((await t.source.status()).session).toEqual({ id: "sess", startedAt: expect.any(Number) });
  });

  it("a permanent refusal fails that action and the queue moves on", async () => {
    const t = setup();
    await t.store.insertSuggestion(suggestion("a"));
    t.net.status = 404;
    const r = await t.source.act("a", { action: "mark_read" });
    expect(r.status).toBe("refused");
    expect((await t.store.ledgerGet(r.ledgerId!))!.status).toBe("failed");
    expect((await t.source.status()).outbox.pending).toBe(0);
  });

  it("kill switch refuses actions and cancels what is queued; irreversible actions need the agent", async () => {
    const t = setup();
    await t.store.insertSuggestion(suggestion("a"));
    t.net.online = false;
    const queued = await t.source.act("a", { action: "archive" });
    await t.source.control({ command: "kill" });
    expect((await t.store.ledgerGet(queued.ledgerId!))!.status).toBe("cancelled");
    t.net.online = true;
    await flushOutbox({ store: t.store, cloud: t.cloud });
    expect(t.calls).toEqual([]);
    expect((await t.source.act("a", { action: "mark_read" })).status).toBe("refused");
    await expect(t.source.act("a", { action: "send" })).rejects.toThrow(/local agent/);
  });

  it("corrections change the suggestion and are kept for the sender; brief counts open ones", async () => {
    const t = setup();
    await t.store.insertSuggestion(suggestion("a", { receivedAt: Date.now() }));
    const r = await t.source.correct("a", { bucket: "urgent" });
    expect(r.suggestion).toMatchObject({ bucket: "urgent", corrected: true });
    expect((await t.store.sender("ann@example.com"))!.corrections.map((c) => c.to)).toEqual(["urgent"]);
    const brief = await t.source.brief("morning");
    expect(brief.buckets.find((b) => b.bucket === "urgent")!.count).toBe(1);
  });

  it("converts into a local entity it lists, edits (event start, end, place) and deletes as a tombstone", async () => {
    const { store, source } = setup();
    await store.insertSuggestion(
      suggestion("s1", {
        subject: "Board meeting",
        snippet: "Room 4 at 10",
        entities: [{ kind: "date", text: "Dec 3", value: "2026-12-03" }],
      }),
    );
    const events: string[] = [];
    source.subscribe((e) => events.push(e.type));
    const { entity } = await source.decide("s1", { decision: "convert", convertTo: "event" });
    expect(entity).toMatchObject({ kind: "event", title: "Board meeting", start: Date.parse("2026-12-03") });
    expect((await source.entities!("events")).items.map((e) => e.id)).toEqual([entity!.id]);
    const edited = await source.patchEntity!("events", entity!.id, {
      start: 5_000,
      end: 9_000,
      location: "Room 4",
    });
    expect(edited).toMatchObject({ start: 5_000, end: 9_000, location: "Room 4", title: "Board meeting" });
    await expect(source.patchEntity!("tasks", entity!.id, { title: "x" })).rejects.toThrow(/no such entity/);
    await source.deleteEntity!("events", entity!.id);
    expect((await source.entities!("events")).items).toEqual([]);
    // The log holds three versions' worth of sequence; the last is a tombstone written by this device.
    const log = await source.entityLog.sync.changesSince(0, 10);
    expect(log.map((r) => r.seq)).toEqual([3]);
    expect(log[0]!.entity).toMatchObject({ deleted: true, title: "", location: null, writer: "d" });
    expect(events.filter((e) => e === "entity.changed")).toHaveLength(3);
  });

  it("lists projects synced from the agent, edits only name and notes, links tasks only to them", async () => {
    const { store, source } = setup();
    let changed = 0;
    source.subscribeProjects!(() => changed++);
    const fromAgent = syncedProject({ id: "p1", title: "Website", writer: "agent", updatedAt: 500 });
    expect(await source.entityLog.sync.apply([fromAgent])).toEqual([fromAgent]);
    expect(await source.syncedProjects!()).toEqual([
      {
        id: "p1",
        name: "Website",
        notes: "launch in May",
        folderName: "site",
        fileCount: 12,
        lastScanAt: 90,
        createdAt: 100,
        updatedAt: 500,
      },
    ]);
    // A project is not a task or note.
    expect((await source.entities!("tasks")).items).toEqual([]);

    const renamed = await source.patchSyncedProject!("p1", { name: "Site relaunch", notes: "June" });
    expect(renamed).toMatchObject({
      name: "Site relaunch",
      notes: "June",
      folderName: "site",
      fileCount: 12,
    });
    expect(changed).toBe(1);
    const [last] = (await source.entityLog.sync.changesSince(1, 10)).map((r) => r.entity);
    expect(last).toMatchObject({
      id: "p1",
      kind: "project",
      title: "Site relaunch",
      writer: "d",
      updatedAt: 10_001,
    });
    await expect(source.patchSyncedProject!("p1", { name: " " })).rejects.toThrow(/name/);
    await expect(source.patchSyncedProject!("nope", { name: "x" })).rejects.toThrow(/no project nope/);

    await store.insertSuggestion(suggestion("s1"));
    await expect(
      source.decide("s1", { decision: "convert", convertTo: "task", entity: { projectId: "unknown" } }),
    ).rejects.toThrow(/no project unknown/);
    const { entity } = await source.decide("s1", {
      decision: "convert",
      convertTo: "task",
      entity: { projectId: "p1" },
    });
    expect(entity?.projectId).toBe("p1");
  });

  it("answers Ask from IndexedDB with the agent's deterministic answers, phrased by a local model when set", async () => {
    const { store, source, llm } = setup();
    await store.insertSuggestion(
      suggestion("u1", { bucket: "urgent", subject: "Server down", storedAt: 10_000 }),
    );
    await store.insertSuggestion(suggestion("n1", { bucket: "informational", subject: "Newsletter" }));
    const plain = await source.ask!("what's urgent today?");
    expect(plain).toMatchObject({ intent: "urgent_today", phrasedBy: "deterministic" });
    expect(plain.links.map((l) => l.suggestionId)).toEqual(["u1"]);
    expect(llm.prompts).toHaveLength(0);
    await expect(source.patchSettings({ llmBaseUrl: "https://api.example.com/v1" })).rejects.toThrow(
      /the language model must be on this machine.*api.example.com is not this machine/,
    );
    await source.patchSettings({ llmBaseUrl: "http://127.0.0.1:11434/v1", llmModel: "qwen" });
    expect((await source.status()).llm.configured).toBe(true);
    const phrased = await source.ask!("what's urgent today?");
    expect(phrased).toMatchObject({ phrasedBy: "llm", answer: "Thanks, Tuesday works." });
    expect(llm.prompts[0]!.url).toBe("http://127.0.0.1:11434/v1/chat/completions");
    expect(llm.prompts[0]!.messages[1]!.content).toContain("Server down");
  });

  it("drafts only through a local model; saves the draft in Gmail through the cloud, undoable", async () => {
    const { store, source, calls, net } = setup();
    await store.insertSuggestion(
      suggestion("g1", { subject: "Meet Tuesday?", snippet: "Does Tuesday work?" }),
    );
    expect((await source.status()).llm.configured).toBe(false);
    await expect(source.draft("g1")).rejects.toThrow(/language model on this machine/);
    expect(calls).toHaveLength(0);
    await source.patchSettings({ llmBaseUrl: "http://localhost:8080/v1" });
    const saved = await source.draft("g1", "say yes");
    expect(saved).toMatchObject({ text: "Thanks, Tuesday works.", stored: true, draftId: "draft-cloud-1" });
    expect(calls[0]).toMatchObject({
      path: "https://cloud/api/v1/items/g1/draft",
      key: saved.ledgerId,
      body: { body: "Thanks, Tuesday works.", sessionId: "sess" },
    });
    expect((await store.getSuggestion("g1"))?.draftId).toBe("draft-cloud-1");
    const entry = await store.ledgerGet(saved.ledgerId!);
    expect(entry).toMatchObject({ action: "draft_reply", status: "applied", reversible: true });
    expect(entry?.reversal).toMatchObject({ action: "delete_draft", draftId: "draft-cloud-1" });
    // Offline: the draft waits in the outbox.
    net.online = false;
    const queued = await source.draft("g1");
    expect(queued).toMatchObject({ stored: false, queued: true });
    expect((await store.outboxPending()).map((o) => o.kind)).toEqual(["draft"]);
  });

  it("unsubscribes through the cloud once confirmed, records it irreversible, and refuses under the kill switch", async () => {
    const { store, source, calls } = setup();
    await store.insertSuggestion(suggestion("nl", { cohort: "newsletters", subject: "Weekly deals" }));
    const out = await source.unsubscribe!("nl");
    expect(out).toMatchObject({ done: true, httpStatus: 200 });
    expect(calls).toEqual([
      {
        path: "https://cloud/api/v1/items/nl/unsubscribe",
        key: out.ledgerId,
        body: { confirmed: true, sessionId: "sess" },
      },
    ]);
    const entry = await store.ledgerGet(out.ledgerId!);
    expect(entry).toMatchObject({
      action: "unsubscribe",
      status: "applied",
      reversible: false,
      cloudLedgerId: "cloud-1",
    });
    const undo = await source.undoOne(out.ledgerId!);
    expect(undo.undone).toEqual([]);
    await source.control({ command: "kill" });
    await expect(source.unsubscribe!("nl")).rejects.toThrow(/kill/i);
    expect(calls).toHaveLength(1);
  });
});
