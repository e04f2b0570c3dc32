import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { automationSweepsJob } from "../../workers/cron/automation-sweeps.ts";
import { readConfig } from "../../workers/env.ts";
import { createPipelineCtx } from "../../workers/shared/pipeline-deps.ts";
import { callApp, devUser, jsonInit, LOCAL, testEnv } from "../../workers/test/harness.ts";

const API = `${LOCAL}/api/v1/automations`;

async function runWithArtifacts(cookie: string, visibility: "link" | "private") {
  const definition = {
    schema_version: 1,
    name: "Report",
    triggers: [{ type: "webhook" }],
    plan: {
      steps: [
        {
          id: "save",
          action: "save_artifact",
          with: { name: "report", content: "<h1>{{ run.trigger.payload.title | escape }}</h1>" },
        },
      ],
    },
    execution: {
      concurrency: "allow_parallel",
      produces_artifacts: [{ name: "report", kind: "html", retention_days: 1, visibility }],
    },
  };
  const created = await callApp({ env: testEnv() }, API, jsonInit("POST", { definition }, { cookie }));
  const { automation, webhookToken } = (await created.json()) as {
    automation: { id: string };
    webhookToken: string;
  };
  const fired = await callApp(
    { env: testEnv() },
    `${API}/${automation.id}/fire`,
    jsonInit("POST", { title: "<script>x</script>" }, { authorization: `Bearer ${webhookToken}` }),
  );
  const { runId } = (await fired.json()) as { runId: string };
  for (let i = 0; i < 100; i++) {
    const res = await callApp({ env: testEnv() }, `${API}/runs/${runId}/artifacts`, { headers: { cookie } });
    const body = (await res.json()) as { artifacts: { id: string; url: string }[] };
    if (body.artifacts.length) return { runId, artifact: body.artifacts[0]! };
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error("artifact never appeared");
}

describe("artifacts in R2 with run-scoped signed URLs", () => {
  it("serves a link artifact with its signature only, refuses tampered or foreign-run links", async () => {
    const { cookie } = await devUser("art-link@example.com");
    const { runId, artifact } = await runWithArtifacts(cookie, "link");
    const ok = await callApp({ env: testEnv() }, `${LOCAL}${artifact.url}`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("<h1>&lt;script&gt;x&lt;/script&gt;</h1>");
    expect(ok.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(ok.headers.get("content-security-policy")).toContain("sandbox");
    const tampered = artifact.url.replace(/sig=[^&]+/, "sig=AAAA");
    expect((await callApp({ env: testEnv() }, `${LOCAL}${tampered}`)).status).toBe(403);
    const otherRun = artifact.url.replace(`run=${runId}`, "run=another-run");
    expect((await callApp({ env: testEnv() }, `${LOCAL}${otherRun}`)).status).toBe(403);
    const expired = artifact.url.replace(/exp=\d+/, "exp=1000");
    expect((await callApp({ env: testEnv() }, `${LOCAL}${expired}`)).status).toBe(403);
  });

  it("a private artifact also needs its owner's session", async () => {
    const owner = await devUser("art-private@example.com");
    const other = await devUser("art-other@example.com");
    const { artifact } = await runWithArtifacts(owner.cookie, "private");
    expect((await callApp({ env: testEnv() }, `${LOCAL}${artifact.url}`)).status).toBe(401);
    expect(
      (await callApp({ env: testEnv() }, `${LOCAL}${artifact.url}`, { headers: { cookie: other.cookie } }))
        .status,
    ).toBe(404);
    expect(
      (await callApp({ env: testEnv() }, `${LOCAL}${artifact.url}`, { headers: { cookie: owner.cookie } }))
        .status,
    ).toBe(200);
  });

  it("the nightly sweep deletes expired artifacts from R2 and the table", async () => {
    const { cookie } = await devUser("art-sweep@example.com");
    const { artifact } = await runWithArtifacts(cookie, "link");
    const row = await env.DB.prepare("SELECT r2_key FROM automation_artifacts WHERE id = ?")
      .bind(artifact.id)
      .first<{ r2_key: string }>();
    expect(await env.ARTIFACTS.head(row!.r2_key)).not.toBeNull();
    await env.DB.prepare("UPDATE automation_artifacts SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, artifact.id)
      .run();
    const e = testEnv();
    const out = await automationSweepsJob(createPipelineCtx(e), { env: e, config: readConfig(e) });
    expect(out.artifacts).toBeGreaterThanOrEqual(1);
    expect(await env.ARTIFACTS.head(row!.r2_key)).toBeNull();
    expect((await callApp({ env: testEnv() }, `${LOCAL}${artifact.url}`)).status).toBe(404);
  });
});
