import { describe, expect, it } from "vitest";
import { agentSource } from "./source.ts";

/** The agent's loopback API as far as Ask needs it: `/projects` and `/ask`, recording bodies. */
function fakeAgent(projects: { id: string }[] | null) {
  const asked: unknown[] = [];
  const fetchFn = (async (url: string, init?: RequestInit) => {
    const path = new URL(url).pathname;
    if (path === "/local/v1/projects")
      return projects
        ? Response.json({ items: projects })
        : Response.json({ error: { code: "not_found", message: "no folders" } }, { status: 404 });
    if (path === "/local/v1/ask") {
      asked.push(JSON.parse(String(init?.body)));
      return Response.json({ intent: "search", answer: "ok", links: [], phrasedBy: "deterministic" });
    }
    return new Response("no", { status: 500 });
  }) as typeof fetch;
  return {
    asked,
    source: agentSource({ baseUrl: "http://127.0.0.1:8788", token: () => "t", fetch: fetchFn }),
  };
}

describe("agent source Ask", () => {
  it("sends the agent's project ids along (at most 20), so its local model sees their manifests", async () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ id: `p${i}` }));
    const { asked, source } = fakeAgent(many);
    await source.ask!("which file covers pricing?");
    expect(asked).toEqual([
      { question: "which file covers pricing?", projects: many.slice(0, 20).map((p) => p.id) },
    ]);
  });

  it("asks without projects when the agent has none or no folders feature", async () => {
    for (const projects of [[], null]) {
      const { asked, source } = fakeAgent(projects);
      await source.ask!("what's urgent today?");
      expect(asked).toEqual([{ question: "what's urgent today?" }]);
    }
  });
});

describe("agent source projects", () => {
  it("maps the agent's projects to synced-project metadata (folder display name, never the path)", async () => {
    const scan = {
      status: "ok",
      startedAt: 1,
      finishedAt: 90,
      processed: 3,
      total: 3,
      error: null,
      omittedByLimit: 0,
    };
    const { source } = fakeAgent([
      {
        id: "p1",
        name: "Website",
        notes: "May",
        createdAt: 5,
        folder: { path: "/home/me/work/site", tier: "pro", linkedAt: 2, fileCount: 3, scan },
      },
      { id: "p2", name: "Taxes", createdAt: 6, folder: null },
    ] as never);
    const list = await source.syncedProjects!();
    expect(list).toEqual([
      {
        id: "p1",
        name: "Website",
        notes: "May",
        folderName: "site",
        fileCount: 3,
        lastScanAt: 90,
        createdAt: 5,
        updatedAt: 5,
      },
      {
        id: "p2",
        name: "Taxes",
        notes: "",
        folderName: null,
        fileCount: 0,
        lastScanAt: null,
        createdAt: 6,
        updatedAt: 6,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain("/home/me");
    await expect(fakeAgent(null).source.syncedProjects!()).rejects.toThrow(/404/);
  });
});
