import { signArtifact, verifyArtifactSignature } from "@scouts/core/automation/artifacts/sign";
import { CoreError } from "@scouts/core/errors";
import { getArtifact, listRunArtifacts } from "@scouts/db/repos/automation-artifacts";
import { Hono } from "hono";
import { type Config, readConfig } from "../../env.ts";
import { artifactContentType } from "../../shared/automation-deps.ts";
import { requireUser } from "../auth/require-user.ts";
import type { AppEnv } from "../context.ts";

/** Signed links live this long; the run page asks for fresh ones. */
export const ARTIFACT_LINK_TTL_MS = 15 * 60_000;

function signingSecret(config: Config): string {
  if (!config.SESSION_SECRET) throw new CoreError("disabled", "artifact links need SESSION_SECRET");
  return config.SESSION_SECRET;
}

/**
 * `GET /artifacts/:id?run&exp&sig`: downloads an artifact with a link signed for that artifact of
 * that run. `private` artifacts also need the owner's session; `link` ones only the signature.
 * Served as an attachment with a sandbox CSP, so an HTML report can never script this origin.
 */
export function artifactDownloadRoutes() {
  return new Hono<AppEnv>().get("/artifacts/:id", async (c) => {
    const { db, clock } = c.var.services;
    const id = c.req.param("id");
    const runId = c.req.query("run") ?? "";
    await verifyArtifactSignature(signingSecret(readConfig(c.env)), {
      artifactId: id,
      runId,
      expiresAt: Number(c.req.query("exp")),
      sig: c.req.query("sig") ?? "",
      now: clock.now(),
    });
    const artifact = await getArtifact(db, id);
    if (!artifact || artifact.runId !== runId || artifact.expiresAt <= clock.now())
      throw new CoreError("not_found", "artifact not found");
    if (artifact.visibility === "private") {
      await requireUser()(c, async () => {});
      if (c.var.auth?.userId !== artifact.userId) throw new CoreError("not_found", "artifact not found");
    }
    const object = await c.env.ARTIFACTS.get(artifact.r2Key);
    if (!object) throw new CoreError("not_found", "artifact content is gone");
    return new Response(object.body, {
      headers: {
        "content-type": artifactContentType(artifact.kind),
        "content-disposition": `attachment; filename="${artifact.name}.${artifact.kind === "markdown" ? "md" : artifact.kind === "text" ? "txt" : artifact.kind}"`,
        "x-content-type-options": "nosniff",
        "content-security-policy": "sandbox; default-src 'none'",
        "cache-control": "private, no-store",
      },
    });
  });
}

/** `GET /runs/:runId/artifacts` (session): the run's artifacts with fresh signed links. */
export function runArtifactRoutes() {
  return new Hono<AppEnv>().get("/:runId/artifacts", async (c) => {
    const { db, clock } = c.var.services;
    const runId = c.req.param("runId");
    const secret = signingSecret(readConfig(c.env));
    const rows = await listRunArtifacts(db, c.var.auth.userId, runId);
    const expiresAt = clock.now() + ARTIFACT_LINK_TTL_MS;
    const artifacts = await Promise.all(
      rows.map(async (a) => ({
        id: a.id,
        name: a.name,
        kind: a.kind,
        sizeBytes: a.sizeBytes,
        visibility: a.visibility,
        expiresAt: a.expiresAt,
        url: `/api/v1/automations/artifacts/${a.id}?run=${encodeURIComponent(runId)}&exp=${expiresAt}&sig=${await signArtifact(secret, { artifactId: a.id, runId, expiresAt })}`,
      })),
    );
    return c.json({ artifacts });
  });
}
