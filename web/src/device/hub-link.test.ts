import { describe, expect, it } from "vitest";
import { backoffDelay, deviceSocketUrl } from "./hub-link.ts";

describe("hub link", () => {
  it("backs off exponentially with jitter between half and full delay, capped", () => {
    expect(backoffDelay(0, 500, 30_000, () => 0)).toBe(250);
    expect(backoffDelay(0, 500, 30_000, () => 1)).toBe(500);
    expect(backoffDelay(3, 500, 30_000, () => 1)).toBe(4000);
    expect(backoffDelay(20, 500, 30_000, () => 0.5)).toBe(22_500);
    for (let a = 0; a < 12; a++) {
      const d = backoffDelay(a, 500, 30_000, Math.random);
      expect(d).toBeGreaterThanOrEqual(Math.min(30_000, 500 * 2 ** a) / 2 - 1);
      expect(d).toBeLessThanOrEqual(30_000);
    }
  });

  it("derives the socket URL from the page origin, never with a token in it", () => {
    expect(deviceSocketUrl("", "https://scouts.example")).toBe("wss://scouts.example/api/v1/device");
    expect(deviceSocketUrl("http://127.0.0.1:8787/")).toBe("ws://127.0.0.1:8787/api/v1/device");
  });
});
