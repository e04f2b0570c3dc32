import { domainWithin, senderAddress, senderDomain } from "./sender.ts";

export type ScreenerAnswer = "yes" | "no";
/** `pass`: into suggestions; `hold`: waits in the Screener; `screen_out`: the person said no. */
export type ScreenerRoute = "pass" | "hold" | "screen_out";

/**
 * Where the Screener sends one message (as HEY does): with the Screener on, a sender the person
 * has not answered for this account waits when they are new to it (or already wait there); an
 * answer decides all their mail. VIPs are never held. Off, nothing is held or screened out.
 *
 * @example screenerRoute({ input: { enabled: true, answer: null, knownInAccount: false, waiting: false, from: "a@x.org", vipSenders: [] } }) // "hold"
 */
export function screenerRoute(args: {
  input: {
    enabled: boolean;
    answer: ScreenerAnswer | null;
    /** The device had mail from this sender in this account before this message. */
    knownInAccount: boolean;
    /** Earlier mail from this sender already waits for an answer in this account. */
    waiting: boolean;
    from: string;
    vipSenders: readonly string[];
  };
}): ScreenerRoute {
  const { input } = args;
  if (!input.enabled) return "pass";
  if (input.answer === "yes") return "pass";
  if (input.answer === "no") return "screen_out";
  if (input.waiting) return "hold";
  const address = senderAddress(input.from);
  const domain = senderDomain(input.from);
  const vip = input.vipSenders.some((v) => (v.includes("@") ? v === address : domainWithin(domain, v)));
  if (vip) return "pass";
  return input.knownInAccount ? "pass" : "hold";
}
