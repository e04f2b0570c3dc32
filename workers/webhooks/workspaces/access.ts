import { CoreError } from "@scouts/core/errors";
import type { ScoutsDb } from "@scouts/db";
import { ensurePersonalSpace, memberRole, type SpaceRole } from "@scouts/db/repos/spaces";

/**
 * The space a request acts on: the one named (the caller must be a member; another user's
 * space reads as missing) or the caller's personal space.
 */
export async function resolveSpace(
  db: ScoutsDb,
  input: { userId: string; spaceId?: string | undefined; now: number },
): Promise<{ spaceId: string; role: SpaceRole }> {
  if (!input.spaceId) {
    const space = await ensurePersonalSpace(db, { userId: input.userId, now: input.now });
    return { spaceId: space.id, role: "owner" };
  }
  const role = await memberRole(db, { spaceId: input.spaceId, userId: input.userId });
  if (!role) throw new CoreError("not_found", "no such space");
  return { spaceId: input.spaceId, role };
}

export function requireOwner(role: SpaceRole, what: string): void {
  if (role !== "owner") throw new CoreError("forbidden", `only the space's owner can ${what}`);
}
