import { z } from "zod";

/** The Worker's `GET /api/v1/me` (validated: the screen trusts only what it checked). */
export const Me = z.object({
  user: z.object({ id: z.string(), email: z.string(), displayName: z.string().nullable().optional() }),
  scouts: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      sourceType: z.string(),
      enabled: z.boolean(),
      pausedReason: z.string().nullable(),
      autoTrashSpam: z.boolean(),
      deviceInactivityPauseDays: z.number(),
      accountRef: z.string().nullable(),
      needsReauth: z.boolean(),
      lastRunAt: z.number().nullable(),
      lastRun: z.object({ kind: z.string(), outcome: z.string(), at: z.number() }).nullable(),
      /** Work past its queue retries, redone until it succeeds (absent from older Workers). */
      owed: z
        .object({ count: z.number(), lastError: z.string().nullable(), lastErrorAt: z.number().nullable() })
        .optional(),
    }),
  ),
});
export type Me = z.infer<typeof Me>;
export type ScoutPatch = { enabled?: boolean; autoTrashSpam?: boolean; deviceInactivityPauseDays?: number };

export class CloudError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** Same-origin call to the Worker (proxied in dev/preview) with the session cookie. */
export async function cloud<T>(path: string, init: RequestInit = {}, schema?: z.ZodType<T>): Promise<T> {
  const res = await fetch(path, {
    ...init,
    credentials: "same-origin",
    headers: init.body ? { "content-type": "application/json" } : {},
  });
  const json = (await res.json().catch(() => ({}))) as { error?: { message?: string } };
  if (!res.ok) throw new CloudError(res.status, json.error?.message ?? `cloud answered ${res.status}`);
  return schema ? schema.parse(json) : (json as T);
}
