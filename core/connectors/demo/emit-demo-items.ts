import { z } from "zod";
import { CoreError } from "../../errors.ts";
import type { JobSender } from "../../pipeline/ports.ts";
import { parseInput } from "../../validate.ts";

export interface DemoFeedStore {
  /** Adds `count` items to the scout's demo feed (creating it); returns the new head, or null if no demo scout. */
  advance(scoutId: string, count: number): Promise<number | null>;
}

const EmitInput = z.object({ scoutId: z.string().min(1), count: z.number().int().min(1).max(500) });

/**
 * Makes the demo scout produce `count` new items and syncs it, exactly like a push would.
 * @example await emitDemoItems({ ctx: { feed, jobs }, input: { scoutId, count: 3 } }) // { head: 3 }
 */
export async function emitDemoItems({
  ctx,
  input,
}: {
  ctx: { feed: DemoFeedStore; jobs: JobSender };
  input: z.input<typeof EmitInput>;
}): Promise<{ head: number }> {
  const { scoutId, count } = parseInput(EmitInput, input, "demo emit");
  const head = await ctx.feed.advance(scoutId, count);
  if (head === null) throw new CoreError("not_found", "no demo scout with that id");
  await ctx.jobs.sendBatch([{ kind: "sync", scoutId, trigger: "demo" }]);
  return { head };
}
