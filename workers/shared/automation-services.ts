import { createChat } from "@scouts/core/automation/authoring/llm-client";
import type { ActionServices, CapabilityRegistry } from "@scouts/core/automation/registry/types";
import { createSlackApi } from "@scouts/core/connectors/slack/slack-api";
import { CoreError } from "@scouts/core/errors";
import { publish } from "@scouts/core/events/publish";
import type { EventsCtx } from "@scouts/core/events/types";
import { type Clock, type Logger, randomId, realSleep } from "@scouts/core/ports";
import type { ScoutsDb } from "@scouts/db";
import { insertArtifact } from "@scouts/db/repos/automation-artifacts";
import { sql } from "drizzle-orm";
import type { Config, Env } from "../env.ts";
import type { AutomationOverrides } from "./automation-deps.ts";
import { deviceHubFor } from "./durable-objects.ts";
import { applyAction } from "./ledger-service.ts";
import { connectorForScout } from "./scout-connector.ts";
import { openTokens } from "./token-store.ts";

/** The content type an artifact kind is stored and served with. */
export function artifactContentType(kind: string): string {
  const types: Record<string, string> = {
    text: "text/plain; charset=utf-8",
    json: "application/json",
    csv: "text/csv; charset=utf-8",
    html: "text/html; charset=utf-8",
    markdown: "text/markdown; charset=utf-8",
  };
  return types[kind] ?? "application/octet-stream";
}

/**
 * What actions can do in the Worker: notify, post to Slack, act on the mailbox through the
 * ledger, store artifacts in R2, and (when configured) talk to the language model.
 */
export function createActionServices(deps: {
  env: Env;
  config: Config;
  db: ScoutsDb;
  clock: Clock;
  logger: Logger;
  events: EventsCtx;
  registry: CapabilityRegistry;
  overrides: AutomationOverrides;
}): ActionServices {
  const { env, config, db, clock, logger, events, registry, overrides } = deps;
  const services: ActionServices = {
    clock,
    logger,
    registry,
    ...(overrides.fetch ? { fetch: overrides.fetch } : {}),
    // Only the title reaches devices (an info notice, never the body); offline devices miss it.
    notify: async (n) => {
      const notice = { kind: "info" as const, message: n.title.slice(0, 500) };
      let devices: number;
      try {
        devices = await deviceHubFor(env.DEVICE_HUB, n.userId).notice(n.userId, notice);
      } catch (e) {
        throw new CoreError("upstream_unavailable", "the device hub did not answer", { cause: e });
      }
      await publish(events, {
        type: "automation.notification",
        userId: n.userId,
        subject: `automation_run:${n.runId}`,
        payload: { runId: n.runId },
      });
      return { devices };
    },
    // Same path as a person's action: ownership check, ledger row with its reversal, then the
    // provider. The step's key makes any repeat of the step (retry, restart) return the first entry.
    mailbox: async (m) => {
      const out = await applyAction(
        {
          db,
          clock,
          ids: randomId,
          connectorFor: (scoutId) =>
            connectorForScout({
              env,
              config,
              db,
              scoutId,
              ...(overrides.fetch ? { fetch: overrides.fetch } : {}),
              clock,
              logger,
            }),
        },
        {
          userId: m.userId,
          proposalId: m.proposalId,
          action: m.action,
          ...(m.label ? { label: m.label } : {}),
          runId: m.runId,
          actor: "automation",
          idempotencyKey: `automation:${m.idempotencyKey}`,
        },
      );
      return { ledgerId: out.ledgerId };
    },
    slackPost: async ({ userId, channel, teamId, text, clientMsgId }) => {
      // The connection of the team the destination names (a person may connect several teams);
      // without a team, the most recently updated connection.
      const rows = await db.all<{ token_ciphertext: string | null; account_ref: string }>(sql`SELECT
          c.token_ciphertext, c.account_ref FROM scout_connections c
        JOIN scouts s ON s.id = c.scout_id
        WHERE s.user_id = ${userId} AND s.source_type = 'slack' AND c.needs_reauth = 0 AND c.token_ciphertext IS NOT NULL
        ORDER BY c.updated_at DESC`);
      const row = teamId ? rows.find((r) => r.account_ref === teamId) : rows[0];
      if (teamId && !row && rows.length)
        throw new CoreError(
          "not_found",
          `Slack workspace ${teamId} is not one you connected: reconnect it or pick another channel`,
        );
      if (!row?.token_ciphertext)
        throw new CoreError("disabled", "connect a Slack workspace to post from automations");
      const { tokens } = await openTokens(config, userId, row.token_ciphertext);
      const botToken = (tokens as { botToken?: unknown }).botToken;
      if (typeof botToken !== "string")
        throw new CoreError("needs_reauth", "stored Slack token is unusable: reconnect Slack");
      const api = createSlackApi({
        fetch: overrides.fetch ?? ((i, init) => fetch(i, init)),
        botToken,
        apiBase: config.SLACK_API_BASE,
        sleep: overrides.sleep ?? realSleep,
        clock,
        logger,
      });
      const out = await api.call<{ ts: string }>("chat.postMessage", {
        channel: channel.replace(/^#/, ""),
        text,
        ...(clientMsgId ? { client_msg_id: clientMsgId } : {}),
      });
      return { ts: out.ts };
    },
    putArtifact: async ({ runId, userId, spec, body }) => {
      const artifactId = randomId();
      const r2Key = `artifacts/${userId}/${runId}/${artifactId}`;
      const now = clock.now();
      await env.ARTIFACTS.put(r2Key, body, { httpMetadata: { contentType: artifactContentType(spec.kind) } });
      await insertArtifact(db, {
        id: artifactId,
        runId,
        userId,
        name: spec.name,
        kind: spec.kind,
        r2Key,
        sizeBytes: new TextEncoder().encode(body).length,
        visibility: spec.visibility ?? "private",
        createdAt: now,
        expiresAt: now + (spec.retention_days ?? 30) * 86_400_000,
      });
      return { artifactId };
    },
    ...overrides.services,
  };
  if (!services.chat && config.LLM_BASE_URL && config.LLM_MODEL) {
    services.chat = createChat({
      fetch: overrides.fetch ?? ((i, init) => fetch(i, init)),
      sleep: overrides.sleep ?? realSleep,
      config: {
        baseUrl: config.LLM_BASE_URL,
        model: config.LLM_MODEL,
        ...(config.LLM_API_KEY ? { apiKey: config.LLM_API_KEY } : {}),
      },
    });
  }
  return services;
}
