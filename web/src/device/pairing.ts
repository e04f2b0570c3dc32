import { z } from "zod";

/** This browser's device identity with the cloud, kept in IndexedDB (`kv: identity`). */
export const DeviceIdentity = z.object({
  deviceId: z.string().min(1),
  token: z.string().min(1),
  userId: z.string().nullable(),
  pairedAt: z.number(),
});
export type DeviceIdentity = z.infer<typeof DeviceIdentity>;

const PairAnswer = z.object({ deviceId: z.string(), token: z.string(), userId: z.string().optional() });

async function post(fetchFn: typeof fetch, url: string, body: unknown) {
  const res = await fetchFn(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const text = await res.text();
  if (!res.ok) {
    const msg = /"message"\s*:\s*"([^"]{0,200})/.exec(text)?.[1] ?? `HTTP ${res.status}`;
    throw new Error(`pairing refused: ${msg}`);
  }
  return PairAnswer.parse(JSON.parse(text));
}

/**
 * Pairs this browser as a `pwa` device: with a code from a signed-in screen
 * (`POST /api/v1/devices/pair`), or in development by email (`POST /api/v1/dev/pair`, loopback only).
 *
 * @example const id = await pairDevice({ baseUrl: "", how: { code: "ABCD2345" }, name: "Phone", now: Date.now() });
 */
export async function pairDevice(args: {
  baseUrl: string;
  how: { code: string } | { devEmail: string };
  name: string;
  now: number;
  fetch?: typeof fetch;
}): Promise<DeviceIdentity> {
  const f = args.fetch ?? ((i: RequestInfo | URL, init?: RequestInit) => fetch(i, init));
  const answer =
    "code" in args.how
      ? await post(f, `${args.baseUrl}/api/v1/devices/pair`, {
          code: args.how.code,
          name: args.name,
          kind: "pwa",
        })
      : await post(f, `${args.baseUrl}/api/v1/dev/pair`, {
          email: args.how.devEmail,
          deviceName: args.name,
          kind: "pwa",
        });
  return {
    deviceId: answer.deviceId,
    token: answer.token,
    userId: answer.userId ?? null,
    pairedAt: args.now,
  };
}
