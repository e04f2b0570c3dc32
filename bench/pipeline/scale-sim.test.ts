import { describe, expect, it } from "vitest";
import { LIMITS, simulate } from "./scale-sim.ts";

// The recorded 100,000-mailbox run is in bench/README.md (`node bench/pipeline/scale-sim.ts`);
// this smaller run keeps the same checks in the suite.
describe("renewal and polling fan-out (simulated, fake clock)", () => {
  it("20,000 mailboxes for 8 days and a 40-minute push outage stay within the published limits", async () => {
    const r = await simulate({ mailboxes: 20_000, days: 8, outageMinutes: 40 });
    expect(r.lapsedWatches).toBe(0);
    expect(r.renewed).toBeGreaterThanOrEqual(20_000);
    expect(r.maxSubrequestsPerInvocation).toBeLessThanOrEqual(LIMITS.subrequestsPerInvocation);
    expect(r.maxMessagesPerSendBatch).toBeLessThanOrEqual(LIMITS.messagesPerSendBatch);
    expect(r.maxGmailWatchUnitsPerMinute).toBeLessThanOrEqual(LIMITS.gmailProjectUnitsPerMinute / 2);
    expect(r.maxQueueMessagesPerMinute / 60).toBeLessThanOrEqual(LIMITS.queueMessagesPerSecond);
    expect(r.polledMailboxes).toBe(20_000);
    // 15-minute interval, then at most two ticks to claim 20,000 quiet mailboxes.
    expect(r.maxPollGapMinutes).toBeLessThanOrEqual(17);
  }, 120_000);
});
