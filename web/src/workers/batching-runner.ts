import type { SparseRow } from "@scouts/core/triage/features/featurize";
import type { ModelOutputs, ModelRunner } from "@scouts/core/triage/model-runner";

/**
 * Gathers the rows of every `run` call made before the next macrotask into one model call and
 * hands each caller its own slice: one onnxruntime-web `session.run` per batch instead of per
 * message (each wasm call has a fixed cost about as large as a message's preprocessing).
 *
 * @example const runner = batchingRunner(await createOrtRunner(ort, bytes)); // same answers
 */
export function batchingRunner(
  inner: ModelRunner,
): ModelRunner & { stats: { calls: number; batches: number } } {
  const stats = { calls: 0, batches: 0 };
  let queue: { rows: SparseRow[]; resolve: (o: ModelOutputs) => void; reject: (e: unknown) => void }[] = [];
  let scheduled = false;

  async function flush(): Promise<void> {
    const batch = queue;
    queue = [];
    scheduled = false;
    const rows = batch.flatMap((b) => b.rows);
    stats.batches++;
    try {
      const out = await inner.run(rows);
      let offset = 0;
      for (const b of batch) {
        const mine: ModelOutputs = {};
        for (const [name, data] of Object.entries(out)) {
          const width = data.length / rows.length;
          mine[name] = data.slice(offset * width, (offset + b.rows.length) * width);
        }
        offset += b.rows.length;
        b.resolve(mine);
      }
    } catch (e) {
      for (const b of batch) b.reject(e);
    }
  }

  return {
    name: inner.name,
    model: inner.model,
    stats,
    run(rows) {
      stats.calls++;
      return new Promise((resolve, reject) => {
        queue.push({ rows, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setTimeout(() => void flush(), 0);
        }
      });
    },
  };
}
