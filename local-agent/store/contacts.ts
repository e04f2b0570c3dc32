import { plainAddress } from "@scouts/core/assistant/sender";
import type { Relationship } from "@scouts/core/triage/rules/types";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { AgentDb } from "../db/open.ts";
import { contacts, ownAddresses, sentCursor } from "../db/schema/index.ts";

/** One message from the person's sent mail, as its envelope gives it (addresses only). */
export interface SentEnvelope {
  from: string[];
  to: string[];
  cc: string[];
  bcc: string[];
  /** It answered another message (In-Reply-To set): its To are people the person replied to. */
  reply: boolean;
  at: number;
}

/** A mail to more people than this is a broadcast, not a relationship with each of them. */
export const MAX_RECIPIENTS_PER_CONTACT = 50;
/** Stage 2 takes at most 20 of the reader's own addresses. */
export const MAX_OWN_ADDRESSES = 20;

/**
 * What the device knows about its reader: their own addresses and the people they wrote to or
 * replied to, learned from their sent mail. Kept on the device only; triage reads it.
 */
export function contactStore(db: AgentDb, now: () => number) {
  return {
    /** Records one of the person's own addresses; a bad address is ignored. */
    async addOwn(raw: string, source: string): Promise<void> {
      const address = plainAddress(raw);
      if (!address) return;
      await db.insert(ownAddresses).values({ address, source, addedAt: now() }).onConflictDoNothing();
    },
    async ownAddresses(): Promise<string[]> {
      const rows = await db
        .select({ address: ownAddresses.address })
        .from(ownAddresses)
        .orderBy(asc(ownAddresses.addedAt), asc(ownAddresses.address))
        .limit(MAX_OWN_ADDRESSES)
        .all();
      return rows.map((r) => r.address);
    },
    /**
     * Learns from sent messages: their From are the person's own addresses, their recipients people
     * the person wrote to (and replied to, for the To of a reply). A mail to more than
     * MAX_RECIPIENTS_PER_CONTACT people teaches only its From.
     */
    async learnSent(accountId: string, sent: readonly SentEnvelope[]): Promise<number> {
      const own = new Set(await this.ownAddresses());
      for (const m of sent)
        for (const f of m.from) {
          const a = plainAddress(f);
          if (a && !own.has(a) && own.size < MAX_OWN_ADDRESSES) {
            await this.addOwn(a, `sent:${accountId}`);
            own.add(a);
          }
        }
      const tally = new Map<string, { wrote: number; replied: number; at: number }>();
      for (const m of sent) {
        const to = m.to.map(plainAddress).filter((a): a is string => a !== null);
        const rest = [...m.cc, ...m.bcc].map(plainAddress).filter((a): a is string => a !== null);
        const everyone = new Set([...to, ...rest].filter((a) => !own.has(a)));
        if (everyone.size === 0 || everyone.size > MAX_RECIPIENTS_PER_CONTACT) continue;
        const toSet = new Set(to);
        for (const a of everyone) {
          const t = tally.get(a) ?? { wrote: 0, replied: 0, at: 0 };
          t.wrote++;
          if (m.reply && toSet.has(a)) t.replied++;
          t.at = Math.max(t.at, m.at);
          tally.set(a, t);
        }
      }
      for (const [address, t] of tally)
        await db
          .insert(contacts)
          .values({ address, wroteCount: t.wrote, repliedCount: t.replied, lastAt: t.at })
          .onConflictDoUpdate({
            target: contacts.address,
            set: {
              wroteCount: sql`${contacts.wroteCount} + ${t.wrote}`,
              repliedCount: sql`${contacts.repliedCount} + ${t.replied}`,
              lastAt: sql`max(${contacts.lastAt}, ${t.at})`,
            },
          });
      return tally.size;
    },
    /** The person's relationship with these addresses (only the ones they wrote to). */
    async relationships(addresses: readonly string[]): Promise<Map<string, Relationship>> {
      const wanted = [...new Set(addresses.map(plainAddress).filter((a): a is string => a !== null))];
      if (wanted.length === 0) return new Map();
      const rows = await db.select().from(contacts).where(inArray(contacts.address, wanted)).all();
      return new Map(
        rows.map((r) => [r.address, { wroteTo: r.wroteCount > 0, repliedTo: r.repliedCount > 0 }]),
      );
    },
    async cursor(accountId: string) {
      return (await db.select().from(sentCursor).where(eq(sentCursor.accountId, accountId)).get()) ?? null;
    },
    async setCursor(accountId: string, at: { folder: string; mark: string; last: number }) {
      await db
        .insert(sentCursor)
        .values({ accountId, ...at })
        .onConflictDoUpdate({ target: sentCursor.accountId, set: at });
    },
    /**
     * The account was removed: forgets its sent-folder progress and the addresses it taught. The
     * people the person wrote to stay (they are the person's, whichever account they wrote from).
     */
    async forgetAccount(accountId: string): Promise<void> {
      await db.delete(sentCursor).where(eq(sentCursor.accountId, accountId));
      await db
        .delete(ownAddresses)
        .where(inArray(ownAddresses.source, [`account:${accountId}`, `sent:${accountId}`]));
    },
  };
}
export type ContactStore = ReturnType<typeof contactStore>;
