import type { McpStore } from "@scouts/core/automation/mcp/ports";
import { decryptToken, encryptToken, type TokenKeyring } from "@scouts/core/crypto/token-cipher";
import { CoreError } from "@scouts/core/errors";
import { and, eq } from "drizzle-orm";
import type { ScoutsDb } from "../index.ts";
import { mcpConnections, mcpTools } from "../schema/automations.ts";
import { runBatch } from "./automation-runs.ts";

/** Saves a connection; the credential is sealed with the token cipher (user id as associated data). */
export async function insertMcpConnection(
  db: ScoutsDb,
  keyring: () => Promise<TokenKeyring | null>,
  input: { id: string; userId: string; name: string; url: string; credential: string | null; now: number },
) {
  let sealed: { ciphertext: string; keyVersion: number } | null = null;
  if (input.credential) {
    const ring = await keyring();
    if (!ring) throw new CoreError("disabled", "TOKEN_KEYS is required to store an MCP credential");
    sealed = await encryptToken(ring, { userId: input.userId, plaintext: input.credential });
  }
  await db.insert(mcpConnections).values({
    id: input.id,
    userId: input.userId,
    name: input.name,
    url: input.url,
    credentialCiphertext: sealed?.ciphertext ?? null,
    credentialKeyVersion: sealed?.keyVersion ?? null,
    status: "ok",
    createdAt: input.now,
  });
}

export async function listMcpConnections(db: ScoutsDb, userId: string) {
  return db
    .select({
      id: mcpConnections.id,
      name: mcpConnections.name,
      url: mcpConnections.url,
      status: mcpConnections.status,
      lastError: mcpConnections.lastError,
      lastHarvestAt: mcpConnections.lastHarvestAt,
    })
    .from(mcpConnections)
    .where(eq(mcpConnections.userId, userId));
}

/** Removes the user's connection and the tools harvested from it; false when it is not theirs. */
export async function deleteMcpConnection(db: ScoutsDb, userId: string, connectionId: string) {
  const [, removed] = (await runBatch(db, [
    db.delete(mcpTools).where(and(eq(mcpTools.connectionId, connectionId), eq(mcpTools.userId, userId))),
    db
      .delete(mcpConnections)
      .where(and(eq(mcpConnections.id, connectionId), eq(mcpConnections.userId, userId)))
      .returning({ id: mcpConnections.id }),
  ])) as [unknown, { id: string }[]];
  return removed.length > 0;
}

/** Every connection (nightly re-harvest walks them all). */
export async function allMcpConnections(db: ScoutsDb) {
  return db.select({ id: mcpConnections.id, userId: mcpConnections.userId }).from(mcpConnections);
}

/** The admin override of a tool's side effects (null clears it). */
export async function setMcpToolOverride(
  db: ScoutsDb,
  userId: string,
  toolId: string,
  sideEffects: string[] | null,
) {
  const rows = await db
    .update(mcpTools)
    .set({ sideEffectsOverride: sideEffects })
    .where(and(eq(mcpTools.id, toolId), eq(mcpTools.userId, userId)))
    .returning({ id: mcpTools.id });
  return rows.length > 0;
}

export async function listMcpTools(db: ScoutsDb, userId: string) {
  return db.select().from(mcpTools).where(eq(mcpTools.userId, userId));
}

/**
 * The MCP store over drizzle; credentials are decrypted only here, on the way to a connection.
 * @example const store = createMcpStore(db, keyring);
 */
export function createMcpStore(db: ScoutsDb, keyring: () => Promise<TokenKeyring | null>): McpStore {
  return {
    async connection(userId, id) {
      const row = await db
        .select()
        .from(mcpConnections)
        .where(and(eq(mcpConnections.id, id), eq(mcpConnections.userId, userId)))
        .get();
      if (!row) return null;
      let credential: string | null = null;
      if (row.credentialCiphertext) {
        const ring = await keyring();
        if (!ring) throw new CoreError("disabled", "TOKEN_KEYS is required to use an MCP credential");
        credential = (await decryptToken(ring, { userId, ciphertext: row.credentialCiphertext })).plaintext;
      }
      return { id: row.id, userId: row.userId, name: row.name, url: row.url, credential };
    },
    async replaceTools(connectionId, userId, tools, at) {
      const old = await db.select().from(mcpTools).where(eq(mcpTools.connectionId, connectionId));
      const overrides = new Map(old.map((t) => [t.name, t.sideEffectsOverride]));
      await runBatch(db, [
        db.delete(mcpTools).where(eq(mcpTools.connectionId, connectionId)),
        ...tools.map((t) =>
          db.insert(mcpTools).values({
            id: `${connectionId}:${t.name}`.slice(0, 200),
            connectionId,
            userId,
            name: t.name,
            description: t.description,
            inputSchema: t.inputSchema,
            annotations: t.annotations,
            sideEffects: t.sideEffects,
            sideEffectsOverride: overrides.get(t.name) ?? null,
            harvestedAt: at,
          }),
        ),
      ]);
    },
    async markHarvest(connectionId, r) {
      await db
        .update(mcpConnections)
        .set(
          r.ok
            ? { status: "ok", lastError: null, lastHarvestAt: r.at }
            : { status: "error", lastError: r.error },
        )
        .where(eq(mcpConnections.id, connectionId));
    },
    async toolsForUser(userId) {
      const rows = await db
        .select({ tool: mcpTools, connectionName: mcpConnections.name })
        .from(mcpTools)
        .innerJoin(mcpConnections, eq(mcpConnections.id, mcpTools.connectionId))
        .where(eq(mcpTools.userId, userId));
      return rows.map(({ tool, connectionName }) => ({
        connectionId: tool.connectionId,
        connectionName,
        name: tool.name,
        description: tool.description,
        inputSchema: tool.inputSchema as Record<string, unknown>,
        annotations: (tool.annotations as never) ?? null,
        sideEffects: tool.sideEffects as string[],
        sideEffectsOverride: (tool.sideEffectsOverride as string[] | null) ?? null,
      }));
    },
  };
}
