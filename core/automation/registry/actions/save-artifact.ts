import { CoreError } from "../../../errors.ts";
import type { Capability } from "../types.ts";

/** Largest artifact one step may store. */
export const MAX_ARTIFACT_BYTES = 5 * 1024 * 1024;

/**
 * Stores text produced by the run as an artifact declared in `execution.produces_artifacts`
 * (kind, retention and visibility come from that declaration). Served through signed URLs.
 */
export const saveArtifact: Capability = {
  id: "save_artifact",
  description: "Save text produced by the run (a report, a CSV) as a downloadable artifact.",
  kind: "tight",
  inputSchema: {
    type: "object",
    required: ["name", "content"],
    properties: { name: { type: "string", pattern: "^[a-z][a-z0-9_]{0,39}$" }, content: { type: "string" } },
    additionalProperties: false,
  },
  outputSchema: { type: "object", properties: { artifact_id: { type: "string" } } },
  requiredCredentials: [],
  sideEffects: ["WRITE"],
  expectedDurationMs: 1000,
  costEstimateUsd: 0,
  async handler({ input, run, services }) {
    if (!services.putArtifact)
      throw new CoreError("disabled", "artifact storage is not wired in this runtime");
    const content = String(input.content);
    if (new TextEncoder().encode(content).length > MAX_ARTIFACT_BYTES) {
      throw new CoreError("payload_too_large", `artifacts are at most ${MAX_ARTIFACT_BYTES} bytes`);
    }
    const spec = run.artifacts?.find((a) => a.name === input.name);
    if (!spec)
      throw new CoreError(
        "bad_input",
        `artifact "${String(input.name)}" is not declared in execution.produces_artifacts`,
      );
    const out = await services.putArtifact({ runId: run.id, userId: run.userId, spec, body: content });
    return { output: { artifact_id: out.artifactId } };
  },
};
