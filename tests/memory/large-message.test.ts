import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  messageWithAttachment,
  messageWithHugeText,
  messageWithManyParts,
} from "../fakes/gmail/big-messages.ts";
import { createFakeGmail } from "../fakes/gmail/index.ts";
import { serveFake } from "../fakes/serve.ts";

const EMAIL = "big@example.com";
const MB = 1024 * 1024;

interface ChildResult {
  results: Array<{ id: string; verdict: string; reason: string; rawChars: number; peakMb: number }>;
}

function runChild(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ["--max-old-space-size=128", path.join(import.meta.dirname, "triage-child.ts"), ...args],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (err += d));
    child.on("close", (code) => resolve({ code, out, err }));
  });
}

// The fake (and the messages) live in this process; only the connector and triage are in the child.
describe("a message of any size triages under a 128 MB heap (real connector + stage 1 in a child process)", () => {
  const gmail = createFakeGmail();
  const token = gmail.addAccount(EMAIL);
  let server: Awaited<ReturnType<typeof serveFake>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ids.attachment25 = gmail.addMessage(EMAIL, { raw: messageWithAttachment("Scan 25 MB", 25 * MB) }).id;
    ids.attachment35 = gmail.addMessage(EMAIL, { raw: messageWithAttachment("Scan 35 MB", 35 * MB) }).id;
    ids.text35 = gmail.addMessage(EMAIL, { raw: messageWithHugeText("Minutes 35 MB", 35 * MB) }).id;
    ids.parts50k = gmail.addMessage(EMAIL, { raw: messageWithManyParts("Fifty thousand", 50_000) }).id;
    server = await serveFake(gmail.handler);
  }, 120_000);
  afterAll(() => server?.close());

  it("25 MB and 35 MB attachments, a 35 MB text and 50,000 parts: every one gets a verdict", async () => {
    const order = ["attachment25", "attachment35", "text35", "parts50k"];
    const { code, out, err } = await runChild([server.url, token, ...order.map((k) => ids[k]!)]);
    expect(err).not.toMatch(/heap out of memory/i);
    expect(code).toBe(0);
    const { results } = JSON.parse(out.trim().split("\n").at(-1)!) as ChildResult;
    console.log(JSON.stringify(results.map((r, i) => ({ message: order[i], ...r }))));
    expect(results.map((r) => r.id)).toEqual(order.map((k) => ids[k]));
    for (const r of results) {
      expect(["relevant", "spam", "unparseable"]).toContain(r.verdict);
      expect(r.verdict).not.toBe("unparseable");
      expect(r.rawChars).toBeLessThan(4 * MB);
      expect(r.peakMb).toBeLessThan(100);
    }
  }, 180_000);
});
