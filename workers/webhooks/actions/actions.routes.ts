import { randomId } from "@scouts/core/ports";
import { listLedger } from "@scouts/db/repos/ledger";
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { createReplyDraft } from "../../shared/draft-service.ts";
import { applyAction, type LedgerDeps, undoEntry, undoMany } from "../../shared/ledger-service.ts";
import { connectorForScout } from "../../shared/scout-connector.ts";
import { requireUser } from "../auth/require-user.ts";
import type { AppEnv } from "../context.ts";
import { parseWith, readJson } from "../read-json.ts";
import { cloudUnsubscribe, cloudUnsubscribePlan } from "./unsubscribe-service.ts";

const ActionBody = z.strictObject({
  /** `unsnooze` is a snooze's wake: the device asks for it when the snooze time comes. */
  action: z.enum(["archive", "trash", "mark_read", "label", "snooze", "unsnooze"]),
  label: z.string().min(1).max(100).optional(),
  until: z.int().optional(),
  runId: z.string().max(128).optional(),
  sessionId: z.string().max(128).optional(),
});

const DraftBody = z.strictObject({
  body: z.string().min(1).max(20_000),
  runId: z.string().max(128).optional(),
  sessionId: z.string().max(128).optional(),
});

const UnsubscribeBody = z.strictObject({
  /** Unsubscribing is irreversible: the person confirmed it on the device. */
  confirmed: z.literal(true),
  sessionId: z.string().max(128).optional(),
});

const LedgerQuery = z.object({
  runId: z.string().max(128).optional(),
  sessionId: z.string().max(128).optional(),
  since: z.coerce.number().int().optional(),
  until: z.coerce.number().int().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const UndoBody = z
  .strictObject({
    runId: z.string().max(128).optional(),
    sessionId: z.string().max(128).optional(),
    since: z.int().optional(),
    until: z.int().optional(),
  })
  .refine(
    (v) => v.runId !== undefined || v.sessionId !== undefined || v.since !== undefined,
    "give runId, sessionId or since",
  );

const IdempotencyKey = z.string().min(1).max(200).optional();

function deps(c: Context<AppEnv>): LedgerDeps {
  const { db, clock, config, fetch, logger } = c.var.services;
  return {
    db,
    clock,
    ids: randomId,
    connectorFor: (scoutId) => connectorForScout({ env: c.env, config, db, scoutId, fetch, clock, logger }),
  };
}

/**
 * Mailbox actions devices ask for and the cloud undo ledger: `POST /api/v1/items/:proposalId/actions`,
 * `POST /api/v1/items/:proposalId/draft` (Gmail draft, never sent), `GET /api/v1/items/:proposalId/unsubscribe`
 * (the plan, sends nothing), `POST /api/v1/items/:proposalId/unsubscribe` (RFC 8058 one-click, confirmed), `GET /api/v1/ledger`, `POST /api/v1/ledger/:id/undo`, `POST /api/v1/ledger/undo`. User-scoped.
 */
export function actionsRoutes() {
  return new Hono<AppEnv>()
    .post("/api/v1/items/:proposalId/actions", requireUser(), async (c) => {
      const body = await readJson(c, ActionBody, "action");
      const key = parseWith(IdempotencyKey, c.req.header("idempotency-key"), "Idempotency-Key");
      const { ledgerId, labelId } = await applyAction(deps(c), {
        ...body,
        userId: c.var.auth.userId,
        proposalId: c.req.param("proposalId"),
        actor: c.var.auth.via === "device" ? `device:${c.var.auth.deviceId ?? ""}` : "person",
        idempotencyKey: key,
      });
      return c.json({ ledgerId, ...(labelId ? { labelId } : {}) });
    })
    .post("/api/v1/items/:proposalId/draft", requireUser(), async (c) => {
      const input = await readJson(c, DraftBody, "draft");
      const key = parseWith(IdempotencyKey, c.req.header("idempotency-key"), "Idempotency-Key");
      const { draftId, ledgerId } = await createReplyDraft(deps(c), {
        ...input,
        userId: c.var.auth.userId,
        proposalId: c.req.param("proposalId"),
        actor: c.var.auth.via === "device" ? `device:${c.var.auth.deviceId ?? ""}` : "person",
        idempotencyKey: key,
      });
      return c.json({ draftId, ledgerId });
    })
    .get("/api/v1/items/:proposalId/unsubscribe", requireUser(), async (c) =>
      c.json(
        await cloudUnsubscribePlan(deps(c), {
          userId: c.var.auth.userId,
          proposalId: c.req.param("proposalId"),
        }),
      ),
    )
    .post("/api/v1/items/:proposalId/unsubscribe", requireUser(), async (c) => {
      const input = await readJson(c, UnsubscribeBody, "unsubscribe");
      const key = parseWith(IdempotencyKey, c.req.header("idempotency-key"), "Idempotency-Key");
      return c.json(
        await cloudUnsubscribe(
          { ...deps(c), fetch: c.var.services.fetch },
          {
            userId: c.var.auth.userId,
            proposalId: c.req.param("proposalId"),
            sessionId: input.sessionId,
            actor: c.var.auth.via === "device" ? `device:${c.var.auth.deviceId ?? ""}` : "person",
            idempotencyKey: key,
          },
        ),
      );
    })
    .get("/api/v1/ledger", requireUser(), async (c) => {
      const q = parseWith(LedgerQuery, c.req.query(), "ledger query");
      const rows = await listLedger(c.var.services.db, c.var.auth.userId, q);
      return c.json({ items: rows.map(({ idempotencyKey: _k, ...r }) => r) });
    })
    .post("/api/v1/ledger/undo", requireUser(), async (c) => {
      const body = await readJson(c, UndoBody, "undo");
      const entries = await listLedger(c.var.services.db, c.var.auth.userId, { ...body, limit: 500 });
      return c.json(
        await undoMany(deps(c), { userId: c.var.auth.userId, entries, sessionId: body.sessionId }),
      );
    })
    .post("/api/v1/ledger/:id/undo", requireUser(), async (c) => {
      const r = await undoEntry(deps(c), { userId: c.var.auth.userId, ledgerId: c.req.param("id") });
      return c.json({ ledgerId: r.ledgerId, undone: [r.undone] });
    });
}
