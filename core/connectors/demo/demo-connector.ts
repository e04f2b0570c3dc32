import { CoreError } from "../../errors.ts";
import type { ItemMetadata, MessageRef, SourceConnector } from "../source-connector.ts";
import { demoMessage, demoRaw } from "./catalog.ts";

export interface DemoConnectorOptions {
  /** How many items the demo source has produced so far (the emit route and cron advance it). */
  head(): Promise<number>;
  /** Most items one listNew hands out, like a provider's page bound. */
  pageLimit?: number;
}

/**
 * A local, deterministic `SourceConnector` for `npm start`: item n is `demo-n`; the cursor is the
 * last n listed. Mailbox writes succeed without effect (there is no mailbox).
 * @example const c = createDemoConnector({ head: async () => 3 }); await c.listNew({ cursor: "1" })
 */
export function createDemoConnector(opts: DemoConnectorOptions): SourceConnector {
  const pageLimit = opts.pageLimit ?? 500;
  const noop = async (ref: MessageRef) => void seqOf(ref);
  return {
    source: "demo",
    async listNew({ cursor }) {
      const from = cursor === null ? 0 : Number(cursor);
      const head = await opts.head();
      const to = Math.min(head, from + pageLimit);
      const refs: MessageRef[] = [];
      for (let n = from + 1; n <= to; n++) refs.push({ source: "demo", id: `demo-${n}` });
      return { refs, cursor: String(Math.max(from, to)), fullResync: false };
    },
    async fetchMetadata(refs) {
      return refs.map((ref) => demoMetadata(ref, demoMessage(seqOf(ref))));
    },
    async fetchContent(ref) {
      const m = demoMessage(seqOf(ref));
      return { kind: "email", ref, raw: demoRaw(m), metadata: demoMetadata(ref, m) };
    },
    archive: noop,
    unarchive: noop,
    trash: noop,
    untrash: noop,
    async setupWatch() {
      return { expiration: Date.now() + 7 * 86_400_000, cursor: String(await opts.head()) };
    },
    async renewWatch() {
      return { expiration: Date.now() + 7 * 86_400_000, cursor: String(await opts.head()) };
    },
  };
}

function seqOf(ref: MessageRef): number {
  const m = /^demo-(\d{1,9})$/.exec(ref.id);
  if (ref.source !== "demo" || !m) throw new CoreError("not_found", "not a demo item");
  return Number(m[1]);
}

function demoMetadata(ref: MessageRef, m: ReturnType<typeof demoMessage>): ItemMetadata {
  return {
    ref,
    from: `${m.fromName} <${m.fromAddr}>`,
    subject: m.subject,
    snippet: m.body.slice(0, 140),
    date: m.date,
  };
}
