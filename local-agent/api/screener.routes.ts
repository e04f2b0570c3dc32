import { ScreenedResponse, ScreenerDecisionRequest, ScreenerToggle } from "@scouts/core/protocol/local-api";
import { parseInput } from "@scouts/core/validate";
import { Hono } from "hono";
import type { AgentCtx } from "../services/context.ts";
import { listScreened, markNotSpam, undoNotSpam } from "../services/screened.ts";
import { answerScreener, screenerState, setScreener } from "../services/screener.ts";

const ScreenedId = ScreenedResponse.shape.item.shape.id.min(1).max(600);

/** `/local/v1/screened`: what stage 1 set aside on the device, with "not spam" and its undo. */
export function screenedRoutes(ctx: AgentCtx) {
  return new Hono()
    .get("/", async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await listScreened(ctx));
    })
    .post("/:id/not-spam", async (c) =>
      c.json(await markNotSpam(ctx, parseInput(ScreenedId, c.req.param("id"), "screened id"))),
    )
    .post("/:id/undo", async (c) =>
      c.json(await undoNotSpam(ctx, parseInput(ScreenedId, c.req.param("id"), "screened id"))),
    );
}

/** `/local/v1/screener`: the Screener's switch, who waits, and the person's yes/no per sender. */
export function screenerRoutes(ctx: AgentCtx) {
  return new Hono()
    .get("/", async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await screenerState(ctx));
    })
    .put("/", async (c) => {
      const { enabled } = parseInput(ScreenerToggle, await c.req.json().catch(() => null), "screener");
      return c.json(await setScreener(ctx, enabled));
    })
    .post("/decisions", async (c) =>
      c.json(
        await answerScreener({
          ctx,
          input: parseInput(
            ScreenerDecisionRequest,
            await c.req.json().catch(() => null),
            "screener decision",
          ),
        }),
      ),
    );
}
