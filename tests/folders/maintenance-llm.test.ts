import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { allManifestFiles } from "../../local-agent/folders/files-repo.ts";
import { createLlmTextSummarizer } from "../../local-agent/folders/llm-summarizer.ts";
import { dailyMs, runDueScans } from "../../local-agent/folders/maintenance.ts";
import { linkFolder } from "../../local-agent/folders/projects.ts";
import { startScan } from "../../local-agent/folders/scanner.ts";
import { createLocalSummarizer } from "../../local-agent/folders/summarize.ts";
import { foldersFixture, tempDir, writeTree } from "./support/setup.ts";

let tmp: Awaited<ReturnType<typeof tempDir>>;
let fx: Awaited<ReturnType<typeof foldersFixture>>;
let root: string;
beforeEach(async () => {
  tmp = await tempDir();
  root = path.join(tmp.dir, "Linked");
  await writeTree(root, { "a.md": "# A\n\nAlpha.", "b.ts": "export const b = 1;" });
  fx = await foldersFixture(path.join(tmp.dir, "home"));
});
afterEach(async () => {
  fx.close();
  await tmp.cleanup();
});

describe("daily rescans", () => {
  it("starts never-scanned projects, skips fresh ones and rescans after 24 h", async () => {
    let now = 1_800_000_000_000;
    fx.ctx.clock = { now: () => now };
    const p = await linkFolder({
      ctx: fx.ctx,
      input: { project: "Site", path: root, tier: "pro", createMissing: true },
    });
    expect(await runDueScans({ ctx: fx.ctx })).toEqual([p.id]);
    await fx.ctx.running.get(p.id);
    now += dailyMs - 60_000;
    expect(await runDueScans({ ctx: fx.ctx })).toEqual([]);
    now += 120_000;
    expect(await runDueScans({ ctx: fx.ctx })).toEqual([p.id]);
    await expect(fx.ctx.running.get(p.id)).resolves.toMatchObject({ unchanged: 2 });
  });
});

describe("local language-model summaries", () => {
  let server: Server;
  let requests: { model: string; messages: { role: string; content: string }[] }[];
  let fail = false;
  beforeEach(async () => {
    requests = [];
    fail = false;
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => {
        body += c;
      });
      req.on("end", () => {
        if (req.url !== "/v1/chat/completions") return res.writeHead(404).end();
        requests.push(JSON.parse(body));
        if (fail) return res.writeHead(503, { "content-type": "application/json" }).end('{"error":"busy"}');
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            choices: [{ message: { role: "assistant", content: "Model summary\nof the file." } }],
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  });
  afterEach(() => new Promise<void>((r) => server.close(() => r())));

  it("summarizes through a loopback OpenAI-compatible endpoint and falls back when it fails", async () => {
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const llm = createLlmTextSummarizer({ fetch, baseUrl, model: "tiny" });
    fx.ctx.summarize = createLocalSummarizer({ llm });
    const p = await linkFolder({
      ctx: fx.ctx,
      input: { project: "Site", path: root, tier: "pro", createMissing: true },
    });
    await writeTree(root, { "c.md": "# C\n\nGamma." });
    await startScan({ ctx: fx.ctx, input: { projectId: p.id } }).scan;
    const files = await allManifestFiles(fx.db, p.id);
    expect(files.map((f) => f.summary)).toEqual([
      "Model summary of the file.",
      "Model summary of the file.",
      "Model summary of the file.",
    ]);
    expect(requests[0]?.model).toBe("tiny");
    expect(requests.some((r) => r.messages[1]?.content.includes("Alpha."))).toBe(true);

    fail = true;
    await writeTree(root, { "a.md": "# A2\n\nChanged." });
    const { utimes } = await import("node:fs/promises");
    await utimes(path.join(root, "a.md"), 1_900_000_000, 1_900_000_000);
    await startScan({ ctx: fx.ctx, input: { projectId: p.id } }).scan;
    const a = (await allManifestFiles(fx.db, p.id)).find((f) => f.relativePath === "a.md");
    expect(a?.summary).toBe("A2 — Changed.");
  });

  it("refuses an endpoint that is not on this device", () => {
    expect(() =>
      createLlmTextSummarizer({ fetch, baseUrl: "https://api.example.com/v1", model: "x" }),
    ).toThrow("the language model must be on this machine");
  });
});
