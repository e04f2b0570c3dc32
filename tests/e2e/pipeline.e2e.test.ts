import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { createClient } from "@libsql/client";
import { createStage1Classifier } from "@scouts/core/triage/stage1";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rfc822 } from "../fakes/gmail/index.ts";
import { eventually, type PipelineStack, startPipelineStack } from "./pipeline-harness.ts";

const CANARY = "canary-e2e-9qx2-never-at-rest";

/** Every file of wrangler's local state (D1, DO storage, queues, caches) whose bytes contain `needle`. */
function filesContaining(dir: string, needle: string): string[] {
  const hits: string[] = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) hits.push(...filesContaining(file, needle));
    else if (readFileSync(file).includes(needle)) hits.push(file);
  }
  return hits;
}

async function keptByStage1(raws: string[]): Promise<number[]> {
  const classifier = createStage1Classifier();
  const kept: number[] = [];
  for (const [i, raw] of raws.entries()) {
    const v = await classifier.classify({ kind: "email", ref: { source: "gmail", id: `m${i}` }, raw });
    if (v.verdict !== "spam") kept.push(i);
  }
  return kept;
}

function cloudDb(persistDir: string) {
  const dir = path.join(persistDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  return createClient({ url: `file:${path.join(dir, file!)}` });
}

describe("pipeline end to end: Gmail push → wrangler dev → local agent", () => {
  let stack: PipelineStack;
  beforeAll(async () => {
    stack = await startPipelineStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("suggestions land in the agent's libSQL DB once each, even with duplicate pushes", async () => {
    await stack.connectGmail();
    const subjects = ["Board meeting moved to Thursday", "Your invoice #4411", "Draft contract for review"];
    const raws = subjects.map((subject, i) =>
      rfc822({
        from: `Colleague ${i} <colleague${i}@example.org>`,
        to: stack.email,
        subject,
        body: `Hi,\n\n${subject}. Let me know what you think when you have a moment.\n\nThanks`,
      }),
    );
    const ids = raws.map((raw) => stack.gmail.addMessage(stack.email, { raw }).id);
    // Stage 1 is the project's own model; what it keeps here is what must arrive, nothing else.
    const kept = await keptByStage1(raws);
    expect(kept.length).toBeGreaterThan(0);
    expect(await stack.push()).toBe(204);
    expect(await stack.push()).toBe(204); // Pub/Sub delivers at least once

    const db = stack.agentDb();
    const rows = await eventually(
      async () => {
        const r = await db.execute(
          "select source_msg_ref, subject, verdict, status from scout_suggestions where source = 'gmail'",
        );
        return r.rows.length >= kept.length ? r.rows : undefined;
      },
      45_000,
      "suggestions in the agent DB",
    );
    expect(rows.map((r) => String(r.source_msg_ref)).sort()).toEqual(kept.map((i) => ids[i]!).sort());
    expect(rows.map((r) => String(r.subject)).sort()).toEqual(kept.map((i) => subjects[i]!).sort());

    // A canary in subject, body and snippet: it reaches the device and nothing in the cloud keeps it.
    const canaryRaw = rfc822({
      from: "Ops <ops@example.org>",
      to: stack.email,
      subject: `Deploy window tonight (ref ${CANARY})`,
      body: `Hi team, the deploy window is tonight at 22:00. Reference ${CANARY} for the change ticket.`,
    });
    expect(await keptByStage1([canaryRaw])).toEqual([0]);
    const more = stack.gmail.addMessage(stack.email, { raw: canaryRaw });
    expect(await stack.push()).toBe(204);
    await eventually(async () => {
      const r = await db.execute({
        sql: "select 1 from scout_suggestions where source_msg_ref = ?",
        args: [more.id],
      });
      return r.rows.length === 1 ? true : undefined;
    });
    const total = await db.execute("select count(*) as n from scout_suggestions where source = 'gmail'");
    expect(Number(total.rows[0]!.n)).toBe(kept.length + 1);

    // The agent acks after storing: every cloud row ends up acked.
    const cloud = cloudDb(stack.worker.persistDir);
    await eventually(async () => {
      // Spam verdicts are remembered by id as `dropped` rows (never delivered): not the agent's to ack.
      const r = await cloud.execute("select status from scout_triage_queue where status != 'dropped'");
      return r.rows.length === kept.length + 1 && r.rows.every((x) => x.status === "acked")
        ? true
        : undefined;
    });
    cloud.close();
    const found = filesContaining(stack.worker.persistDir, CANARY);
    expect(found).toEqual([]);
    expect(stack.worker.output()).not.toContain(CANARY);
    expect(stack.worker.output()).toContain("queue.triage"); // the log capture is real
  });
});
