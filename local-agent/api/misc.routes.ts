import { previewLevel } from "@scouts/core/assistant/policies";
import { CoreError } from "@scouts/core/errors";
import {
  AskRequest,
  BriefQuery,
  Cohort,
  ControlRequest,
  EntityCollection,
  EntityInput,
  EntityPatch,
  LedgerQuery,
  NoticeId,
  PoliciesPatch,
  SettingsPatch,
  UndoRequest,
} from "@scouts/core/protocol/local-api";
import { parseInput } from "@scouts/core/validate";
import { Hono } from "hono";
import { describeLocalScouts } from "../scouts/describe.ts";
import { discoverAccounts } from "../services/accounts.ts";
import { undo } from "../services/actions.ts";
import { ask, brief, postBrief } from "../services/assist.ts";
import { cloudScouts } from "../services/cloud-scouts.ts";
import type { AgentCtx } from "../services/context.ts";
import { control, getStatus } from "../services/control.ts";
import { dismissNotice } from "../services/notices.ts";
import { getSettings, patchPolicies, patchSettings } from "../services/settings.ts";
import { readBody } from "./body.ts";

const body = readBody;
const kindOf = { tasks: "task", events: "event", notes: "note" } as const;

/** Everything under `/local/v1` except suggestions, pairing and events. */
export function miscRoutes(ctx: AgentCtx) {
  return new Hono()
    .get("/status", async (c) => c.json(await getStatus(ctx)))
    .post("/control", async (c) =>
      c.json(await control({ ctx, input: parseInput(ControlRequest, await body(c)) })),
    )
    .post("/notices/:id/dismiss", async (c) =>
      c.json(await dismissNotice(ctx, parseInput(NoticeId, c.req.param("id"), "notice id"))),
    )
    .get("/local-scouts", async (c) => c.json(await describeLocalScouts(ctx)))
    .get("/cloud-scouts", async (c) => c.json(await cloudScouts(ctx)))
    .get("/ledger", async (c) =>
      c.json({ items: await ctx.stores.ledger.query(parseInput(LedgerQuery, c.req.query(), "query")) }),
    )
    .post("/ledger/undo", async (c) => {
      const r = parseInput(UndoRequest, await body(c));
      const selector = r.runId
        ? { runId: r.runId }
        : r.sessionId
          ? { sessionId: r.sessionId }
          : { since: r.since ?? 0, ...(r.until !== undefined ? { until: r.until } : {}) };
      return c.json(await undo({ ctx, input: selector }));
    })
    .post("/ledger/:id/undo", async (c) =>
      c.json(await undo({ ctx, input: { ledgerId: c.req.param("id") } })),
    )
    .get("/brief", async (c) => {
      const q = parseInput(BriefQuery, c.req.query(), "query");
      return c.json(await brief(ctx, q.period, q.since));
    })
    .post("/brief/slack", async (c) =>
      c.json(await postBrief(ctx, parseInput(BriefQuery, c.req.query(), "query").period)),
    )
    .post("/ask", async (c) => {
      const r = parseInput(AskRequest, await body(c));
      return c.json(await ask(ctx, r.question, r.projects));
    })
    .get("/settings", async (c) => c.json(await getSettings(ctx)))
    .patch("/settings", async (c) =>
      c.json(await patchSettings(ctx, parseInput(SettingsPatch, await body(c)))),
    )
    .get("/policies", async (c) => c.json(await ctx.stores.settings.policies()))
    .put("/policies", async (c) => c.json(await patchPolicies(ctx, parseInput(PoliciesPatch, await body(c)))))
    .get("/policies/preview", async (c) => {
      const level = Number(c.req.query("level"));
      if (!Number.isInteger(level) || level < 0 || level > 5)
        throw new CoreError("bad_input", "level must be 0..5");
      const cohort = c.req.query("cohort");
      return c.json(
        previewLevel(level, {
          ...(cohort !== undefined ? { cohort: parseInput(Cohort, cohort, "cohort") } : {}),
          policies: await ctx.stores.settings.policies(),
          timeZone: (await ctx.stores.settings.settings()).timezone,
        }),
      );
    })
    .get("/accounts/discover", async (c) => c.json(await discoverAccounts({ env: process.env })))
    .get("/entities/:collection", async (c) => {
      const kind = kindOf[parseInput(EntityCollection, c.req.param("collection"), "collection")];
      return c.json({ items: await ctx.stores.entities.list(kind) });
    })
    .post("/entities/:collection", async (c) => {
      const kind = kindOf[parseInput(EntityCollection, c.req.param("collection"), "collection")];
      const entity = await ctx.stores.entities.create(kind, parseInput(EntityInput, await body(c)), null);
      ctx.bus.emit({ type: "entity.changed", entity, deleted: false });
      return c.json(entity, 201);
    })
    .patch("/entities/:collection/:id", async (c) => {
      const kind = kindOf[parseInput(EntityCollection, c.req.param("collection"), "collection")];
      const entity = await ctx.stores.entities.patch(
        kind,
        c.req.param("id"),
        parseInput(EntityPatch, await body(c)),
      );
      if (!entity) throw new CoreError("not_found", "no such entity");
      ctx.bus.emit({ type: "entity.changed", entity, deleted: false });
      return c.json(entity);
    })
    .delete("/entities/:collection/:id", async (c) => {
      const kind = kindOf[parseInput(EntityCollection, c.req.param("collection"), "collection")];
      const entity = await ctx.stores.entities.remove(kind, c.req.param("id"));
      if (!entity) throw new CoreError("not_found", "no such entity");
      ctx.bus.emit({ type: "entity.changed", entity, deleted: true });
      return c.json({ deleted: true });
    });
}
