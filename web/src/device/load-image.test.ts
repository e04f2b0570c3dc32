import { suggestionFixture } from "@scouts/core/device/suggestion-fixture";
import { describe, expect, it } from "vitest";
import { cloudApi } from "./cloud-api.ts";
import { memoryDeviceStore } from "./memory-store.ts";
import { deviceSource } from "./source.ts";

/** A browser device with one suggestion, whose cloud answers image requests as the Worker does. */
async function setup(answer: (url: URL) => Response) {
  const asked: string[] = [];
  const fetchFn = (async (url: string) => {
    asked.push(String(url));
    return answer(new URL(String(url)));
  }) as typeof fetch;
  const store = memoryDeviceStore();
  await store.insertSuggestion(suggestionFixture("g1"));
  const source = deviceSource({
    ctx: {
      store,
      cloud: cloudApi({ baseUrl: "https://cloud", token: () => "sdt_x", fetch: fetchFn }),
      now: () => 1,
      ids: () => "l1",
      sessionId: "s",
    },
    link: () => ({
      deviceId: "d",
      userId: "u",
      connected: true,
      lastConnectedAt: null,
      lastError: null,
      stage2Runner: null,
    }),
  });
  return { source, asked };
}

describe("Load images on a browser device", () => {
  it("asks the cloud for that suggestion's image and checks the answer's shape", async () => {
    const { source, asked } = await setup(() =>
      Response.json({ contentType: "image/gif", base64: "R0lGOD", width: 1, height: 1, trackingPixel: true }),
    );
    const img = await source.loadImage!("g1", "https://img.example/a.gif?x=1&y=2");
    expect(img).toMatchObject({ contentType: "image/gif", trackingPixel: true });
    expect(asked).toEqual([
      `https://cloud/api/v1/items/g1/image?url=${encodeURIComponent("https://img.example/a.gif?x=1&y=2")}`,
    ]);
  });

  it("refuses an answer that is not a known picture type, and a suggestion it does not have", async () => {
    const { source, asked } = await setup(() =>
      Response.json({ contentType: "image/svg+xml", base64: "", width: 1, height: 1, trackingPixel: false }),
    );
    await expect(source.loadImage!("g1", "https://img.example/a.svg")).rejects.toThrow(/image/);
    await expect(source.loadImage!("nope", "https://img.example/a.png")).rejects.toMatchObject({
      code: "not_found",
    });
    expect(asked).toHaveLength(1);
  });

  it("passes the cloud's refusal on, with its reason", async () => {
    const { source } = await setup(() =>
      Response.json(
        { error: { code: "forbidden", message: "10.0.0.7 is a private address" } },
        { status: 403 },
      ),
    );
    await expect(source.loadImage!("g1", "http://10.0.0.7/x.png")).rejects.toThrow(
      "10.0.0.7 is a private address",
    );
  });
});
