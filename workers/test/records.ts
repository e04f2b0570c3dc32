import { env } from "cloudflare:test";
import type { ScoutsDb } from "@scouts/db";
import { createD1Db } from "@scouts/db/d1";
import { upsertConnection } from "@scouts/db/repos/connections";
import { insertScout } from "@scouts/db/repos/scouts";
import { upsertUserByEmail } from "@scouts/db/repos/users";

export const testDb = (): ScoutsDb => createD1Db(env.DB);

/** A user with one cloud scout connected to `accountRef` (tokens optional). */
export async function seedConnectedScout(input: {
  email: string;
  sourceType: "gmail" | "slack";
  accountRef: string;
  historyCursor?: string;
  tokenCiphertext?: string | null;
  tokenKeyVersion?: number | null;
}): Promise<{ userId: string; scoutId: string; connectionId: string }> {
  const db = testDb();
  const now = Date.now();
  const user = await upsertUserByEmail(db, { id: crypto.randomUUID(), email: input.email, now });
  const scout = await insertScout(db, {
    id: crypto.randomUUID(),
    userId: user.id,
    kind: "cloud",
    sourceType: input.sourceType,
    now,
  });
  const conn = await upsertConnection(db, {
    id: crypto.randomUUID(),
    scoutId: scout.id,
    userId: user.id,
    provider: input.sourceType === "gmail" ? "google" : "slack",
    accountRef: input.accountRef,
    tokenCiphertext: input.tokenCiphertext ?? null,
    tokenKeyVersion: input.tokenKeyVersion ?? null,
    scopes: "",
    now,
  });
  if (input.historyCursor) {
    await env.DB.prepare("update scout_connections set history_cursor = ? where id = ?")
      .bind(input.historyCursor, conn.id)
      .run();
  }
  return { userId: user.id, scoutId: scout.id, connectionId: conn.id };
}

/** Wraps a queue binding: records every body, optionally fails, optionally forwards to the real queue. */
export function recordingQueue(opts: { fail?: boolean; forwardTo?: Queue } = {}) {
  const sent: unknown[] = [];
  /** Each sent message's `delaySeconds` (0 when none), in the order of `sent`. */
  const delays: number[] = [];
  const queue = {
    async send(body: unknown, o?: { delaySeconds?: number }) {
      if (opts.fail) throw new Error("Queue send failed: simulated outage");
      sent.push(body);
      delays.push(o?.delaySeconds ?? 0);
      await opts.forwardTo?.send(body, o);
    },
    async sendBatch(messages: Iterable<{ body: unknown; delaySeconds?: number }>) {
      if (opts.fail) throw new Error("Queue sendBatch failed: simulated outage");
      const list = [...messages];
      for (const m of list) {
        sent.push(m.body);
        delays.push(m.delaySeconds ?? 0);
      }
      await opts.forwardTo?.sendBatch(list);
    },
  };
  return { sent, delays, queue: queue as unknown as Queue };
}
