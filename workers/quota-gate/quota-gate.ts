import { DurableObject } from "cloudflare:workers";
import { type BucketState, bucketShape } from "@scouts/core/connectors/http/bucket-math";
import {
  GMAIL_QUOTA_POLICY,
  grantQuota,
  type QuotaGrantAnswer,
  type QuotaGrantRequest,
} from "@scouts/core/connectors/http/quota-grants";
import { systemClock } from "@scouts/core/ports";
import type { Env } from "../env.ts";
import type { QuotaGateRpc } from "../shared/durable-objects.ts";

const stateKey = "bucket";
const shape = bucketShape(GMAIL_QUOTA_POLICY);
/** A mailbox idle this long after its bucket filled up loses its (now meaningless) state. */
const keepIdleMs = 60 * 60_000;

/**
 * One per Gmail mailbox (named `gmail:<address>`): the bucket that every isolate calling Gmail
 * for it draws leases from (`createLeasedLimiter`, guarantee and proof there). Its storage
 * holds `{ tokens, updatedAt }` and nothing else, and is dropped an hour after the bucket is full
 * again (a full bucket and no state are the same thing).
 */
export class QuotaGate extends DurableObject<Env> implements QuotaGateRpc {
  private state: BucketState | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => {
      this.state = await ctx.storage.get<BucketState>(stateKey);
    });
  }

  /** Reserves a lease. Answered only after the reservation is stored: a restart cannot forget it. */
  async grant(request: QuotaGrantRequest): Promise<QuotaGrantAnswer> {
    const policy = GMAIL_QUOTA_POLICY;
    const out = grantQuota({ ctx: { clock: systemClock, policy }, input: { state: this.state, request } });
    if (!out.answer.ok || !out.state) return out.answer;
    this.state = out.state;
    await this.ctx.storage.put(stateKey, out.state);
    await this.ctx.storage.setAlarm(idleAt(out.state));
    return out.answer;
  }

  override async alarm(): Promise<void> {
    if (!this.state) return;
    if (Date.now() < idleAt(this.state)) return this.ctx.storage.setAlarm(idleAt(this.state));
    this.state = undefined;
    await this.ctx.storage.deleteAll();
  }
}

/** When the bucket will have been full for `keepIdleMs`, if nothing is granted meanwhile. */
function idleAt(state: BucketState): number {
  return state.updatedAt + Math.ceil((shape.burst - state.tokens) / shape.perMs) + keepIdleMs;
}
