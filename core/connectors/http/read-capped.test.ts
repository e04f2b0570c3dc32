import { describe, expect, it } from "vitest";
import { readCapped, readCappedBytes } from "./read-capped.ts";

/** A body streamed in `chunks` with no Content-Length; `cancelled` turns true when the reader gives up. */
function streamed(chunks: Uint8Array[], headers: HeadersInit = {}) {
  const state = { cancelled: false, pulled: 0 };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks[state.pulled++];
      if (next) controller.enqueue(next);
      else controller.close();
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { res: new Response(body, { headers }), state };
}

const bytes = (n: number, fill = 7) => new Uint8Array(n).fill(fill);

describe("readCappedBytes", () => {
  it("returns a body of exactly the limit whole, chunks joined in order", async () => {
    const { res } = streamed([bytes(4, 1), bytes(6, 2)]);
    const got = await readCappedBytes(res, 10);
    expect(got).toEqual(new Uint8Array([1, 1, 1, 1, 2, 2, 2, 2, 2, 2]));
  });

  it("stops at the first chunk past the limit and cancels the stream", async () => {
    const { res, state } = streamed([bytes(6), bytes(5), bytes(1000)]);
    expect(await readCappedBytes(res, 10)).toBeNull();
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(3);
  });

  it("refuses a declared Content-Length over the limit without reading", async () => {
    const { res, state } = streamed([bytes(11)], { "content-length": "11" });
    expect(await readCappedBytes(res, 10)).toBeNull();
    expect(state).toEqual({ cancelled: true, pulled: 0 });
  });

  it("caps a request body too, and reads no body as no bytes", async () => {
    const req = new Request("https://x.test/", { method: "POST", body: bytes(11) });
    expect(await readCappedBytes(req, 10)).toBeNull();
    expect(await readCappedBytes(new Request("https://x.test/"), 10)).toEqual(new Uint8Array());
  });
});

describe("readCapped", () => {
  it("decodes UTF-8 across chunk boundaries at the limit, and is null past it", async () => {
    const euro = new TextEncoder().encode("€"); // 3 bytes, split over two chunks
    expect(await readCapped(streamed([euro.subarray(0, 1), euro.subarray(1)]).res, 3)).toBe("€");
    expect(await readCapped(streamed([euro, euro]).res, 5)).toBeNull();
  });
});
