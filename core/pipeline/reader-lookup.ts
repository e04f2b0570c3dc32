import { senderAddress } from "../assistant/sender.ts";
import { rawHeaders } from "../connectors/gmail/message-resource.ts";
import type { ItemContent, SourceConnector } from "../connectors/source-connector.ts";
import { isCoreError } from "../errors.ts";
import type { ScoutProposalFrame } from "../protocol/frames.ts";
import { readerRules } from "../triage/reader-context.ts";
import type { RuleContext } from "../triage/rules/types.ts";
import { addressesIn } from "../triage/signals/signals.ts";
import type { PipelineScout } from "./ports.ts";
import { withTimeout } from "./with-timeout.ts";

/** A lookup slower than this is "not known": a push's path to the device waits for it. */
export const READER_LOOKUP_DEADLINE_MS = 2_000;
/**
 * Most sent-mail lookups one queue invocation makes (each one Gmail call, 5 quota units, one
 * subrequest). A batch is at most 10 jobs, but a sync job triages up to 20 refs inline: 10 × 20
 * refs would be 200 lookups. Past the bound the relationship is "not known" (bench/README.md).
 */
export const READER_LOOKUPS_PER_INVOCATION = 25;

/**
 * One queue invocation's sent-mail lookups: one per (scout, sender) however many of that sender's
 * messages the batch holds, at most `max` in all, one at a time per mailbox, and none more for a
 * mailbox once one of its lookups failed (a 429, a 5xx, a timeout, a revoked token): it is
 * refusing, and asking again in the same invocation would only add to its load. Each answer is
 * due `deadlineMs` after it was asked for, queueing included. Memory only; dropped with the batch.
 */
export function createReaderLookups(
  max = READER_LOOKUPS_PER_INVOCATION,
  deadlineMs = READER_LOOKUP_DEADLINE_MS,
) {
  const answers = new Map<string, Promise<boolean | undefined>>();
  const own = new Map<string, Promise<string[]>>();
  const refusing = new Set<string>();
  const tails = new Map<string, Promise<unknown>>();
  let made = 0;

  function ask(scoutId: string, connector: SourceConnector, address: string): Promise<boolean | undefined> {
    if (refusing.has(scoutId) || made >= max || !connector.wroteTo) return Promise.resolve(undefined);
    made++;
    return connector.wroteTo(address).catch((e: unknown) => {
      // A hostile or odd address is this sender's problem only; anything else is the mailbox's.
      if (!(isCoreError(e) && e.code === "bad_input")) refusing.add(scoutId);
      return undefined;
    });
  }

  return {
    /** Lookups sent to the provider so far in this invocation. */
    get made() {
      return made;
    },
    /**
     * The person's own verified addresses at this scout's provider (Gmail send-as aliases), asked
     * once per scout per invocation. Any failure (403 insufficient scope, 429, a timeout) is
     * "none known": the watched mailbox alone is the person's address, and the item goes on.
     */
    ownAddresses(scoutId: string, connector: SourceConnector): Promise<string[]> {
      let known = own.get(scoutId);
      if (!known) {
        known = connector.ownAddresses
          ? withTimeout(connector.ownAddresses(), deadlineMs, "send-as lookup").catch(() => [])
          : Promise.resolve([]);
        own.set(scoutId, known);
      }
      return known;
    },
    /** True / false, or undefined when not known (not asked, bounded out, failed, too slow). */
    wroteTo(scoutId: string, connector: SourceConnector, address: string): Promise<boolean | undefined> {
      const key = `${scoutId}\u0000${address}`;
      const known = answers.get(key);
      if (known) return known;
      if (!connector.wroteTo || refusing.has(scoutId)) return Promise.resolve(undefined);
      const run = (tails.get(scoutId) ?? Promise.resolve()).then(() => ask(scoutId, connector, address));
      tails.set(scoutId, run);
      const answer = withTimeout(run, deadlineMs, "sent-mail lookup").catch(() => {
        refusing.add(scoutId);
        return undefined;
      });
      answers.set(key, answer);
      return answer;
    },
  };
}
export type ReaderLookups = ReturnType<typeof createReaderLookups>;

export type FrameReader = NonNullable<ScoutProposalFrame["reader"]>;

/**
 * The reader for cloud stage 1 of one mail item, in memory only: the watched mailbox and its
 * verified send-as aliases as the person's addresses, where they stand on the message, and whether the person ever wrote to the
 * sender (one transient lookup). Undefined when the scout has no known mailbox: stage 1 then runs
 * with no reader, as it was trained for mail without one.
 */
export function cloudReader(
  lookups: ReaderLookups | undefined,
  scout: PipelineScout,
  connector: SourceConnector,
  content: ItemContent,
): Promise<{ rules: RuleContext; frame: FrameReader } | undefined> {
  if (content.kind !== "email") return Promise.resolve(undefined);
  const m = content.metadata;
  if (m) return readerFromHeaders(lookups, scout, connector, { from: m.from, to: m.to, cc: m.cc });
  const h = rawHeaders(content.raw, ["from", "to", "cc"]);
  return readerFromHeaders(lookups, scout, connector, {
    from: h.get("from"),
    to: h.get("to"),
    cc: h.get("cc"),
  });
}

/**
 * The same from display headers alone (a proposal delivered later, from `format=metadata`):
 * what rides the frame when the device was not connected at triage time.
 */
export async function readerFromHeaders(
  lookups: ReaderLookups | undefined,
  scout: PipelineScout,
  connector: SourceConnector,
  headers: { from?: string | undefined; to?: string | undefined; cc?: string | undefined },
): Promise<{ rules: RuleContext; frame: FrameReader } | undefined> {
  if (!scout.mailbox) return undefined;
  const mailbox = scout.mailbox.toLowerCase();
  // The watched mailbox first, then its verified send-as aliases (mail to an alias is to the person).
  const aliases = lookups ? await lookups.ownAddresses(scout.id, connector) : [];
  const addresses = [mailbox, ...aliases.filter((a) => a !== mailbox)];
  const isOwn = (list: string[]) => list.some((a) => addresses.includes(a));
  const sender = headers.from ? senderAddress(headers.from) : "";
  const role = isOwn(addressesIn(headers.to))
    ? "to"
    : isOwn(addressesIn(headers.cc))
      ? "cc"
      : "not_addressed";
  // Mail from one of the person's own addresses says nothing about a relationship.
  const wroteTo =
    sender.includes("@") && !addresses.includes(sender) && lookups
      ? await lookups.wroteTo(scout.id, connector, sender)
      : undefined;
  const relationship = wroteTo === undefined ? undefined : wroteTo ? { wroteTo: true } : null;
  return {
    rules: readerRules({ addresses, sender, relationship }),
    frame: { role, ...(wroteTo !== undefined ? { wroteTo } : {}) },
  };
}
