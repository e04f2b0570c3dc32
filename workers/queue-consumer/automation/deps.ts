import { createChat } from "@scouts/core/automation/authoring/llm-client";
import type { ExecutorCtx, QueueLane, RunQueue } from "@scouts/core/automation/executor/types";
import type { ManageCtx } from "@scouts/core/automation/manage/save-automation";
import { mcpCapabilities } from "@scouts/core/automation/mcp/bind";
import type { McpConnect, McpStore } from "@scouts/core/automation/mcp/ports";
import { sdkConnect } from "@scouts/core/automation/mcp/sdk-session";
import { nativeRegistry } from "@scouts/core/automation/registry/native";
import type { ActionServices, Capability } from "@scouts/core/automation/registry/types";
import type { TriggerStore } from "@scouts/core/automation/triggers/ports";
import { createSlackApi } from "@scouts/core/connectors/slack/slack-api";
import { CoreError } from "@scouts/core/errors";
import { publish } from "@scouts/core/events/publish";
import type { EventsCtx } from "@scouts/core/events/types";
import {
  type Clock,
  type FetchLike,
  type Logger,
  randomId,
  realSleep,
  type Sleep,
  systemClock,
} from "@scouts/core/ports";
import type { ScoutsDb } from "@scouts/db";
import { createD1Db } from "@scouts/db/d1";
import { insertArtifact } from "@scouts/db/repos/automation-artifacts";
import { createMcpStore } from "@scouts/db/repos/automation-mcp";
import { createAutomationRepo, createTriggerStore } from "@scouts/db/repos/automation-triggers";
import { createRunStore } from "@scouts/db/repos/automations";
import { createEventStore } from "@scouts/db/repos/events";
import { sql } from "drizzle-orm";
import { type Env, readConfig } from "../../env.ts";
import { consoleLogger } from "../../shared/logger.ts";
import { connectorForScout } from "../../shared/scout-connector.ts";
import { openTokens, tokenKeyring } from "../../shared/token-store.ts";
import { applyAction } from "../../webhooks/actions/ledger-service.ts";

/** What tests replace; the deployed Worker uses the defaults. */
export interface AutomationOverrides {
  clock?: Clock;
  sleep?: Sleep;
  logger?: Logger;
  fetch?: FetchLike;
  services?: Partial<ActionServices>;
  /** Extra capabilities (tests' scripted ones; harvested MCP tools are added by the MCP binder). */
  capabilities?: Capability[];
  mcpConnect?: McpConnect;
}

export const automationTestOverrides: AutomationOverrides = {};

export type AutomationCtx = ExecutorCtx & {
  triggers: TriggerStore;
  db: ScoutsDb;
  manage: ManageCtx;
  mcp: McpStore;
  connect: McpConnect;
};

function laneQueue(env: Env, lane: QueueLane): Queue {
  return lane === "fast"
    ? env.AUTOMATION_FAST
    : lane === "medium"
      ? env.AUTOMATION_MEDIUM
      : env.AUTOMATION_LONG;
}

/** Runs go on their lane's queue; sendBatch takes at most 100 messages. */
export function createRunQueue(env: Env): RunQueue {
  return {
    async send(lane, messages, delaySeconds) {
      const q = laneQueue(env, lane);
      for (let i = 0; i < messages.length; i += 100) {
        await q.sendBatch(
          messages.slice(i, i + 100).map((body) => ({
            body,
            ...(delaySeconds ? { delaySeconds: Math.min(delaySeconds, 43_200) } : {}),
          })),
        );
      }
    },
  };
}

/**
 * The event bus as the Worker wires it: events land in domain_events and a dispatch job goes on
 * the fast automation queue. PIPELINE and CONNECTORS publish with
 * `publish(workerEventsCtx(env), { type, userId, subject, payload })`.
 */
export function workerEventsCtx(
  env: Env,
  db: ScoutsDb = createD1Db(env.DB),
  clock: Clock = systemClock,
): EventsCtx {
  return {
    eventStore: createEventStore(db),
    clock,
    ids: randomId,
    dispatch: async (e) => {
      await env.AUTOMATION_FAST.send({ kind: "automation.event", eventId: e.id });
    },
  };
}

/** Composition root of the automation engine in the Worker (queue consumer, cron, routes). */
export function createAutomationCtx(
  env: Env,
  overrides: AutomationOverrides = automationTestOverrides,
): AutomationCtx {
  const db = createD1Db(env.DB);
  const clock = overrides.clock ?? systemClock;
  const logger = overrides.logger ?? consoleLogger;
  const registry = nativeRegistry(overrides.capabilities ?? []);
  const events = workerEventsCtx(env, db, clock);
  const config = readConfig(env);
  const services: ActionServices = {
    clock,
    logger,
    registry,
    ...(overrides.fetch ? { fetch: overrides.fetch } : {}),
    // Device delivery has no DeviceHub notice RPC yet: the notification is recorded in the run and announced as an event.
    notify: async (n) => {
      await publish(events, {
        type: "automation.notification",
        userId: n.userId,
        subject: `automation_run:${n.runId}`,
        payload: { runId: n.runId },
      });
    },
    // Same path as a person's action: ownership check, ledger row with its reversal, then the
    // provider. The key makes a re-run step (after a restart) return the first ledger entry.
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
          idempotencyKey: `automation:${m.runId}:${m.proposalId}:${m.action}:${m.label ?? ""}`,
        },
      );
      return { ledgerId: out.ledgerId };
    },
    slackPost: async ({ userId, channel, text }) => {
      const row = await db.get<{
        token_ciphertext: string | null;
      }>(sql`SELECT c.token_ciphertext FROM scout_connections c
        JOIN scouts s ON s.id = c.scout_id
        WHERE s.user_id = ${userId} AND s.source_type = 'slack' AND c.needs_reauth = 0 AND c.token_ciphertext IS NOT NULL
        LIMIT 1`);
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
  const ids = randomId;
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
  return {
    mcp: createMcpStore(db, () => (config.TOKEN_KEYS ? tokenKeyring(config) : Promise.resolve(null))),
    connect: overrides.mcpConnect ?? sdkConnect(overrides.fetch),
    db,
    store: createRunStore(db),
    triggers: createTriggerStore(db),
    queue: createRunQueue(env),
    registry,
    services,
    events,
    clock,
    sleep: overrides.sleep ?? realSleep,
    ids,
    logger,
    manage: { repo: createAutomationRepo(db), registry, clock, ids },
  };
}

/**
 * The context with the registry a given user sees: native capabilities plus the MCP tools they
 * harvested (bound lazily, one session per connection per isolate).
 */
export async function forUser(
  ctx: AutomationCtx,
  userId: string,
  extra: Capability[] = automationTestOverrides.capabilities ?? [],
): Promise<AutomationCtx> {
  const tools = await ctx.mcp.toolsForUser(userId);
  if (tools.length === 0) return ctx;
  const registry = nativeRegistry([
    ...extra,
    ...mcpCapabilities(tools, (id) => ctx.mcp.connection(userId, id), ctx.connect),
  ]);
  return { ...ctx, registry, services: { ...ctx.services, registry }, manage: { ...ctx.manage, registry } };
}

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
