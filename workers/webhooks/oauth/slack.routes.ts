import { CoreError } from "@scouts/core/errors";
import { Hono } from "hono";
import { z } from "zod";
import { connectAccount } from "../../shared/connect-account.ts";
import { requireConfig } from "../../shared/require-config.ts";
import { requireSession } from "../auth/require-session.ts";
import type { AppEnv } from "../context.ts";
import { beginOAuth, finishOAuth, publicOrigin } from "./oauth-state.ts";

/**
 * Bot scopes: read the channels, DMs and group DMs the app is in (`*:read` also lists their
 * members, which is how an item is routed only to the people in it), and post the daily brief.
 */
export const SLACK_BOT_SCOPES = [
  "channels:history",
  "channels:read",
  "groups:history",
  "groups:read",
  "im:history",
  "im:read",
  "mpim:history",
  "mpim:read",
  "chat:write",
];
const SLACK_KEYS = ["SLACK_CLIENT_ID", "SLACK_CLIENT_SECRET", "SESSION_SECRET", "TOKEN_KEYS"] as const;

const AccessResponse = z.object({
  ok: z.literal(true),
  access_token: z.string().min(1),
  token_type: z.literal("bot"),
  scope: z.string().default(""),
  bot_user_id: z.string().optional(),
  // Org-wide Enterprise Grid installs answer `team: null` and name the org in `enterprise`.
  team: z.object({ id: z.string().min(1) }).nullish(),
  enterprise: z.object({ id: z.string().min(1) }).nullish(),
  authed_user: z.object({ id: z.string().regex(/^[UW][A-Z0-9]{2,30}$/) }),
});

// The authorize page lives on Slack's site, next to (not under) the Web API base.
const slackSite = (apiBase: string) => apiBase.replace(/\/api\/?$/, "");

/** Slack OAuth v2 for a signed-in person: installs the bot and creates their Slack scout. */
export function slackOAuthRoutes() {
  return new Hono<AppEnv>()
    .get("/oauth/slack/start", requireSession(), async (c) => {
      const cfg = requireConfig(c.var.services.config, "Slack connection", SLACK_KEYS);
      const { state } = await beginOAuth(c, "slack", c.req.query("returnTo") ?? "/");
      const url = new URL(`${slackSite(cfg.SLACK_API_BASE)}/oauth/v2/authorize`);
      url.search = new URLSearchParams({
        client_id: cfg.SLACK_CLIENT_ID,
        scope: SLACK_BOT_SCOPES.join(","),
        redirect_uri: `${publicOrigin(c)}/oauth/slack/callback`,
        state,
      }).toString();
      return c.redirect(url.toString(), 302);
    })
    .get("/oauth/slack/callback", requireSession(), async (c) => {
      const { config, db, fetch, clock } = c.var.services;
      const cfg = requireConfig(config, "Slack connection", SLACK_KEYS);
      const denied = c.req.query("error");
      if (denied)
        throw new CoreError(
          "forbidden",
          `Slack install was not granted (${denied.replace(/[^a-z_]/gi, "").slice(0, 40)})`,
        );
      const { returnTo } = await finishOAuth(c, "slack", c.req.query("state"));
      const code = c.req.query("code");
      if (!code) throw new CoreError("bad_input", "callback has no authorization code");
      let res: Response;
      try {
        res = await fetch(`${cfg.SLACK_API_BASE.replace(/\/$/, "")}/oauth.v2.access`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            code,
            client_id: cfg.SLACK_CLIENT_ID,
            client_secret: cfg.SLACK_CLIENT_SECRET,
            redirect_uri: `${publicOrigin(c)}/oauth/slack/callback`,
          }),
        });
      } catch (cause) {
        throw new CoreError("upstream_unavailable", "Slack is unreachable", { cause });
      }
      if (res.status >= 500 || res.status === 429)
        throw new CoreError("upstream_unavailable", `Slack answered ${res.status}`);
      const body = (await res.json().catch(() => null)) as { ok?: boolean; error?: string } | null;
      if (!body?.ok) {
        const error = String(body?.error ?? `http_${res.status}`).slice(0, 60);
        throw new CoreError("forbidden", `Slack refused the install: ${error}`, { details: { error } });
      }
      const access = AccessResponse.safeParse(body);
      if (!access.success)
        throw new CoreError("upstream_rejected", "Slack's oauth.v2.access answer is not a bot token");
      const { access_token, bot_user_id, scope, team, enterprise, authed_user } = access.data;
      const accountRef = team?.id ?? enterprise?.id;
      if (!accountRef)
        throw new CoreError("upstream_rejected", "Slack's answer names neither a team nor an org");
      await connectAccount(
        { db, config, now: clock.now() },
        {
          userId: c.var.auth.userId,
          provider: "slack",
          accountRef,
          // Events are routed to this person only where they are a member (see triage).
          providerUserId: authed_user.id,
          tokens: { botToken: access_token, botUserId: bot_user_id ?? null, scope },
          scopes: scope,
        },
      );
      return c.redirect(returnTo, 302);
    });
}
