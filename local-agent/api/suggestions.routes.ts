import { CoreError } from "@scouts/core/errors";
import {
  ActionRequest,
  BatchDecisionRequest,
  CorrectionRequest,
  DecisionRequest,
  DraftRequest,
  ReadStateRefreshRequest,
  SuggestionQuery,
  UnsubscribeRequest,
} from "@scouts/core/protocol/local-api";
import { parseInput } from "@scouts/core/validate";
import { Hono } from "hono";
import { performAction } from "../services/actions.ts";
import { listSuggestions, shownAsListed } from "../services/assist.ts";
import type { AgentCtx } from "../services/context.ts";
import { correct, decide, decideBatch } from "../services/decisions.ts";
import { draftReply } from "../services/draft.ts";
import { readMessage } from "../services/read-message.ts";
import { refreshCloudReadState } from "../services/read-state.ts";
import { unsubscribe, unsubscribePlan } from "../services/unsubscribe.ts";
import { readBody } from "./body.ts";

const body = readBody;

/** `/local/v1/suggestions/**` */
export function suggestionRoutes(ctx: AgentCtx) {
  return new Hono()
    .get("/", async (c) =>
      c.json(await listSuggestions(ctx, parseInput(SuggestionQuery, c.req.query(), "query"))),
    )
    .post("/batch", async (c) =>
      c.json(await decideBatch({ ctx, input: parseInput(BatchDecisionRequest, await body(c)) })),
    )
    .post("/read-state", async (c) =>
      c.json(await refreshCloudReadState(ctx, parseInput(ReadStateRefreshRequest, await body(c)))),
    )
    .get("/:id", async (c) => {
      const s = await ctx.stores.suggestions.get(c.req.param("id"));
      if (!s) throw new CoreError("not_found", "no such suggestion");
      // As the list shows it: the reading view offers the same proposed action.
      return c.json((await shownAsListed(ctx))([s])[0]);
    })
    .post("/:id/decision", async (c) =>
      c.json(
        await decide({
          ctx,
          input: { id: c.req.param("id"), request: parseInput(DecisionRequest, await body(c)) },
        }),
      ),
    )
    .post("/:id/actions", async (c) =>
      c.json(
        await performAction({
          ctx,
          input: {
            suggestionId: c.req.param("id"),
            request: parseInput(ActionRequest, await body(c)),
            initiator: "person",
          },
        }),
      ),
    )
    .post("/:id/correct", async (c) =>
      c.json(
        await correct({
          ctx,
          input: { id: c.req.param("id"), request: parseInput(CorrectionRequest, await body(c)) },
        }),
      ),
    )
    .get("/:id/message", async (c) => {
      // The message itself, in memory only: never cached by the browser.
      c.header("cache-control", "no-store");
      return c.json(await readMessage(ctx, c.req.param("id")));
    })
    .get("/:id/unsubscribe", async (c) => c.json(await unsubscribePlan(ctx, c.req.param("id"))))
    .post("/:id/unsubscribe", async (c) => {
      parseInput(UnsubscribeRequest, await body(c));
      return c.json(await unsubscribe(ctx, c.req.param("id")));
    })
    .post("/:id/draft", async (c) =>
      c.json(await draftReply(ctx, c.req.param("id"), parseInput(DraftRequest, await body(c)))),
    );
}
