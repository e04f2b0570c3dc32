import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CoreError } from "../errors.ts";
import { Bucket, SpeechAct } from "../protocol/local-api.ts";
import { analyze } from "./analyze.ts";
import { toRow } from "./features/featurize.ts";
import { STAGE2_NAMED } from "./features/stage2-features.ts";
import { CATEGORIES, expectedPriority } from "./labels.ts";
import { STAGE2_SIDECAR } from "./model/stage2-sidecar.ts";
import { emptyPersonalLayer } from "./personal.ts";
import {
  classifyStage2,
  groupWhy,
  learnStage2Correction,
  STAGE2_HASHING,
  stage2BagOf,
  stage2Outputs,
} from "./stage2.ts";
import { createTsRunner } from "./ts-runner.ts";

const runner = createTsRunner(
  new Uint8Array(readFileSync(path.join(import.meta.dirname, "model/stage2.onnx"))),
);
const newsletter = [
  "From: Deals Weekly <news@deals.example>",
  "To: you@example.com",
  "Subject: This week's offers",
  "List-Unsubscribe: <https://deals.example/unsub>",
  "List-Id: <weekly.deals.example>",
  "Precedence: bulk",
  "Date: Tue, 03 Mar 2026 09:10:00 +0000",
  "",
  "Our best offers this week. Save 20% on everything. Unsubscribe any time.",
].join("\r\n");

describe("groupWhy", () => {
  it("says each reason once, with the labels it supports and its effect on priority", () => {
    expect(
      groupWhy(
        [
          ["low priority", ["it names a deadline", "a person wrote it"]],
          ["request", ["it asks you to do something", "it names a deadline"]],
          ["personal", ["a person wrote it"]],
        ],
        [
          { words: "it names a deadline", effect: "raises" },
          { words: "it reads like personal mail", effect: "lowers" },
        ],
      ),
    ).toEqual([
      "low priority, request: it names a deadline (raises priority)",
      "low priority, personal: a person wrote it",
      "request: it asks you to do something",
      "it reads like personal mail (lowers priority)",
    ]);
  });

  it("names a label once when several phrases support only it", () => {
    expect(
      groupWhy(
        [
          ["low priority", ["it comes from a mailing list", "it only informs"]],
          ["inform", ["it only informs"]],
          ["newsletter", ["it comes from a mailing list", "it has an unsubscribe link"]],
        ],
        [{ words: "it has an unsubscribe link", effect: "lowers" }],
      ),
    ).toEqual([
      "low priority, newsletter: it comes from a mailing list",
      "low priority, inform: it only informs",
      "newsletter: it has an unsubscribe link (lowers priority)",
    ]);
    expect(
      groupWhy(
        [
          ["low priority", ["it comes from a mailing list", "it has an unsubscribe link"]],
          ["inform", ["it only informs"]],
        ],
        [{ words: "a stranger wrote it", effect: "lowers" }],
      ),
    ).toEqual([
      "low priority: it comes from a mailing list; it has an unsubscribe link",
      "inform: it only informs",
      "a stranger wrote it (lowers priority)",
    ]);
  });
});

describe("classifyStage2", () => {
  it("returns values inside every enum, a priority in [0,1] and a why", async () => {
    const r = await classifyStage2({ ctx: { runner }, input: { from: "", subject: "", raw: newsletter } });
    expect(Bucket.options).toContain(r.bucket);
    expect(SpeechAct.options).toContain(r.speechAct);
    expect(CATEGORIES).toContain(r.category);
    expect(r.priority).toBeGreaterThanOrEqual(0);
    expect(r.priority).toBeLessThanOrEqual(1);
    expect(r.why.length).toBeGreaterThan(0);
    expect(r.cohortHints).toContain("newsletters");
    expect(r.bucket).toBe("low_priority");
  });

  it("works from metadata alone (no raw message)", async () => {
    const r = await classifyStage2({
      ctx: { runner, now: () => Date.parse("2026-03-03T09:00:00Z") },
      input: {
        from: "Ann Lee <ann@acme.example>",
        subject: "Can you review the contract by tomorrow?",
        snippet: "Could you send comments by tomorrow at 3pm? Thanks",
      },
    });
    expect(SpeechAct.options).toContain(r.speechAct);
    expect(r.entities.some((e) => e.kind === "datetime" && e.value === "2026-03-04T15:00:00+00:00")).toBe(
      true,
    );
  });

  // The shipped sidecar records which rules CV kept (select-stage2.ts); skipped, visibly, if not this one.
  const shippedRules = (STAGE2_SIDECAR as { rules?: readonly string[] }).rules ?? [];
  it.skipIf(!shippedRules.includes("calendar"))(
    "combines the shipped heads with the calendar rule, says so in the why, and lets a correction overturn it",
    async () => {
      const invite = [
        "From: Ruben de Vries <ruben.devries@corp.example>",
        "To: you@corp.example",
        "Subject: Could you send me the pool config before Thursday?",
        "Date: Tue, 03 Mar 2026 09:10:00 +0000",
        "MIME-Version: 1.0",
        "Content-Type: text/calendar; method=REQUEST; charset=utf-8",
        "",
        "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nBEGIN:VEVENT\r\nSUMMARY:Pool config\r\nDTSTART:20260305T100000Z\r\nEND:VEVENT\r\nEND:VCALENDAR",
      ].join("\r\n");
      const input = { from: "", subject: "", raw: invite };
      const r = await classifyStage2({ ctx: { runner }, input });
      expect(r.speechAct).toBe("meet");
      expect(r.whyByLabel.speech_act[0]).toBe("it is a calendar invitation");
      // The person says it is a request: their corrections move the label past the rule's 0.9.
      const personal = emptyPersonalLayer();
      for (let k = 0; k < 8; k++)
        await learnStage2Correction({
          ctx: { runner, personal },
          input: { item: input, head: "speech_act", label: "request" },
        });
      const mine = await classifyStage2({ ctx: { runner, personal }, input });
      expect(mine.speechAct).toBe("request");
      expect(mine.whyByLabel.speech_act[0]).toBe("you corrected similar mail to this before");
    },
  );

  it("rejects bad input with CoreError bad_input naming the path", async () => {
    const err = await classifyStage2({ ctx: { runner }, input: { from: 1 } as never }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(CoreError);
    expect((err as CoreError).code).toBe("bad_input");
    expect((err as CoreError).message).toContain("from");
  });

  it("why is honest: each stated feature moves the score in the stated direction when removed", async () => {
    const a = await analyze(
      { kind: "email", ref: { source: "demo", id: "w" }, raw: newsletter },
      STAGE2_HASHING,
      { explain: true },
    );
    if (!a.ok) throw new Error(a.reason);
    const r = await classifyStage2({ ctx: { runner }, input: { from: "", subject: "", raw: newsletter } });
    const row = toRow(stage2BagOf(a), STAGE2_HASHING.bits);
    // Priority is the expectation of the bucket distribution the heads and rules give.
    const priorityOf = async (values: Float32Array) =>
      expectedPriority((await stage2Outputs(runner, [{ ...row, values }])).bucket!);
    const base = await priorityOf(Float32Array.from(row.values));
    expect(base).toBeCloseTo(r.priority, 6);
    expect(r.whyFeatures.length).toBeGreaterThan(0);
    for (const w of r.whyFeatures) {
      // The slot whose removal moves the priority by the stated amount: zeroed, the score must
      // move against the stated effect.
      let moved: number | undefined;
      for (let j = 0; j < row.values.length && moved === undefined; j++) {
        const values = Float32Array.from(row.values);
        values[j] = 0;
        const p = await priorityOf(values);
        if (Math.abs(base - p - w.value) < 1e-6) moved = p;
      }
      expect(moved, w.feature).toBeDefined();
      if (w.effect === "raises") expect(moved!, w.feature).toBeLessThan(base);
      else expect(moved!, w.feature).toBeGreaterThan(base);
    }
  });

  it("one correction moves mail like it, not everything that shares common words with it", async () => {
    const personal = emptyPersonalLayer();
    const meeting = {
      from: "Ann Colleague <ann@example.org>",
      subject: "Can we meet on Friday?",
      raw: [
        "From: Ann Colleague <ann@example.org>",
        "To: you@example.com",
        "Subject: Can we meet on Friday?",
        "Date: Tue, 03 Mar 2026 09:10:00 +0000",
        "",
        "Hi, can we meet on Friday to go through the plan? Would 10 work for you? Thanks, Ann",
      ].join("\r\n"),
    };
    await learnStage2Correction({
      ctx: { runner, personal },
      input: { item: meeting, head: "bucket", label: "urgent" },
    });
    expect((await classifyStage2({ ctx: { runner, personal }, input: meeting })).bucket).toBe("urgent");
    // A digest with no List-* header, so its own signals are weak and common words could tip it.
    const digest = [
      "From: Harbour Letters <letters@harbour-letters.example>",
      "To: you@example.com",
      "Subject: Harbour Letters: three reads for the weekend",
      "Date: Tue, 03 Mar 2026 09:10:00 +0000",
      "",
      "Hello,\n\nThis week: how a small town rebuilt its library, a long walk along the coast, and your letters.\n\nRead it online at https://harbour-letters.example/issue/88\n\nThe Harbour Letters team",
    ].join("\r\n");
    for (const raw of [newsletter, digest]) {
      const item = { from: "", subject: "", raw };
      const shipped = await classifyStage2({ ctx: { runner }, input: item });
      const after = await classifyStage2({ ctx: { runner, personal }, input: item });
      expect(after.bucket).toBe(shipped.bucket);
    }
  });

  it("priority agrees with the bucket: an urgent note sorts above a newsletter, and a correction to urgent raises it", async () => {
    const note = [
      "From: Iris Vogel <iris@cordwain.example>",
      "To: you@example.com",
      "Subject: server room flooding",
      "Date: Tue, 03 Mar 2026 09:10:00 +0000",
      "",
      "Water is coming in under the server room door right now. Can you come down immediately?",
    ].join("\r\n");
    const urgent = await classifyStage2({ ctx: { runner }, input: { from: "", subject: "", raw: note } });
    const bulk = await classifyStage2({ ctx: { runner }, input: { from: "", subject: "", raw: newsletter } });
    expect(urgent.priority).toBeGreaterThan(bulk.priority);
    const personal = emptyPersonalLayer();
    const item = { from: "", subject: "", raw: newsletter };
    for (let n = 0; n < 3; n++)
      await learnStage2Correction({
        ctx: { runner, personal },
        input: { item, head: "bucket", label: "urgent" },
      });
    const corrected = await classifyStage2({ ctx: { runner, personal }, input: item });
    expect(corrected.bucket).toBe("urgent");
    expect(corrected.priority).toBeGreaterThan(bulk.priority);
  });

  it("why is honest end to end: dropping the List-Unsubscribe header it blames raises priority", async () => {
    const r = await classifyStage2({ ctx: { runner }, input: { from: "", subject: "", raw: newsletter } });
    const listWhy = r.whyFeatures.find(
      (w) => w.feature.startsWith("rule:list_") || w.feature === "rule:bulk_precedence",
    );
    expect(listWhy?.effect).toBe("lowers");
    const header = {
      "rule:list_unsubscribe": "List-Unsubscribe",
      "rule:list_id": "List-Id",
      "rule:bulk_precedence": "Precedence",
    }[listWhy!.feature]!;
    const without = newsletter
      .split("\r\n")
      .filter((l) => !l.startsWith(`${header}:`))
      .join("\r\n");
    const r2 = await classifyStage2({ ctx: { runner }, input: { from: "", subject: "", raw: without } });
    expect(r2.priority).toBeGreaterThan(r.priority);
  });

  it("gives reasons for every label, never from features nearly every message has", async () => {
    const ubiquitous = new Set(STAGE2_SIDECAR.ubiquitous as readonly number[]);
    const urgent = [
      "From: Priya <priya@corp.example>",
      "To: me@corp.example",
      "Subject: production is down, need your approval for the rollback now",
      "Date: Tue, 03 Mar 2026 09:10:00 +0000",
      "",
      "Checkout is failing for every customer since 09:02. Can you approve the rollback in the next 15 minutes?",
    ].join("\r\n");
    for (const raw of [newsletter, urgent]) {
      const r = await classifyStage2({ ctx: { runner }, input: { from: "", subject: "", raw } });
      for (const label of ["bucket", "speech_act", "category", "priority"] as const)
        expect(r.whyByLabel[label].length, label).toBeGreaterThan(0);
      const a = await analyze({ kind: "email", ref: { source: "demo", id: "w" }, raw }, STAGE2_HASHING, {
        explain: true,
      });
      if (!a.ok) throw new Error(a.reason);
      const present = new Set(toRow(stage2BagOf(a), STAGE2_HASHING.bits).indices);
      // A ubiquitous feature present here must not be what the reasons cite.
      const cited = r.whyFeatures.map((w) => w.feature);
      for (const i of present) if (ubiquitous.has(i)) expect(cited).not.toContain(featureName(i));
    }
  });

  it("never says a reason twice for one label, and never names a lone function word", async () => {
    const mails = [
      newsletter,
      [
        "From: LinkedIn <invitations@linkedin.com>",
        "To: you@example.com",
        "Subject: Maya Lee wants to connect",
        "Date: Tue, 03 Mar 2026 09:10:00 +0000",
        "",
        "Maya Lee, Product Lead at Acme, has invited you to connect. Accept the invitation or ignore it.",
      ].join("\r\n"),
      [
        "From: Status <status@cloud.example>",
        "To: you@example.com",
        "Subject: The scheduled maintenance is complete",
        "Date: Tue, 03 Mar 2026 09:10:00 +0000",
        "",
        "The maintenance of the storage service is complete. All the systems are running as usual. The team",
      ].join("\r\n"),
    ];
    const content = (w: string) =>
      new Set(
        w
          .toLowerCase()
          .split(/[^\p{L}]+/u)
          .filter((x) => x.length > 3),
      );
    for (const raw of mails) {
      const r = await classifyStage2({ ctx: { runner }, input: { from: "", subject: "", raw } });
      for (const label of ["bucket", "speech_act", "category"] as const) {
        const words = r.whyByLabel[label];
        for (let i = 0; i < words.length; i++)
          for (let j = 0; j < i; j++) {
            const [a, b] = [content(words[i]!), content(words[j]!)];
            const within = [...a].every((x) => b.has(x)) || [...b].every((x) => a.has(x));
            expect(within && a.size > 0 && b.size > 0, `${label}: ${words.join(" · ")}`).toBe(false);
          }
      }
      expect(r.why.join(" ")).not.toMatch(/“(the|a|an|of|and|to|is|are|as)”/);
    }
  });

  it("says nothing about recipients it does not know (metadata without To)", async () => {
    const r = await classifyStage2({
      ctx: { runner },
      input: { from: "Ann <ann@example.com>", subject: "Invoice 42", snippet: "Attached." },
    });
    expect(r.why.join(" ")).not.toMatch(/not listed|recipient/);
    const known = await classifyStage2({
      ctx: { runner },
      input: { from: "Ann <ann@example.com>", subject: "Invoice 42", snippet: "Attached.", to: "" },
    });
    expect(known.whyFeatures.length + known.why.length).toBeGreaterThan(0);
  });
});

function featureName(i: number): string {
  const size = 1 << STAGE2_HASHING.bits;
  return i >= size ? STAGE2_NAMED[i - size]!.name : "token";
}
