import { describe, expect, it } from "vitest";
import { callApp, testEnv } from "../../test/harness.ts";
import { readCappedBody } from "../read-capped.ts";

const CHUNK = 64 * 1024;

/** A body that streams `chunks` × 64 KiB and counts how many chunks were pulled from it. */
function countingBody(chunks: number) {
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= chunks) return controller.close();
      state.pulled++;
      controller.enqueue(new Uint8Array(CHUNK).fill(0x61));
    },
  });
  return { stream, state };
}

describe("an unsigned Slack body is never read whole before the size check", () => {
  it("a 16 MiB streamed body without Content-Length is refused (413) after reading just past 256 KiB", async () => {
    const { stream, state } = countingBody(256);
    const res = await callApp(
      { env: testEnv({ SLACK_SIGNING_SECRET: "cap-secret" }) },
      "https://scouts.test/webhooks/slack",
      {
        method: "POST",
        headers: { "x-slack-request-timestamp": "1", "x-slack-signature": "v0=00" },
        body: stream,
        // @ts-expect-error workerd needs duplex for a streamed request body
        duplex: "half",
      },
    );
    expect(res.status).toBe(413);
    expect(state.pulled).toBeLessThanOrEqual((256 * 1024) / CHUNK + 2);
  });

  it("a declared Content-Length over the cap is refused before any byte is read", async () => {
    const { stream, state } = countingBody(8);
    const req = new Request("https://scouts.test/x", {
      method: "POST",
      headers: { "content-length": String(10 * 1024 * 1024) },
      body: stream,
      // @ts-expect-error workerd needs duplex for a streamed request body
      duplex: "half",
    });
    await expect(readCappedBody(req, 256 * 1024, "Slack request body")).rejects.toMatchObject({
      code: "payload_too_large",
    });
    expect(state.pulled).toBeLessThanOrEqual(1);
  });

  it("a body within the cap is returned byte for byte", async () => {
    const body = "token=x&team_id=T1";
    const req = new Request("https://scouts.test/x", { method: "POST", body });
    expect(new TextDecoder().decode(await readCappedBody(req, 1024, "body"))).toBe(body);
  });
});
