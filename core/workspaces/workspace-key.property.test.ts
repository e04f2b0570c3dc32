import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { slackConversationPlace } from "../connectors/slack/list-places.ts";
import { extractSlackWorkspaces } from "./extractors/slack.ts";
import { placesOfItem } from "./harvest.ts";

const alnum = fc.stringMatching(/^[A-Z0-9]{6,12}$/);
type Kind = "channel" | "group" | "im" | "mpim";
/** A conversation as Slack would name it: ids by kind (mpims are G… or C…), DMs D…. */
const conversation = fc
  .record({
    kind: fc.constantFrom<Kind>("channel", "group", "im", "mpim"),
    tail: alnum,
    mpimPrefix: fc.constantFrom("G", "C"),
  })
  .map(({ kind, tail, mpimPrefix }) => ({
    kind,
    id: `${kind === "im" ? "D" : kind === "mpim" ? mpimPrefix : kind === "group" ? "G" : "C"}${tail}`,
  }));
/** The ways one event names its team: plain workspace, Grid with org and workspace, org-wide install. */
const envelope = fc.record({
  team: fc.option(
    alnum.map((t) => `T${t}`),
    { nil: undefined },
  ),
  enterprise: fc.option(
    alnum.map((e) => `E${e}`),
    { nil: undefined },
  ),
  contextTeam: fc.option(
    alnum.map((t) => `T${t}`),
    { nil: undefined },
  ),
});
const person = alnum.map((u) => `U${u}`);

describe("one key per place, whatever path saw it (property)", () => {
  it("the Events API, triage and the onboarding scan key a conversation identically; never by team or person", () => {
    fc.assert(
      fc.property(conversation, envelope, person, fc.boolean(), (c, env, sender, fromBot) => {
        const event = {
          type: "event_callback",
          ...(env.team ? { team_id: env.team } : {}),
          ...(env.enterprise ? { enterprise_id: env.enterprise } : {}),
          ...(env.contextTeam ? { context_team_id: env.contextTeam } : {}),
          event: {
            type: "message",
            channel: c.id,
            channel_type: c.kind,
            ...(fromBot ? { bot_id: "B1" } : { user: sender }),
            text: "x",
            ts: "1700000000.000100",
          },
        };
        const fromEvent = extractSlackWorkspaces(event).map((w) => [w.workspaceKey, w.kind]);
        const chat = {
          kind: "chat" as const,
          ref: { source: "slack" as const, id: `${c.id}:1700000000.000100` },
          text: "x",
          user: sender,
          channel: c.id,
          channelType: c.kind,
          ts: "1700000000.000100",
          date: 1,
        };
        const fromTriage = placesOfItem(chat).map((w) => [w.workspaceKey, w.kind]);
        // Triage without a channel_type (the history path before conversations.info answered).
        const fromId = placesOfItem({ ...chat, channelType: undefined }).map((w) => w.workspaceKey);
        const scanned = slackConversationPlace({
          id: c.id,
          name: "n",
          is_im: c.kind === "im",
          is_mpim: c.kind === "mpim",
          user: sender,
        });
        expect(fromEvent).toHaveLength(1);
        expect(fromTriage).toEqual(fromEvent);
        expect(fromId).toEqual(c.kind === "im" ? [fromEvent[0]![0]] : []); // no guessing the kind
        expect(scanned && [scanned.workspaceKey, scanned.kind]).toEqual(fromEvent[0]);
        const key = String(fromEvent[0]![0]);
        for (const id of [sender, env.team, env.enterprise, env.contextTeam])
          if (id) expect(key).not.toContain(id);
      }),
      { numRuns: 500 },
    );
  });
});
