import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rfc822 } from "../fakes/gmail/index.ts";
import { splitMessage } from "../fakes/gmail/mime.ts";
import {
  childEnv,
  freePort,
  type Running,
  repoRoot,
  startProcess,
  waitForHttp,
} from "../support/processes.ts";
import { eventually, type PipelineStack, startPipelineStack } from "./pipeline-harness.ts";

const CANARY = "canary-draft-e2e-7hq4";
const REPLY = `Thanks, Friday works for me. ${CANARY}`;

function filesContaining(dir: string, needle: string): string[] {
  const hits: string[] = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) hits.push(...filesContaining(file, needle));
    else if (readFileSync(file).includes(needle)) hits.push(file);
  }
  return hits;
}

let stack: PipelineStack;
let agent: Running;
let llm: Server;
let agentUrl: string;
let localToken: string;
const llmPrompts: string[] = [];

const local = async <T>(p: string, init: RequestInit = {}): Promise<T> => {
  const res = await fetch(`${agentUrl}/local/v1${p}`, {
    ...init,
    headers: { authorization: `Bearer ${localToken}`, "content-type": "application/json" },
  });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

beforeAll(async () => {
  stack = await startPipelineStack({ agent: false });
  // The person's local OpenAI-compatible endpoint.
  llm = createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    llmPrompts.push(body);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ choices: [{ message: { role: "assistant", content: REPLY } }] }));
  });
  await new Promise<void>((r) => llm.listen(0, "127.0.0.1", () => r()));
  const port = await freePort();
  agentUrl = `http://127.0.0.1:${port}`;
  agent = startProcess(
    path.join(repoRoot, "node_modules", ".bin", "node"),
    [path.join(repoRoot, "local-agent", "main.ts")],
    childEnv({
      SCOUTS_CLOUD_URL: stack.worker.url,
      SCOUTS_HOME: stack.agentHome,
      SCOUTS_DEV_PAIR: "true",
      SCOUTS_DEV_EMAIL: stack.email,
      SCOUTS_AGENT_PORT: String(port),
    }),
  );
  await waitForHttp(`${agentUrl}/local/v1/dev-token`, 60_000, agent);
  localToken = ((await (await fetch(`${agentUrl}/local/v1/dev-token`)).json()) as { token: string }).token;
}, 180_000);

afterAll(async () => {
  await agent?.stop();
  llm?.close();
  await stack?.stop();
});

describe("reply draft end to end: local LLM → agent → Worker → Gmail draft (never sent)", () => {
  it("saves the draft in the thread, keeps the body out of the cloud, and undo deletes it", async () => {
    await stack.connectGmail();
    const msg = stack.gmail.addMessage(stack.email, {
      raw: rfc822({
        from: "Ann Colleague <ann@example.org>",
        to: stack.email,
        subject: "Can we meet on Friday?",
        body: "Hi,\n\nWould Friday at 10 work for a short review of the draft plan?\n\nThanks, Ann",
      }),
    });
    expect(await stack.push()).toBe(204);
    type Page = { items: { id: string; source: string; sourceMsgRef: string }[] };
    const suggestion = await eventually(
      async () => (await local<Page>("/suggestions?limit=20")).items.find((s) => s.sourceMsgRef === msg.id),
      45_000,
      "the suggestion on the device",
    );
    await local("/settings", {
      method: "PATCH",
      body: JSON.stringify({ llmBaseUrl: `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1` }),
    });
    const d = await local<{ text: string; stored: boolean; ledgerId: string; draftId: string }>(
      `/suggestions/${suggestion.id}/draft`,
      { method: "POST", body: JSON.stringify({ instructions: "say Friday works" }) },
    );
    expect(d).toMatchObject({ text: REPLY, stored: true });
    expect(llmPrompts).toHaveLength(1);
    const draft = stack.gmail.mailbox(stack.email).drafts.get(d.draftId)!;
    expect(draft.threadId).toBe(msg.threadId);
    const headers = Object.fromEntries(splitMessage(draft.raw).headers.map((h) => [h.name, h.value]));
    expect(headers).toMatchObject({
      To: "Ann Colleague <ann@example.org>",
      Subject: "Re: Can we meet on Friday?",
    });
    const b64 = splitMessage(draft.raw).body.replace(/\s+/g, "");
    expect(Buffer.from(b64, "base64").toString("utf8")).toBe(REPLY);

    // The body only passed through the Worker: not in D1, DO storage or queues, not in its logs.
    expect(filesContaining(stack.worker.persistDir, CANARY)).toEqual([]);
    expect(stack.worker.output()).not.toContain(CANARY);

    const undo = await local<{ undone: string[] }>(`/ledger/${d.ledgerId}/undo`, {
      method: "POST",
      body: "{}",
    });
    expect(undo.undone).toEqual([d.ledgerId]);
    await eventually(
      async () => (stack.gmail.mailbox(stack.email).drafts.size === 0 ? true : undefined),
      15_000,
      "the draft deleted in Gmail",
    );
    expect(stack.gmail.calls.filter((c) => c.call === "send" || c.call === "draftSend")).toEqual([]);
    expect(stack.gmail.mailbox(stack.email).sent).toEqual([]);
  });
});
