import { describe, expect, it } from "vitest";
import { toFetch } from "../../../tests/fakes/handler.ts";
import { createFakeSlack } from "../../../tests/fakes/slack.ts";
import { createSlackConnector } from "./connector.ts";
import { membershipTtlMs, type SlackMembershipCache } from "./membership.ts";

function harness(personId?: string) {
  let now = 1_800_000_000_000;
  const slack = createFakeSlack({ clock: { now: () => now } });
  const membership: SlackMembershipCache = new Map();
  const make = (person = personId) =>
    createSlackConnector({
      fetch: toFetch(slack.handler),
      botToken: slack.botToken,
      apiBase: "https://slack.test/api",
      sleep: async () => {},
      clock: { now: () => now },
      maxAttempts: 1,
      ...(person ? { personId: person } : {}),
      team: slack.teamId,
      membership,
    });
  return { slack, make, tick: (ms: number) => (now += ms) };
}
const ref = (channel: string) => ({ source: "slack" as const, id: `${channel}:1700000000.000100` });

describe("Slack membership (who may see an item)", () => {
  it("reads every page of a large channel's roster", async () => {
    const h = harness("U0LAST");
    const members = Array.from({ length: 2500 }, (_, i) => `U${String(i).padStart(6, "0")}`);
    h.slack.addChannel({ id: "C0BIG", name: "all-hands", members: [...members, "U0LAST"] });
    expect(await h.make().visibleToOwner!(ref("C0BIG"))).toBe(true);
    expect(h.slack.callsTo("conversations.members")).toBe(3);
  });

  it("caches per team and channel for every connector of the team, then asks again", async () => {
    const h = harness();
    h.slack.addChannel({ id: "C0ONE", name: "one", members: ["U0A"] });
    expect(await h.make("U0A").visibleToOwner!(ref("C0ONE"))).toBe(true);
    expect(await h.make("U0B").visibleToOwner!(ref("C0ONE"))).toBe(false);
    expect(h.slack.callsTo("conversations.members")).toBe(1);
    h.tick(membershipTtlMs);
    expect(await h.make("U0A").visibleToOwner!(ref("C0ONE"))).toBe(true);
    expect(h.slack.callsTo("conversations.members")).toBe(2);
  });

  it.each(["no_permission", "not_in_channel", "channel_not_found", "missing_scope"])(
    "%s answers not visible for that channel only",
    async (error) => {
      const h = harness("U0A");
      h.slack.addChannel({ id: "C0DENY", name: "deny", members: ["U0A"] });
      h.slack.addChannel({ id: "C0OK", name: "ok", members: ["U0A"] });
      h.slack.denyChannel("C0DENY", error);
      const c = h.make();
      expect(await c.visibleToOwner!(ref("C0DENY"))).toBe(false);
      expect(await c.visibleToOwner!(ref("C0OK"))).toBe(true);
    },
  );

  it("a rate limit or outage is an error to retry, not a silent 'not visible'", async () => {
    const h = harness("U0A");
    h.slack.addChannel({ id: "C0RL", name: "rl", members: ["U0A"] });
    h.slack.failNext(1, "429");
    await expect(h.make().visibleToOwner!(ref("C0RL"))).rejects.toMatchObject({ code: "rate_limited" });
    h.slack.failNext(1, "500");
    await expect(h.make().visibleToOwner!(ref("C0RL"))).rejects.toMatchObject({
      code: "upstream_unavailable",
    });
  });

  it("a connection without a known person sees nothing (fail closed)", async () => {
    const h = harness();
    h.slack.addChannel({ id: "C0ANY", name: "any", members: ["U0A"] });
    expect(await h.make(undefined).visibleToOwner!(ref("C0ANY"))).toBe(false);
  });
});
