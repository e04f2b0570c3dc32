import { describe, expect, it } from "vitest";
import { callApp, devUser, testEnv } from "../../test/harness.ts";

const URL_ = "https://scouts.test/api/v1/device";

async function firstFrame(res: Response): Promise<{ type: string; userId?: string; deviceId?: string }> {
  const ws = res.webSocket;
  if (!ws) throw new Error(`no WebSocket (status ${res.status})`);
  ws.accept();
  const frame = await new Promise<string>((resolve) =>
    ws.addEventListener("message", (m) => resolve(String(m.data)), { once: true }),
  );
  ws.close(1000, "done");
  return JSON.parse(frame);
}

describe("GET /api/v1/device", () => {
  it("upgrades an agent with a Bearer header and hands it to its own DeviceHub", async () => {
    const a = await devUser("ws-agent@example.com");
    const res = await callApp({ env: testEnv() }, URL_, {
      headers: { upgrade: "websocket", authorization: `Bearer ${a.token}` },
    });
    expect(res.status).toBe(101);
    expect(await firstFrame(res)).toMatchObject({ type: "welcome", userId: a.userId, deviceId: a.deviceId });
  });

  it("accepts a browser's bearer.<token> subprotocol and answers scouts.v1", async () => {
    const a = await devUser("ws-pwa@example.com");
    const res = await callApp({ env: testEnv() }, URL_, {
      headers: { upgrade: "websocket", "sec-websocket-protocol": `scouts.v1, bearer.${a.token}` },
    });
    expect(res.status).toBe(101);
    expect(res.headers.get("sec-websocket-protocol")).toBe("scouts.v1");
    expect(await firstFrame(res)).toMatchObject({ type: "welcome", userId: a.userId });
  });

  it("ignores identity headers a client sends itself", async () => {
    const a = await devUser("ws-forge-a@example.com");
    const b = await devUser("ws-forge-b@example.com");
    const res = await callApp({ env: testEnv() }, URL_, {
      headers: {
        upgrade: "websocket",
        authorization: `Bearer ${a.token}`,
        "x-scouts-user-id": b.userId,
        "x-scouts-device-id": b.deviceId,
      },
    });
    expect(await firstFrame(res)).toMatchObject({ userId: a.userId, deviceId: a.deviceId });
  });

  it("refuses a token in the query string, a missing or unknown token, a session cookie, and a plain GET", async () => {
    const a = await devUser("ws-refuse@example.com");
    const ws = { upgrade: "websocket" };
    expect((await callApp({ env: testEnv() }, `${URL_}?token=${a.token}`, { headers: ws })).status).toBe(400);
    expect((await callApp({ env: testEnv() }, URL_, { headers: ws })).status).toBe(401);
    const unknown = { ...ws, authorization: "Bearer sdt_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" };
    expect((await callApp({ env: testEnv() }, URL_, { headers: unknown })).status).toBe(401);
    expect((await callApp({ env: testEnv() }, URL_, { headers: { ...ws, cookie: a.cookie } })).status).toBe(
      401,
    );
    const plain = await callApp({ env: testEnv() }, URL_, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(plain.status).toBe(426);
  });
});
