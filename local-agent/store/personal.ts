import {
  decodeHead,
  emptyPersonalLayer,
  encodeHead,
  PERSONAL_HEADS,
  type PersonalHead,
  type PersonalLayer,
} from "@scouts/core/triage/personal";
import type { AgentDb } from "../db/open.ts";
import { personalModel } from "../db/schema/index.ts";

/** The person's stage-2 layer in the agent's libSQL file (never synced to the cloud). */
export function personalStore(db: AgentDb, now: () => number) {
  return {
    async load(): Promise<PersonalLayer> {
      const layer = emptyPersonalLayer();
      for (const r of await db.select().from(personalModel)) {
        if (!(r.head in PERSONAL_HEADS)) continue;
        decodeHead(layer, r.head as PersonalHead, new Uint8Array(r.weights));
        layer.corrections = Math.max(layer.corrections, r.corrections);
      }
      return layer;
    },
    async save(layer: PersonalLayer): Promise<void> {
      for (const head of Object.keys(PERSONAL_HEADS) as PersonalHead[]) {
        const row = {
          head,
          weights: Buffer.from(encodeHead(layer, head)),
          corrections: layer.corrections,
          updatedAt: now(),
        };
        await db
          .insert(personalModel)
          .values(row)
          .onConflictDoUpdate({ target: personalModel.head, set: row });
      }
    },
  };
}
