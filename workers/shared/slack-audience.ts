import { withTimeout } from "@scouts/core/pipeline/with-timeout";
import { type ConnectorForScoutInput, connectorForScout } from "./scout-connector.ts";

/** `unknown`: the roster could not be read in time (Slack slow or failing, a connection to fix). */
export type SlackAudience = "member" | "not_member" | "unknown";

type SlackLike = { seesChannel(channel: string): Promise<boolean> };

/** Slack wants an answer within 3 s; the webhook spends at most this much asking who is in the channel. */
export const slackAudienceBudgetMs = 1_500;

/**
 * Which of a team's connected scouts can see `channel`, by each connection's own person and the
 * channel's roster (conversations.members, cached per isolate for two minutes and shared by
 * every connection on the team, so a burst of events costs one call). The first scout is asked
 * alone to fill the cache; the rest then read it. Never throws: what is not known in time is
 * `unknown`, and the caller leaves that decision to triage, which checks again.
 * @example const who = await slackAudience(deps, ["s1", "s2"], "G0SECRET1"); who.get("s2") // "not_member"
 */
export async function slackAudience(
  deps: Omit<ConnectorForScoutInput, "scoutId">,
  scoutIds: string[],
  channel: string,
  budgetMs = slackAudienceBudgetMs,
): Promise<Map<string, SlackAudience>> {
  const clock = deps.clock ?? { now: () => Date.now() };
  const deadline = clock.now() + budgetMs;
  const out = new Map<string, SlackAudience>();
  const ask = async (scoutId: string) => {
    const left = deadline - clock.now();
    if (left <= 0) return void out.set(scoutId, "unknown");
    try {
      const sees = await withTimeout(
        connectorForScout({ ...deps, scoutId }).then((conn) =>
          "seesChannel" in conn ? (conn as SlackLike).seesChannel(channel) : Promise.resolve(false),
        ),
        left,
        "Slack membership",
      );
      out.set(scoutId, sees ? "member" : "not_member");
    } catch {
      out.set(scoutId, "unknown");
    }
  };
  const [first, ...rest] = scoutIds;
  if (first === undefined) return out;
  await ask(first);
  await Promise.all(rest.map(ask));
  return out;
}
