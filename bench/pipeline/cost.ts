/**
 * `node bench/pipeline/cost.ts`: what Scouts costs to run per month at 1k, 100k and 1M users, from
 * the resources one notification uses (measured: `tests/cost/notification-cost.workers.test.ts`
 * prints them; recorded in cost-inputs.json) and Cloudflare's published Workers Paid prices.
 * Prints the markdown table docs/scale.md shows.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

/** Workers Paid, November 2026 (developers.cloudflare.com/{workers,queues,d1,durable-objects}/platform/pricing). */
export const PRICES = {
  base: 5,
  requests: { included: 10e6, perMillion: 0.3 },
  cpuMs: { included: 30e6, perMillion: 0.02 },
  queueOps: { included: 1e6, perMillion: 0.4 },
  d1RowsRead: { included: 25e9, perMillion: 0.001 },
  d1RowsWritten: { included: 50e6, perMillion: 1.0 },
  d1StorageGb: { included: 5, perGb: 0.75 },
  doRequests: { included: 1e6, perMillion: 0.15 },
  doGbSeconds: { included: 400_000, perMillion: 12.5 },
};

export interface PerNotification {
  workerRequests: number;
  cpuMs: number;
  queueOps: number;
  d1RowsRead: number;
  d1RowsWritten: number;
  doRequests: number;
  /** Wall time the DeviceHub is active per notification (128 MB per object is billed). */
  doActiveMs: number;
}

export interface Inputs {
  perNotification: PerNotification;
  /** Per user per day: new messages the scouts see, cron polls, device connections. */
  notificationsPerUserPerDay: number;
  cronPollsPerUserPerDay: number;
  perPoll: Pick<PerNotification, "d1RowsRead" | "d1RowsWritten" | "cpuMs" | "queueOps">;
  /** D1 bytes kept per user (queue rows for 30 days, run logs, connections). */
  storageBytesPerUser: number;
}

const over = (used: number, p: { included: number; perMillion: number }) =>
  (Math.max(0, used - p.included) / 1e6) * p.perMillion;

export function monthlyCost(inputs: Inputs, users: number) {
  const days = 30;
  const n = inputs.notificationsPerUserPerDay * users * days;
  const polls = inputs.cronPollsPerUserPerDay * users * days;
  const p = inputs.perNotification;
  const used = {
    requests: n * p.workerRequests,
    cpuMs: n * p.cpuMs + polls * inputs.perPoll.cpuMs,
    queueOps: n * p.queueOps + polls * inputs.perPoll.queueOps,
    d1RowsRead: n * p.d1RowsRead + polls * inputs.perPoll.d1RowsRead,
    d1RowsWritten: n * p.d1RowsWritten + polls * inputs.perPoll.d1RowsWritten,
    doRequests: n * p.doRequests,
    doGbSeconds: (n * p.doActiveMs * 128) / 1024 / 1000,
    storageGb: (users * inputs.storageBytesPerUser) / 1e9,
  };
  const parts = {
    base: PRICES.base,
    requests: over(used.requests, PRICES.requests),
    cpu: over(used.cpuMs, PRICES.cpuMs),
    queues: over(used.queueOps, PRICES.queueOps),
    d1:
      over(used.d1RowsRead, PRICES.d1RowsRead) +
      over(used.d1RowsWritten, PRICES.d1RowsWritten) +
      Math.max(0, used.storageGb - PRICES.d1StorageGb.included) * PRICES.d1StorageGb.perGb,
    durableObjects: over(used.doRequests, PRICES.doRequests) + over(used.doGbSeconds, PRICES.doGbSeconds),
  };
  const total = Object.values(parts).reduce((a, b) => a + b, 0);
  return { users, used, parts, total, perThousandUsers: (total / users) * 1000 };
}

if (import.meta.main) {
  const inputs = JSON.parse(
    readFileSync(path.join(import.meta.dirname, "cost-inputs.json"), "utf8"),
  ) as Inputs;
  const rows = [1_000, 100_000, 1_000_000].map((u) => monthlyCost(inputs, u));
  const $ = (v: number) => `$${v < 10 ? v.toFixed(2) : Math.round(v).toLocaleString("en-US")}`;
  console.log("| Users | Workers | CPU | Queues | D1 | Durable Objects | Total / month | Per 1,000 users |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    console.log(
      `| ${r.users.toLocaleString("en-US")} | ${$(r.parts.base + r.parts.requests)} | ${$(r.parts.cpu)} | ${$(r.parts.queues)} | ${$(r.parts.d1)} | ${$(r.parts.durableObjects)} | **${$(r.total)}** | ${$(r.perThousandUsers)} |`,
    );
  }
  console.log("");
  for (const r of rows) {
    console.log(
      `${r.users.toLocaleString("en-US")} users: ${(r.used.requests / 1e6).toFixed(1)} M requests, ${(r.used.queueOps / 1e6).toFixed(1)} M queue ops, ${(r.used.d1RowsRead / 1e9).toFixed(2)} B rows read, ${(r.used.d1RowsWritten / 1e6).toFixed(1)} M rows written, ${r.used.storageGb.toFixed(1)} GB D1, ${(r.used.doRequests / 1e6).toFixed(1)} M DO requests a month`,
    );
  }
}
