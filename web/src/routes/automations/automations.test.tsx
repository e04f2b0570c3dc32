import { checkFilter } from "@scouts/core/automation/filter/check-filter";
import { evaluateFilter } from "@scouts/core/automation/filter/evaluate";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AutomationApiError, automationsApi, type CapabilitySummary } from "./automations-api.ts";
import { FormEditor } from "./form-editor.tsx";
import { blankStep, estimateCost, filterToPalette, paletteToFilter, stepFields } from "./form-model.ts";
import { AutomationControls, DailyUsageLine } from "./list-page.tsx";
import { McpPanel } from "./mcp-panel.tsx";
import { ReviewPanel } from "./nl-new.tsx";
import { ApprovalPanel, StepTable } from "./runs-page.tsx";

const caps: CapabilitySummary[] = [
  {
    id: "notification",
    description: "Notify the automation's owner on their devices.",
    kind: "tight",
    inputSchema: { required: ["title"], properties: { title: { type: "string" }, body: { type: "string" } } },
    sideEffects: ["USER_VISIBLE"],
    expectedDurationMs: 500,
    costEstimateUsd: 0,
  },
  {
    id: "agent_task",
    description: "Let a language model do a task.",
    kind: "loose",
    inputSchema: {
      required: ["prompt", "output_schema"],
      properties: { prompt: { type: "string" }, output_schema: { type: "object" }, tools: { type: "array" } },
    },
    sideEffects: ["COST_INCURRING"],
    expectedDurationMs: 180_000,
    costEstimateUsd: 0.05,
  },
];

describe("automations PWA", () => {
  it("the filter palette builds grammar JSON that validates and evaluates", () => {
    const f = paletteToFilter({
      combinator: "$and",
      negate: false,
      leaves: [
        { path: "payload.verdict", op: "in", value: "relevant, urgent" },
        { path: "payload.confidence", op: "gte", value: "0.8" },
        { path: "subject", op: "starts_with", value: "scout:" },
      ],
    })!;
    expect(f).toEqual({
      $and: [
        { path: "payload.verdict", in: ["relevant", "urgent"] },
        { path: "payload.confidence", gte: 0.8 },
        { path: "subject", starts_with: "scout:" },
      ],
    });
    expect(checkFilter(f, "")).toEqual([]);
    expect(evaluateFilter(f, { subject: "scout:1", payload: { verdict: "urgent", confidence: 0.9 } })).toBe(
      true,
    );
    expect(filterToPalette(f)!.leaves.map((l) => l.op)).toEqual(["in", "gte", "starts_with"]);
    expect(
      paletteToFilter({
        combinator: "$or",
        negate: true,
        leaves: [{ path: "payload.x", op: "exists", value: "true" }],
      }),
    ).toEqual({
      $not: { path: "payload.x", exists: true },
    });
    expect(filterToPalette({ $and: [{ $or: [{ path: "a", exists: true }] }] })).toBeNull();
  });

  it("generates step fields from input schemas and estimates cost", () => {
    expect(stepFields(caps[1])).toEqual([
      { name: "prompt", kind: "long", required: true },
      { name: "output_schema", kind: "json", required: true },
      { name: "tools", kind: "json", required: false },
    ]);
    expect(blankStep("think", caps[1])).toEqual({
      id: "think",
      action: "agent_task",
      with: { prompt: "", output_schema: {} },
    });
    expect(
      estimateCost(
        { plan: { steps: [blankStep("a", caps[1]), blankStep("b", caps[1]), blankStep("c", caps[0])] } },
        caps,
      ),
    ).toBeCloseTo(0.1);
  });

  it("the form shows the cost estimate, over-budget warning and problems with their paths", () => {
    const html = renderToStaticMarkup(
      <FormEditor
        definition={{
          schema_version: 1,
          name: "x",
          triggers: [
            {
              type: "event",
              event_type: "scout.triage.verdict",
              filter: { path: "payload.verdict", equals: "relevant" },
            },
          ],
          plan: { steps: [blankStep("think", caps[1])] },
          execution: { budget: { max_cost_usd: 0.01 } },
        }}
        capabilities={caps}
        issues={[{ path: "/plan/steps/0/with/prompt", rule: "minLength", message: "String is too short" }]}
        onChange={() => {}}
      />,
    );
    expect(html).toContain("Estimated cost per run: $0.05 — over budget, runs will be refused");
    // The step's problem is said inside that step's group (its path relative to the step), before
    // its fields; nothing is left for the list at the end.
    const step = html.slice(html.indexOf("<legend>Step think</legend>"));
    expect(step.indexOf("<code>/with/prompt</code> String is too short")).toBeGreaterThan(0);
    expect(step.indexOf("<code>/with/prompt</code>")).toBeLessThan(step.indexOf("<label>"));
    expect(html).not.toContain('aria-label="problems"');
    expect(html).toContain('<option value="not_in">not_in</option>');
    expect(html).toContain("Only events where");
  });

  it("a problem on a field is said under it (aria-invalid, described by it); one with no field stays in the list", () => {
    const html = renderToStaticMarkup(
      <FormEditor
        definition={{
          schema_version: 1,
          name: "",
          triggers: [{ type: "schedule", cron: "0 8 * * *", timezone: "Mars/Olympus" }],
          plan: { steps: [blankStep("think", caps[1])] },
        }}
        capabilities={caps}
        issues={[
          { path: "/name", rule: "minLength", message: "String is too short" },
          { path: "/triggers/0/timezone", rule: "schedule", message: "not an IANA time zone" },
          { path: "/inputs/required", rule: "inputs", message: "names an input that is not declared" },
        ]}
        onChange={() => {}}
      />,
    );
    expect(html).toMatch(
      /<input aria-invalid="true" aria-describedby="issues-name"[^>]*\/><\/label><ul id="issues-name"[^>]*><li> String is too short<\/li>/,
    );
    expect(html).toMatch(
      /<input aria-invalid="true" aria-describedby="issues-triggers-0-timezone"[^>]*\/><\/label><ul id="issues-triggers-0-timezone"[^>]*><li> not an IANA time zone/,
    );
    const list = html.slice(html.indexOf('aria-label="problems"'));
    expect(list).toContain("<code>/inputs/required</code> inputs: names an input that is not declared");
    expect(list).not.toContain("String is too short");
  });

  it("renders the review (summary, flags, diff) and step details", () => {
    const review = renderToStaticMarkup(
      <ReviewPanel
        proposal={{
          definition: { schema_version: 1, name: "x", triggers: [{ type: "webhook" }], plan: { steps: [] } },
          warnings: [],
          attempts: 1,
          review: {
            summary: '"x" runs when its webhook is called.',
            flags: [{ kind: "external_write", path: "/plan/steps/0", message: "writes outside Scouts" }],
            estimatedCostUsd: 0,
          },
          diff: [{ path: "/name", kind: "changed", before: "a", after: "x" }],
        }}
      />,
    );
    expect(review).toContain("<strong>external write</strong>: writes outside Scouts");
    expect(review).toContain("<code>/name</code>");
    const steps = renderToStaticMarkup(
      <StepTable
        steps={[
          {
            stepId: "a",
            phase: "main",
            position: 0,
            status: "failed",
            attempts: 3,
            output: null,
            error: { step: "a", code: "timeout", message: "slow" },
            costUsd: 0,
            startedAt: 0,
            finishedAt: 1500,
          },
        ]}
      />,
    );
    expect(steps).toContain("timeout: slow");
    expect(steps).toContain("1.5 s");
  });

  it("the API client surfaces validation issues from the server", async () => {
    const fake: typeof fetch = async () =>
      new Response(
        JSON.stringify({
          error: {
            code: "bad_input",
            message: "definition is invalid",
            details: { issues: [{ path: "/name", rule: "minLength", message: "short" }] },
          },
        }),
        { status: 400 },
      );
    const api = automationsApi({ baseUrl: "http://127.0.0.1:8787", token: "t" }, fake);
    const err = await api.create({}).catch((e) => e);
    expect(err).toBeInstanceOf(AutomationApiError);
    expect(err.issues).toEqual([{ path: "/name", rule: "minLength", message: "short" }]);
  });

  it("shows today's usage against the daily caps, and says when a cap is reached", () => {
    const resetsAt = Date.UTC(2026, 10, 26);
    const ok = renderToStaticMarkup(
      <DailyUsageLine
        usage={{ runsToday: 3, spendTodayUsd: 0.05, limits: { runs: 500, spendUsd: 5 }, resetsAt }}
      />,
    );
    expect(ok).toContain("Today: 3 of 500 runs · $0.05 of $5.00 spent (resets at 00:00 UTC)");
    expect(ok).toContain('role="status"');
    const full = renderToStaticMarkup(
      <DailyUsageLine
        usage={{ runsToday: 500, spendTodayUsd: 0.05, limits: { runs: 500, spendUsd: 5 }, resetsAt }}
      />,
    );
    expect(full).toContain('role="alert"');
    expect(full).toContain("limit reached: new runs start again at 00:00 UTC");
  });

  it("offers token rotate and revoke only for webhook automations, and delete behind a confirmation", () => {
    const noop = () => {};
    const hook = renderToStaticMarkup(
      <AutomationControls hasWebhook onRotate={noop} onRevoke={noop} onDelete={noop} />,
    );
    expect(hook).toContain("Rotate webhook token");
    expect(hook).toContain("Revoke webhook token");
    expect(hook).toContain("Delete automation");
    expect(hook).not.toContain("Yes, delete");
    const plain = renderToStaticMarkup(
      <AutomationControls hasWebhook={false} onRotate={noop} onRevoke={noop} onDelete={noop} />,
    );
    expect(plain).not.toContain("webhook token");
  });

  it("shows an approval only for a step that waits for one, with its expiry and what happens then", () => {
    const waiting = {
      stepId: "ok",
      phase: "main" as const,
      position: 0,
      status: "running" as const,
      attempts: 1,
      output: {
        awaiting: "approval",
        title: "Post it?",
        expires_at: Date.UTC(2026, 10, 26, 9),
        on_timeout: "approve",
      },
      error: null,
      costUsd: 0,
      startedAt: 1,
      finishedAt: null,
    };
    const answer = async () => ({});
    const html = renderToStaticMarkup(<ApprovalPanel runId="r1" steps={[waiting]} answer={answer} />);
    expect(html).toContain("Approval needed");
    expect(html).toContain("Post it?");
    expect(html).toContain("then it is approved on its own");
    expect(html).toContain(">Approve<");
    expect(html).toContain(">Deny<");
    const done = { ...waiting, status: "succeeded" as const, output: { approved: true, decided: "person" } };
    expect(renderToStaticMarkup(<ApprovalPanel runId="r1" steps={[done]} answer={answer} />)).toBe("");
  });

  it("the MCP client adds, tests and removes connections on their routes", async () => {
    const calls: string[] = [];
    const api = automationsApi({ baseUrl: "https://cloud.test" }, async (url, init) => {
      calls.push(`${init?.method} ${String(url)} ${init?.body ?? ""}`);
      return new Response(JSON.stringify({ id: "c1", tools: 2, refused: 0, ok: true }), { status: 200 });
    });
    await api.addMcp({ name: "desk", url: "https://mcp.test/mcp" });
    await api.testMcp("c1");
    await api.removeMcp("c1");
    expect(calls).toEqual([
      'POST https://cloud.test/api/v1/automations/mcp/connections {"name":"desk","url":"https://mcp.test/mcp"}',
      "POST https://cloud.test/api/v1/automations/mcp/connections/c1/harvest ",
      "DELETE https://cloud.test/api/v1/automations/mcp/connections/c1 ",
    ]);
    expect(renderToStaticMarkup(<McpPanel api={api} />)).toContain("MCP connections");
  });
});
