import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ProjectList, ReadFileResponse, ScanProgressEvent } from "../../core/folders/api.ts";
import { createProjectsRoutes } from "../../local-agent/folders/routes.ts";
import { minimalPng } from "./support/fixtures.ts";
import { foldersFixture, tempDir, writeTree } from "./support/setup.ts";

let tmp: Awaited<ReturnType<typeof tempDir>>;
let fx: Awaited<ReturnType<typeof foldersFixture>>;
let app: ReturnType<typeof createProjectsRoutes>;
let root: string;

beforeEach(async () => {
  tmp = await tempDir();
  root = path.join(tmp.dir, "Linked");
  await writeTree(root, {
    "README.md": "# Site\n\nHello.",
    "src/a.ts": "export const a = 1;",
    "img/logo.png": minimalPng(4, 4),
    ...Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`notes/n${i}.md`, `# Note ${i}`])),
  });
  await writeTree(tmp.dir, { "secret.txt": "SECRET" });
  fx = await foldersFixture(path.join(tmp.dir, "home"));
  app = createProjectsRoutes(fx.ctx);
});
afterEach(async () => {
  fx.close();
  await tmp.cleanup();
});

const send = (method: string, url: string, body?: unknown) =>
  app.request(url, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** Reads SSE frames until a terminal phase. */
async function progressUntilDone(res: Response): Promise<ScanProgressEvent[]> {
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: ScanProgressEvent[] = [];
  let buf = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += value;
    let i = buf.indexOf("\n\n");
    while (i >= 0) {
      const frame = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const data = frame.split("\n").find((l) => l.startsWith("data: "));
      if (data) events.push(ScanProgressEvent.parse(JSON.parse(data.slice(6))));
      i = buf.indexOf("\n\n");
    }
    const last = events.at(-1);
    if (events.length > 1 && (last?.phase === "done" || last?.phase === "failed")) break;
  }
  await reader.cancel();
  return events;
}

describe("/local/v1/projects routes", () => {
  it("creates, links, streams scan progress, filters files, reads, and unlinks", async () => {
    const created = await send("POST", "/", { name: "Site" });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await send("POST", "/", { name: "Site" })).status).toBe(409);
    expect((await send("POST", "/", { name: "" })).status).toBe(400);

    const linked = await send("PUT", `/${id}/folder`, { path: root, scan: false });
    expect(linked.status).toBe(200);
    const progress = await send("GET", `/${id}/progress`);
    expect(progress.headers.get("content-type")).toContain("text/event-stream");
    const scan = await send("POST", `/${id}/scan`);
    expect(scan.status).toBe(202);
    expect(await scan.json()).toMatchObject({
      started: true,
      alreadyRunning: false,
      scan: { status: "scanning" },
    });
    const again = await send("POST", "/Site/scan");
    expect(await again.json()).toMatchObject({ started: false, alreadyRunning: true });

    const events = await progressUntilDone(progress);
    expect(events.at(-1)).toMatchObject({ phase: "done", processed: 43, total: 43 });
    const indexing = events.filter((e) => e.phase === "indexing").map((e) => e.processed);
    expect(indexing).toEqual([...indexing].sort((a, b) => a - b));

    const list = ProjectList.parse(await (await send("GET", "/")).json());
    expect(list.items[0]?.folder).toMatchObject({ fileCount: 43, scan: { status: "ok" } });

    const images = (await (await send("GET", `/${id}/files?kind=image`)).json()) as {
      items: unknown[];
      total: number;
    };
    expect(images).toMatchObject({ total: 1, items: [{ relativePath: "img/logo.png", kind: "image" }] });
    const page = (await (await send("GET", `/${id}/files?limit=10&offset=5`)).json()) as {
      items: unknown[];
      total: number;
    };
    expect(page.items.length).toBe(10);
    expect(page.total).toBe(43);
    expect((await send("GET", `/${id}/files?kind=video`)).status).toBe(400);

    const manifest = (await (await send("GET", `/${id}/manifest`)).json()) as {
      block: string;
      stale: boolean;
    };
    expect(manifest.stale).toBe(false);
    expect(manifest.block).toContain("README.md [text] Site — Hello.");

    const ok = ReadFileResponse.parse(await (await send("GET", `/${id}/read?path=README.md`)).json());
    expect(ok).toMatchObject({ type: "text", content: "# Site\n\nHello." });
    for (const evil of [
      "..%2fsecret.txt",
      "%252e%252e%252fsecret.txt",
      "..%5Csecret.txt",
      "%2Fetc%2Fpasswd",
    ]) {
      const res = await send("GET", `/${id}/read?path=${evil}`);
      expect(res.status).toBe(403);
      expect(JSON.stringify(await res.json())).not.toContain("SECRET");
    }
    const posted = await send("POST", `/${id}/read`, { relativePath: "../secret.txt" });
    expect(posted.status).toBe(403);
    expect(await posted.json()).toMatchObject({
      error: { code: "forbidden", message: "refused: path climbs out with '..'" },
    });

    const unlinked = await send("DELETE", `/${id}/folder`);
    expect(await unlinked.json()).toMatchObject({ folder: null });
    expect((await (await send("GET", `/${id}/files`)).json()) as object).toMatchObject({ total: 0 });
    const after = await send("GET", `/${id}/read?path=README.md`);
    expect(after.status).toBe(409);
    expect(await after.json()).toMatchObject({
      error: { message: expect.stringContaining("has no linked folder") },
    });
  });

  it("a manifest read with a stale tracked mtime rescans (wait=true reflects it)", async () => {
    await send("POST", "/", { name: "Site" });
    await send("PUT", "/Site/folder", { path: root, scan: false });
    await send("POST", "/Site/scan");
    await expect
      .poll(async () => ((await (await send("GET", "/Site/scan")).json()) as { status: string }).status)
      .toBe("ok");
    fx.summarized.length = 0;
    const { writeFile, utimes } = await import("node:fs/promises");
    await writeFile(path.join(root, "README.md"), "# Site v2\n\nChanged.");
    await utimes(path.join(root, "README.md"), 1_900_000_000, 1_900_000_000);
    const m = (await (await send("GET", "/Site/manifest?wait=true")).json()) as {
      stale: boolean;
      block: string;
    };
    expect(m.stale).toBe(true);
    expect(fx.summarized).toEqual(["README.md"]);
    expect(m.block.split("\n")[0]).toBe("README.md [text] Site v2 — Changed.");
  });

  it("answers 404 for unknown projects and 400 for a bad link path", async () => {
    expect((await send("GET", "/nope")).status).toBe(404);
    await send("POST", "/", { name: "Site" });
    const bad = await send("PUT", "/Site/folder", { path: path.join(tmp.dir, "missing") });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { code: "bad_input", message: expect.stringContaining("no folder at") },
    });
  });
});
