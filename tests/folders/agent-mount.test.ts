import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { silentLogger } from "../../core/ports.ts";
import { startAgent } from "../../local-agent/agent.ts";
import { readAgentConfig } from "../../local-agent/config.ts";
import { tempDir, writeTree } from "./support/setup.ts";

let tmp: Awaited<ReturnType<typeof tempDir>>;
let agent: Awaited<ReturnType<typeof startAgent>>;

beforeAll(async () => {
  tmp = await tempDir();
  await writeTree(tmp.dir, { "Linked/README.md": "# Mounted\n\nServed by the agent." });
  const config = readAgentConfig({ SCOUTS_HOME: path.join(tmp.dir, "home"), SCOUTS_AGENT_PORT: "0" });
  agent = await startAgent(config, { logger: silentLogger, stage2: null, connect: false });
});
afterAll(async () => {
  await agent.stop();
  await tmp.cleanup();
});

it("the running agent serves /local/v1/projects behind its local token", async () => {
  const token = (await readFile(path.join(tmp.dir, "home", "cli-token"), "utf8")).trim();
  const call = (method: string, p: string, body?: unknown, auth = true) =>
    fetch(`${agent.url}/local/v1/projects${p}`, {
      method,
      headers: {
        ...(auth ? { authorization: `Bearer ${token}` } : {}),
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  expect((await call("GET", "", undefined, false)).status).toBe(401);
  expect((await call("POST", "", { name: "Mounted" })).status).toBe(201);
  expect((await call("PUT", "/Mounted/folder", { path: path.join(tmp.dir, "Linked") })).status).toBe(200);
  await expect
    .poll(async () => ((await (await call("GET", "/Mounted/scan")).json()) as { status: string }).status)
    .toBe("ok");
  const read = await call("GET", "/Mounted/read?path=README.md");
  expect(await read.json()).toMatchObject({ type: "text", content: "# Mounted\n\nServed by the agent." });
  const refused = await call("GET", "/Mounted/read?path=..%2F..%2Fetc%2Fpasswd");
  expect(refused.status).toBe(403);
});
