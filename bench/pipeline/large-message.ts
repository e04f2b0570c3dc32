/**
 * Large-message run: the real Gmail connector and stage 1 in a child process with a Worker's
 * 128 MB heap (`--max-old-space-size=128`), the fake Gmail (format=full per Google's reference)
 * served from this process. Prints, per message, the verdict and the child's peak heap.
 *
 *   node bench/pipeline/large-message.ts
 */
import { spawn } from "node:child_process";
import path from "node:path";
import {
  messageWithAttachment,
  messageWithHugeText,
  messageWithManyParts,
} from "../../tests/fakes/gmail/big-messages.ts";
import { createFakeGmail } from "../../tests/fakes/gmail/index.ts";
import { serveFake } from "../../tests/fakes/serve.ts";

const MB = 1024 * 1024;
const EMAIL = "big@example.com";
const gmail = createFakeGmail();
const token = gmail.addAccount(EMAIL);
const messages: Array<[string, string]> = [
  ["25 MB attachment", messageWithAttachment("Scan 25 MB", 25 * MB)],
  ["35 MB attachment (Gmail's maximum)", messageWithAttachment("Scan 35 MB", 35 * MB)],
  ["35 MB inline HTML text", messageWithHugeText("Minutes 35 MB", 35 * MB)],
  ["50,000 parts", messageWithManyParts("Fifty thousand", 50_000)],
];
const ids = messages.map(([, raw]) => gmail.addMessage(EMAIL, { raw }).id);
const server = await serveFake(gmail.handler);
const child = spawn(
  process.execPath,
  [
    "--max-old-space-size=128",
    path.join(import.meta.dirname, "../../tests/memory/triage-child.ts"),
    server.url,
    token,
    ...ids,
  ],
  { stdio: ["ignore", "pipe", "inherit"] },
);
let out = "";
child.stdout.on("data", (d) => {
  out += d;
});
const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
await server.close();
if (code !== 0) {
  console.error(`child exited with ${code}`);
  process.exit(1);
}
const { results } = JSON.parse(out.trim().split("\n").at(-1)!) as {
  results: Array<{ verdict: string; rawChars: number; peakMb: number }>;
};
const lost = results.filter((r) => !["relevant", "spam"].includes(r.verdict)).length;
console.log(
  JSON.stringify(
    {
      heapLimitMb: 128,
      lost: lost + (messages.length - results.length),
      messages: results.map((r, i) => ({ message: messages[i]![0], ...r })),
    },
    null,
    2,
  ),
);
