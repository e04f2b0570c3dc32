import type { RunRecord, RunStore, StepRecord } from "@scouts/core/automation/executor/types";

/** An in-memory RunStore: isolates the executor's own overhead from any database. */
export function createMemoryRunStore(): RunStore {
  const runs = new Map<string, RunRecord>();
  const steps = new Map<string, Map<string, StepRecord>>();
  const leases = new Map<string, { holder: string; until: number }>();
  return {
    async createRuns(rs) {
      for (const r of rs) runs.set(r.id, { ...r });
    },
    async createRunIfIdle(r) {
      const busy = [...runs.values()].some(
        (x) =>
          x.automationId === r.automationId &&
          (x.status === "running" || (x.status === "pending" && x.enqueued)),
      );
      if (busy) return false;
      runs.set(r.id, { ...r });
      return true;
    },
    async getRun(id) {
      const r = runs.get(id);
      return r ? { ...r } : null;
    },
    async markRunning(id, at) {
      const r = runs.get(id);
      if (!r || (r.status !== "pending" && r.status !== "running")) return false;
      r.status = "running";
      r.startedAt ??= at;
      return true;
    },
    async claimRun(id, holder, at, leaseUntil) {
      const r = runs.get(id);
      if (!r) return "missing";
      if (r.status !== "pending" && r.status !== "running") return "ended";
      const lease = leases.get(id);
      if (r.status === "running" && lease && lease.until > at) return "leased";
      r.status = "running";
      r.startedAt ??= at;
      leases.set(id, { holder, until: leaseUntil });
      return "claimed";
    },
    async renewLease(id, holder, until) {
      const lease = leases.get(id);
      if (runs.get(id)?.status !== "running" || lease?.holder !== holder) return false;
      lease.until = until;
      return true;
    },
    async endIfHeld(id, holder, patch) {
      const r = runs.get(id);
      if (r?.status !== "running" || leases.get(id)?.holder !== holder) return false;
      Object.assign(r, patch);
      leases.delete(id);
      return true;
    },
    async updateRun(id, patch) {
      const r = runs.get(id);
      if (r) Object.assign(r, patch);
    },
    async listSteps(id) {
      return [...(steps.get(id)?.values() ?? [])];
    },
    async saveStep(id, s) {
      let m = steps.get(id);
      if (!m) {
        m = new Map();
        steps.set(id, m);
      }
      m.set(s.stepId, { ...s });
    },
    async activeRunCounts() {
      return new Map();
    },
    async usageSince() {
      return { runs: 0, costUsd: 0 };
    },
    async runningStartedBefore() {
      return [];
    },
    async endIfRunning() {
      return false;
    },
    async claimEnded() {
      return false;
    },
    async nextWaitingRun() {
      return null;
    },
    async markFired() {},
  };
}
