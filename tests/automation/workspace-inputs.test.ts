import { executeRun } from "@scouts/core/automation/executor/execute-run";
import { startRuns } from "@scouts/core/automation/executor/start-runs";
import { saveAutomation } from "@scouts/core/automation/manage/save-automation";
import { nativeRegistry } from "@scouts/core/automation/registry/native";
import type { AutomationDefinition } from "@scouts/core/automation/schema/definition-types";
import { validateDefinition } from "@scouts/core/automation/validate-definition";
import { ensurePersonalSpace, listSpacesForUser, personalSpaceId } from "@scouts/db/repos/spaces";
import { afterEach, describe, expect, it } from "vitest";
import { sampleDefinition } from "./fixtures/definitions.ts";
import { createHarness, type Harness } from "./support/harness.ts";

let h: Harness;
afterEach(() => h?.close());

const postTo = (channel: string, text = "hello"): AutomationDefinition =>
  sampleDefinition({
    triggers: [{ type: "webhook" }],
    plan: { steps: [{ id: "post", action: "slack_post", with: { channel, text } }] },
  });

const validate = (def: AutomationDefinition) =>
  validateDefinition({ ctx: { registry: nativeRegistry() }, input: def });

describe("slack_post destinations: raw ids, names and workspace keys", () => {
  it("accepts a raw id, a #name and every slack:// key form at save time", () => {
    for (const channel of [
      "C024BE91L",
      "#general",
      "slack://channel/C024BE91L",
      "slack://group/G024BE91L",
      "slack://im/U024BE7LH",
      "slack://team/T024BE7LD/channel/C024BE91L",
    ]) {
      expect(validate(postTo(channel)).errors, channel).toEqual([]);
    }
  });

  it("refuses malformed or foreign keys with an error naming the path", () => {
    const cases: [string, RegExp][] = [
      ["slack://channel/c024be91l", /channel id must be a channel id/],
      ["slack://channel/", /slack keys look like/],
      ["slack://team/X1/channel/C024BE91L", /team id must look like/],
      ["slack://dm/U024BE7LH", /slack keys look like/],
      ["gmail://list/announce.example.com", /expected a slack workspace, got a gmail key/],
      ["ftp://channel/C024BE91L", /unknown scheme "ftp"/],
    ];
    for (const [channel, message] of cases) {
      const report = validate(postTo(channel));
      expect(report.ok, channel).toBe(false);
      expect(report.errors, channel).toEqual([
        {
          path: "/plan/steps/0/with/channel",
          rule: "workspace_key",
          message: expect.stringMatching(message),
        },
      ]);
    }
    // Not a name and not a URI: the schema's pattern catches it before the key check.
    expect(validate(postTo("general channel")).errors).toEqual([
      expect.objectContaining({ path: "/plan/steps/0/with/channel", rule: "pattern" }),
    ]);
  });

  it("resolves a URI to the Slack id at run time; a rendered malformed key fails the step", async () => {
    const posted: { channel: string; text: string }[] = [];
    h = await createHarness([], {
      slackPost: async ({ channel, text }) => {
        posted.push({ channel, text });
        return { ts: "1.0001" };
      },
    });
    const run = async (def: AutomationDefinition, payload: unknown) => {
      const { automation } = await saveAutomation({
        ctx: h.manage,
        input: { userId: h.userId, definition: def },
      });
      const [o] = await startRuns({
        ctx: h.ctx,
        input: [{ automation, triggerType: "webhook", triggerPayload: payload }],
      });
      if (!o || !("runId" in o)) throw new Error(`not started: ${JSON.stringify(o)}`);
      const status = await executeRun({ ctx: h.ctx, input: { runId: o.runId } });
      return { status, steps: await h.ctx.store.listSteps(o.runId) };
    };

    const ok = await run(postTo("slack://team/T024BE7LD/channel/C024BE91L"), {});
    expect(ok.status).toBe("succeeded");
    expect(posted).toEqual([{ channel: "C024BE91L", text: "hello" }]);

    // A templated destination is only checkable after rendering.
    const templated = postTo("{{ run.trigger.payload.dest }}");
    expect(validate(templated).ok).toBe(true);
    const bad = await run(templated, { dest: "slack://im/C024BE91L" });
    expect(bad.status).toBe("failed");
    expect(bad.steps[0]!.error).toMatchObject({
      step: "post",
      code: "bad_input",
      message: expect.stringMatching(
        /^step input: \/channel invalid workspace key: im id must be a DM conversation id/,
      ),
    });
    expect(posted).toHaveLength(1);
  });
});

describe("$space_default", () => {
  const spaceDef = () =>
    sampleDefinition({
      triggers: [{ type: "webhook" }],
      inputs: {
        type: "object",
        properties: { space: { type: ["string", "null"], default: "$space_default" } },
      },
    });

  it("is resolved through the ctx port when the run is created (the person's own space)", async () => {
    h = await createHarness();
    await h.addUser("u2");
    h.ctx.spaceDefault = async (userId) =>
      (await ensurePersonalSpace(h.db, { userId, now: h.clock.now() })).id;
    const runs = [];
    for (const userId of ["u1", "u2"]) {
      const { automation } = await saveAutomation({
        ctx: h.manage,
        input: { userId, definition: spaceDef() },
      });
      const [o] = await startRuns({
        ctx: h.ctx,
        input: [{ automation, triggerType: "manual", triggerPayload: {} }],
      });
      runs.push(await h.ctx.store.getRun((o as { runId: string }).runId));
    }
    expect(runs.map((r) => r!.inputs)).toEqual([
      { space: personalSpaceId("u1") },
      { space: personalSpaceId("u2") },
    ]);
    expect((await listSpacesForUser(h.db, "u2")).map((s) => [s.id, s.kind, s.role])).toEqual([
      [personalSpaceId("u2"), "personal", "owner"],
    ]);
  });

  it("is null where the runtime has no spaces, and a caller's input wins", async () => {
    h = await createHarness();
    const { automation } = await saveAutomation({
      ctx: h.manage,
      input: { userId: h.userId, definition: spaceDef() },
    });
    const [a, b] = await startRuns({
      ctx: h.ctx,
      input: [
        { automation, triggerType: "manual", triggerPayload: {} },
        { automation, triggerType: "manual", triggerPayload: {}, inputs: { space: "shared-1" } },
      ],
    });
    const inputsOf = async (o: unknown) => (await h.ctx.store.getRun((o as { runId: string }).runId))!.inputs;
    expect(await inputsOf(a)).toEqual({ space: null });
    expect(await inputsOf(b)).toEqual({ space: "shared-1" });
  });
});
