import { localApiClient, readLocalEvents } from "@scouts/core/protocol/local-client";
import { afterEach, describe, expect, it } from "vitest";
import { createLocalApi } from "../api/app.ts";
import { createLocalAuth } from "../api/auth.ts";
import { ingestItem } from "../services/ingest.ts";
import { agentFixture, item, keywordStage2 } from "./agent-fixture.ts";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe("core's typed local API client against the agent's routes", () => {
  it("round-trips every main screen's calls with validated answers", async () => {
    const fx = await agentFixture({ stage2: keywordStage2 });
    cleanups.push(fx.close);
    const auth = createLocalAuth(fx.ctx.db, () => Date.now());
    const app = createLocalApi({
      ctx: fx.ctx,
      auth,
      pwaOrigins: [],
      devPair: true,
      remoteAddress: () => "127.0.0.1",
    });
    let token: string | null = null;
    const fetchApp = (input: string | URL | Request, init?: RequestInit) =>
      Promise.resolve(app.request(String(input), init));
    const agent = localApiClient({ fetch: fetchApp, baseUrl: "http://127.0.0.1:8788", token: () => token });
    await expect(agent.status()).rejects.toMatchObject({ code: "unauthenticated" });
    token = (await agent.devToken()).token;
    await ingestItem({ ctx: fx.ctx, input: item({ id: "c1", subject: "Urgent: approve budget today" }) });
    const page = await agent.suggestions({ status: "new" });
    expect(page.items.map((s) => s.id)).toEqual(["c1"]);
    const corrected = await agent.correct("c1", { bucket: "actionable" });
    expect(corrected.suggestion.bucket).toBe("actionable");
    const brief = await agent.brief("morning");
    expect(brief.markdown).toContain("Needs action (1)");
    expect((await agent.ask("summarize my inbox")).intent).toBe("summarize");
    expect((await agent.previewLevel(2)).allows.every((a) => a.mode !== "act")).toBe(true);
    const status = await agent.control({ command: "pause" });
    expect(status.control.paused).toBe(true);
    const task = await agent.createEntity("tasks", { title: "Pay invoice", body: "" });
    expect((await agent.patchEntity("tasks", task.id, { done: true })).done).toBe(true);
    expect(await agent.deleteEntity("tasks", task.id)).toEqual({ deleted: true });
    expect((await agent.entities("tasks")).items).toEqual([]);
    await expect(agent.deleteEntity("tasks", task.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(agent.suggestion("missing")).rejects.toMatchObject({ code: "not_found" });

    const res = await app.request("http://127.0.0.1:8788/local/v1/events", {
      headers: { authorization: `Bearer ${token}` },
    });
    const events = readLocalEvents(res.body!);
    expect((await events.next()).value).toMatchObject({ type: "status.changed" });
    await ingestItem({ ctx: fx.ctx, input: item({ id: "c2" }) });
    expect((await events.next()).value).toMatchObject({
      type: "suggestion.created",
      suggestion: { id: "c2" },
    });
    await events.return(undefined);
  });
});
