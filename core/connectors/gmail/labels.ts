import { CoreError, isCoreError } from "../../errors.ts";
import type { GmailClient } from "./client.ts";

/** A Gmail label as users.labels returns it. */
interface GmailLabel {
  id: string;
  name: string;
  type?: string;
}

/** Label name (lower-cased: Gmail treats names case-insensitively) → label id, for one mailbox. */
export type LabelCache = Map<string, string>;

/** System labels a person may apply by name; the others have their own actions or are Gmail's own. */
const APPLICABLE_SYSTEM = new Set(["STARRED", "IMPORTANT"]);

const key = (name: string) => name.trim().toLowerCase();

/**
 * Resolves a label name the person typed to the Gmail label id `messages.modify` needs:
 * `labels.list` (1 unit) once per cache, `labels.create` (5 units) when the user label is
 * missing. A 409 from create (made meanwhile, or a different case) re-reads the list.
 *
 * @example const labels = createLabelResolver(client); await labels.idFor("Receipts") // "Label_12"
 */
export function createLabelResolver(client: GmailClient, cache: LabelCache = new Map()) {
  let loaded = cache.size > 0;

  async function load(): Promise<void> {
    const res = await client.json<{ labels?: GmailLabel[] }>({ method: "labels.list", path: "/labels" });
    cache.clear();
    for (const l of res.labels ?? []) {
      if (l.type === "system" && !APPLICABLE_SYSTEM.has(l.id)) continue;
      cache.set(key(l.name), l.id);
    }
    loaded = true;
  }

  async function create(name: string): Promise<string> {
    try {
      const made = await client.json<GmailLabel>({
        method: "labels.create",
        httpMethod: "POST",
        path: "/labels",
        body: { name: name.trim(), labelListVisibility: "labelShow", messageListVisibility: "show" },
      });
      cache.set(key(name), made.id);
      return made.id;
    } catch (e) {
      if (isCoreError(e) && e.details?.httpStatus === 409) {
        await load();
        const id = cache.get(key(name));
        if (id) return id;
      }
      if (isCoreError(e) && e.details?.httpStatus === 400)
        throw new CoreError("bad_input", `Gmail does not allow a label named “${name.trim()}”`, {
          cause: e,
        });
      throw e;
    }
  }

  return {
    /** The id for `name`, creating the user label when the mailbox has none of that name. */
    async idFor(name: string): Promise<{ id: string; cached: boolean }> {
      if (!key(name)) throw new CoreError("bad_input", "a label needs a name");
      const wasLoaded = loaded;
      if (!loaded) await load();
      const known = cache.get(key(name));
      if (known) return { id: known, cached: wasLoaded };
      return { id: await create(name), cached: false };
    },
    /** Forget what is cached (an id Gmail refused: the person deleted or renamed the label). */
    forget(): void {
      cache.clear();
      loaded = false;
    },
  };
}
