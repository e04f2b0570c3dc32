import { mkdir, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { estimateTokens } from "@scouts/core/folders/manifest-block";
import { afterEach, describe, expect, it } from "vitest";
import { miscRoutes } from "../api/misc.routes.ts";
import { createFoldersContext } from "../folders/context.ts";
import { openFoldersDb } from "../folders/db.ts";
import { linkFolder } from "../folders/projects.ts";
import { projectBlocks } from "../folders/prompt-blocks.ts";
import { startScan } from "../folders/scanner.ts";
import { ask, brief } from "../services/assist.ts";
import { ingestItem } from "../services/ingest.ts";
import { patchSettings } from "../services/settings.ts";
import { agentFixture, item, keywordStage2 } from "./agent-fixture.ts";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Agent + folder contexts over the same agent DB; "Website" has 400 notes and a newest pricing.md. */
async function setup() {
  const llmCalls: { messages: { role: string; content: string }[] }[] = [];
  const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    if (String(input).startsWith("http://127.0.0.1:11434/v1/chat/completions")) {
      llmCalls.push(JSON.parse(String(init?.body)));
      return Response.json({ choices: [{ message: { content: "See pricing.md in Website." } }] });
    }
    return new Response("not found", { status: 404 });
  }) as typeof fetch;
  const fx = await agentFixture({ stage2: keywordStage2, fetch: fakeFetch });
  cleanups.push(fx.close);
  const { db, client } = await openFoldersDb(`file:${path.join(fx.dir, "agent.db")}`);
  cleanups.push(() => client.close());
  const folders = createFoldersContext({ db });
  const root = path.join(fx.dir, "site");
  await mkdir(root);
  for (let i = 0; i < 400; i++) {
    const f = path.join(root, `note-${i}.md`);
    await writeFile(f, `# Meeting note ${i} about the roadmap, hiring plan and budget review`);
    await utimes(f, 1_700_000_000 + i, 1_700_000_000 + i);
  }
  await writeFile(path.join(root, "pricing.md"), "# Pricing plans and tiers\nFree, Pro, Team.");
  const site = await linkFolder({
    ctx: folders,
    input: { project: "Website", path: root, tier: "pro", createMissing: true },
  });
  await startScan({ ctx: folders, input: { projectId: site.id } }).scan;
  fx.ctx.projectBlocks = projectBlocks(folders);
  return { fx, folders, site, llmCalls };
}

const filesSection = (content: string) => content.slice(content.indexOf("Project files:\n") + 15);

describe("Ask with projects in context (local model only)", () => {
  it("sends the linked folder's manifest lines to the local model, within the cap; none without projects", async () => {
    const { fx, llmCalls } = await setup();
    await patchSettings(fx.ctx, { llmBaseUrl: "http://127.0.0.1:11434/v1", llmModel: "tiny" });
    const app = miscRoutes(fx.ctx);
    const res = await app.request("/ask", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: "which file in Website covers pricing?", projects: ["Website"] }),
    });
    expect(await res.json()).toMatchObject({ phrasedBy: "llm", answer: "See pricing.md in Website." });
    expect(llmCalls).toHaveLength(1);
    const user = llmCalls[0]!.messages[1]!.content;
    expect(user).toContain("Question: which file in Website covers pricing?");
    const block = filesSection(user);
    expect(block.split("\n")[0]).toBe("## Website");
    expect(block).toMatch(/^pricing\.md \[text\] .*Pricing plans and tiers/m);
    expect(block).toMatch(/^note-399\.md \[text\] /m);
    expect(block).toMatch(/… \d+ more files omitted$/);
    expect(estimateTokens(block)).toBeLessThanOrEqual(3_000);

    // Without projects: no-link questions stay deterministic, and phrasing sees no file lines.
    const plain = await ask(fx.ctx, "which file in Website covers pricing?");
    expect(plain.phrasedBy).toBe("deterministic");
    expect(llmCalls).toHaveLength(1);
    await ingestItem({ ctx: fx.ctx, input: item({ id: "q1", subject: "Urgent: pricing page broken" }) });
    const phrased = await ask(fx.ctx, "what's urgent today?");
    expect(phrased.phrasedBy).toBe("llm");
    expect(llmCalls).toHaveLength(2);
    expect(JSON.stringify(llmCalls[1])).not.toMatch(/Project files|\[text\]|note-\d+\.md/);
  });

  it("keeps the deterministic path without a model, and names an unknown project", async () => {
    const { fx, llmCalls } = await setup();
    const r = await ask(fx.ctx, "which file in Website covers pricing?", ["Website"]);
    expect(r.phrasedBy).toBe("deterministic");
    expect(llmCalls).toHaveLength(0);
    await patchSettings(fx.ctx, { llmBaseUrl: "http://127.0.0.1:11434/v1" });
    await expect(ask(fx.ctx, "pricing?", ["Nope"])).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("Brief: projects in play", () => {
  it("adds the top-5 block for projects of open tasks and upcoming events only", async () => {
    const { fx, folders, site } = await setup();
    const before = await brief(fx.ctx, "morning");
    expect(before.markdown).not.toContain("Projects in play");
    const thesisRoot = path.join(fx.dir, "thesis");
    await mkdir(thesisRoot);
    await writeFile(path.join(thesisRoot, "chapter-1.md"), "# Chapter one");
    const thesis = await linkFolder({
      ctx: folders,
      input: { project: "Thesis", path: thesisRoot, tier: "pro", createMissing: true },
    });
    await startScan({ ctx: folders, input: { projectId: thesis.id } }).scan;
    expect(await fx.ctx.projectBlocks!.topFive([thesis.id])).toContain("chapter-1.md [text]");
    const done = await fx.ctx.stores.entities.create(
      "task",
      { title: "old", body: "", projectId: thesis.id, done: true },
      null,
    );
    expect(done.done).toBe(true);
    await fx.ctx.stores.entities.create(
      "task",
      { title: "Ship pricing", body: "", projectId: site.id },
      null,
    );
    const md = (await brief(fx.ctx, "morning")).markdown;
    const section = md.slice(md.indexOf("## Projects in play"));
    expect(section.split("\n").slice(0, 3)).toEqual([
      "## Projects in play",
      "### Website",
      expect.stringMatching(/^pricing\.md \[text\] /),
    ]);
    expect(section.match(/^\S+\.md \[text\]/gm)).toHaveLength(5);
    expect(section).toContain("… 396 more files omitted");
    expect(section).not.toContain("Thesis");
  });
});
