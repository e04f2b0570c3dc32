import type { Correction } from "@scouts/core/protocol/local-api";
import { asc, eq, sql } from "drizzle-orm";
import type { AgentDb } from "../db/open.ts";
import { corrections, senderReputation } from "../db/schema/index.ts";

/** Sender reputation and the person's corrections, both keyed by normalized sender address. */
export function senderStore(db: AgentDb) {
  return {
    /** Records one message from `sender`; returns whether the sender was known before. */
    async seen(sender: string, at: number): Promise<boolean> {
      const [row] = await db
        .insert(senderReputation)
        .values({
          sender,
          firstSeenAt: at,
          lastSeenAt: at,
          messageCount: 1,
          approvedCount: 0,
          rejectedCount: 0,
        })
        .onConflictDoUpdate({
          target: senderReputation.sender,
          set: { lastSeenAt: at, messageCount: sql`${senderReputation.messageCount} + 1` },
        })
        .returning({ n: senderReputation.messageCount });
      return (row?.n ?? 1) > 1;
    },
    async decided(sender: string, decision: "approve" | "reject"): Promise<void> {
      const col = decision === "approve" ? senderReputation.approvedCount : senderReputation.rejectedCount;
      await db
        .update(senderReputation)
        .set(decision === "approve" ? { approvedCount: sql`${col} + 1` } : { rejectedCount: sql`${col} + 1` })
        .where(eq(senderReputation.sender, sender));
    },
    async corrections(sender: string): Promise<Correction[]> {
      const rows = await db
        .select()
        .from(corrections)
        .where(eq(corrections.sender, sender))
        .orderBy(asc(corrections.createdAt));
      return rows.map((r) => ({
        id: r.id,
        suggestionId: r.suggestionId,
        sender: r.sender,
        field: r.field as Correction["field"],
        from: r.fromValue,
        to: r.toValue,
        createdAt: r.createdAt,
      }));
    },
    async addCorrection(c: Correction): Promise<void> {
      await db.insert(corrections).values({
        id: c.id,
        suggestionId: c.suggestionId,
        sender: c.sender,
        field: c.field,
        fromValue: c.from,
        toValue: c.to,
        createdAt: c.createdAt,
      });
    },
  };
}
export type SenderStore = ReturnType<typeof senderStore>;
