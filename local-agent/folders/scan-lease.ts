import { hostname } from "node:os";
import type { FoldersDb } from "./db.ts";

/** Owners of scans running in this process (a restarted agent may reuse a dead one's pid). */
const liveOwners = new Set<string>();

/** A scan lease holder: host, process and a per-scan nonce; `done()` when the scan ends. */
export function newLeaseOwner(): { owner: string; done: () => void } {
  const owner = `${hostname()}|${process.pid}|${crypto.randomUUID().slice(0, 8)}`;
  liveOwners.add(owner);
  return { owner, done: () => liveOwners.delete(owner) };
}

/** True when the owner's process is on this host and no longer running (it crashed). */
export function ownerIsDead(owner: string): boolean {
  const [host, pid] = owner.split("|");
  if (host !== hostname() || !pid) return false;
  if (Number(pid) === process.pid) return !liveOwners.has(owner);
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ESRCH";
  }
}

const take = `UPDATE project_folders SET scan_owner = ?, scan_lease_until = ?, scan_status = 'scanning',
  scan_started_at = ?, scan_error = NULL, scan_processed = 0, scan_total = 0 WHERE project_id = ?`;

/**
 * Takes the project's scan lease in the database, so two scans never run at once even across
 * processes (agent service and CLI). An expired lease, or one whose process died, is taken over.
 * @example await acquireScanLease(db, { projectId, owner, now: Date.now(), ttlMs: 60_000 })
 */
export async function acquireScanLease(
  db: FoldersDb,
  input: { projectId: string; owner: string; now: number; ttlMs: number },
): Promise<{ acquired: true } | { acquired: false; heldBy: string | null }> {
  const args = [input.owner, input.now + input.ttlMs, input.now, input.projectId];
  const free = await db.$client.execute({
    sql: `${take} AND (scan_owner IS NULL OR scan_lease_until IS NULL OR scan_lease_until < ?)`,
    args: [...args, input.now],
  });
  if (free.rowsAffected === 1) return { acquired: true };
  const current = await db.$client.execute({
    sql: "SELECT scan_owner FROM project_folders WHERE project_id = ?",
    args: [input.projectId],
  });
  const heldBy = (current.rows[0]?.scan_owner as string | null | undefined) ?? null;
  if (heldBy && ownerIsDead(heldBy)) {
    const stolen = await db.$client.execute({ sql: `${take} AND scan_owner = ?`, args: [...args, heldBy] });
    if (stolen.rowsAffected === 1) return { acquired: true };
  }
  return { acquired: false, heldBy };
}

/** Ends a scan: records the outcome and frees the lease (only if still ours). */
export async function releaseScanLease(
  db: FoldersDb,
  input: {
    projectId: string;
    owner: string;
    now: number;
    outcome: "ok" | "failed";
    error: string | null;
    omittedByLimit: number;
  },
): Promise<void> {
  await db.$client.execute({
    sql: `UPDATE project_folders SET scan_owner = NULL, scan_lease_until = NULL, scan_status = ?,
      scan_finished_at = ?, scan_error = ?, omitted_by_limit = ? WHERE project_id = ? AND scan_owner = ?`,
    args: [input.outcome, input.now, input.error, input.omittedByLimit, input.projectId, input.owner],
  });
}
