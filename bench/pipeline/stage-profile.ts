/**
 * Per-stage job durations from the Worker's `queue.sync` / `queue.triage` log lines (the queue
 * consumer logs `ms` per job), so a bench run says where the webhook→device time went.
 * @example stageProfile('{"event":"queue.triage","ms":12}\n') // { "queue.triage": { n: 1, p50: 12, … } }
 */
export function stageProfile(
  output: string,
): Record<string, { n: number; p50: number; p95: number; max: number }> {
  const byEvent = new Map<string, number[]>();
  for (const line of output.split("\n")) {
    const start = line.indexOf("{");
    if (start < 0 || !/"(queue\.|hub\.|webhook\.|gmail_push_)/.test(line)) continue;
    try {
      const entry = JSON.parse(line.slice(start)) as { event?: unknown; ms?: unknown; waitMs?: unknown };
      if (typeof entry.event !== "string" || typeof entry.ms !== "number") continue;
      byEvent.set(entry.event, [...(byEvent.get(entry.event) ?? []), entry.ms]);
      if (typeof entry.waitMs === "number") {
        const wait = `${entry.event}.wait`;
        byEvent.set(wait, [...(byEvent.get(wait) ?? []), entry.waitMs]);
      }
    } catch {}
  }
  const pick = (s: number[], p: number) =>
    s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
  return Object.fromEntries(
    [...byEvent].map(([event, xs]) => {
      const s = [...xs].sort((a, b) => a - b);
      return [event, { n: s.length, p50: pick(s, 50), p95: pick(s, 95), max: s[s.length - 1] ?? 0 }];
    }),
  );
}
