import { CoreError } from "../errors.ts";
import type { SyncedEntity } from "../protocol/frames.ts";
import type { Entity, EntityInput, EntityKind, EntityPatch, Suggestion } from "../protocol/local-api.ts";
import { mergeEntity, stampLocal, tombstone } from "./entity-merge.ts";
import type { EntitySyncStore } from "./entity-sync.ts";
import {
  type ProjectEdit,
  type ProjectRecord,
  projectFields,
  projectUnchanged,
  type SyncedProject,
  toSyncedProject,
} from "./project-entities.ts";

/** A device's raw entity storage: libSQL rows in the agent, an IndexedDB store in the PWA. */
export interface EntityRows {
  get(id: string): Promise<SyncedEntity | undefined>;
  /** Inserts or replaces the version with this log sequence. */
  put(entity: SyncedEntity, seq: number): Promise<void>;
  since(after: number, limit: number): Promise<{ seq: number; entity: SyncedEntity }[]>;
  maxSeq(): Promise<number>;
  /** Live (not deleted) entities of a kind, newest first. */
  list(kind: SyncedEntity["kind"]): Promise<SyncedEntity[]>;
  cursors(): Promise<Record<string, number>>;
  setCursors(cursors: Record<string, number>): Promise<void>;
}

/** The entity as the loopback API and the screens see it (no sync fields). */
export function toEntity({ deleted: _d, writer: _w, project: _p, ...e }: SyncedEntity): Entity {
  // Callers pass tasks, events and notes; projects are read through `toSyncedProject`.
  return { ...e, kind: e.kind as EntityKind };
}

/**
 * Tasks, events and notes on a device, local-first, with the change log entity sync reads: every
 * version that wins here (a local write, or a merge of another device's) gets the next sequence,
 * one write at a time; a delete is a tombstone. `writer` is this device's id.
 *
 * @example const log = createEntityLog({ rows, now, ids, writer: () => deviceId }); await log.create("task", { title: "Pay" }, null);
 */
export function createEntityLog(opts: {
  rows: EntityRows;
  now: () => number;
  ids: () => string;
  writer: () => string;
  /** Rejects links to projects this device does not know (the agent's FOLDERS projects). */
  checkProject?: (projectId: string) => Promise<void>;
}) {
  const { rows } = opts;
  let lock: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = lock.then(fn);
    lock = run.catch(() => {});
    return run;
  };
  const listeners = new Set<() => void>();
  const save = async (v: SyncedEntity) => rows.put(v, (await rows.maxSeq()) + 1);
  async function writeLocal(v: SyncedEntity): Promise<Entity> {
    await save(v);
    for (const l of listeners) l();
    return toEntity(v);
  }
  const live = async (kind: SyncedEntity["kind"], id: string) => {
    const cur = await rows.get(id);
    return cur && cur.kind === kind && !cur.deleted ? cur : undefined;
  };

  const sync: EntitySyncStore = {
    changesSince: (after, limit) => rows.since(after, limit),
    apply: (changes) =>
      exclusive(async () => {
        const won: SyncedEntity[] = [];
        for (const c of changes) {
          const w = mergeEntity(await rows.get(c.id), c);
          if (!w) continue;
          await save(w);
          won.push(w);
        }
        return won;
      }),
    lastSeq: () => rows.maxSeq(),
    cursors: () => rows.cursors(),
    setCursor: (peer, cursor) =>
      exclusive(async () => rows.setCursors({ ...(await rows.cursors()), [peer]: cursor })),
  };

  return {
    sync,
    /** Called after every local write (the sync pushes it to the other devices). */
    onLocalWrite(fn: () => void): () => void {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    list: async (kind: EntityKind): Promise<Entity[]> => (await rows.list(kind)).map(toEntity),
    get: async (kind: EntityKind, id: string): Promise<Entity | null> => {
      const cur = await live(kind, id);
      return cur ? toEntity(cur) : null;
    },
    create(kind: EntityKind, input: EntityInput, sourceSuggestionId: string | null): Promise<Entity> {
      return exclusive(async () => {
        if (input.projectId) await opts.checkProject?.(input.projectId);
        const at = opts.now();
        const fields = {
          id: opts.ids(),
          kind,
          title: input.title,
          body: input.body ?? "",
          due: input.due ?? null,
          done: input.done ?? false,
          start: input.start ?? null,
          end: input.end ?? null,
          location: input.location ?? null,
          projectId: input.projectId ?? null,
          sourceSuggestionId,
          createdAt: at,
          deleted: false,
        };
        return writeLocal(stampLocal(undefined, fields, opts.writer(), at));
      });
    },
    patch(kind: EntityKind, id: string, patch: EntityPatch): Promise<Entity | null> {
      return exclusive(async () => {
        if (patch.projectId) await opts.checkProject?.(patch.projectId);
        const cur = await live(kind, id);
        if (!cur) return null;
        const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
        return writeLocal(stampLocal(cur, { ...cur, ...clean }, opts.writer(), opts.now()));
      });
    },
    /** Projects synced from the agent (live ones, newest first). */
    projects: async (): Promise<SyncedProject[]> => (await rows.list("project")).map(toSyncedProject),
    /**
     * The agent publishes one of its projects (on link, edit, scan, unlink and at start); a
     * version is written only when something changed, so calling it again is free.
     */
    putProject(p: ProjectRecord): Promise<boolean> {
      return exclusive(async () => {
        const cur = await rows.get(p.id);
        if (projectUnchanged(cur, p)) return false;
        await writeLocal(stampLocal(cur, projectFields(p), opts.writer(), opts.now()));
        return true;
      });
    },
    /** The agent deleted the project: a tombstone, so every device drops it. */
    removeProject(id: string): Promise<boolean> {
      return exclusive(async () => {
        const cur = await live("project", id);
        if (!cur) return false;
        await writeLocal(tombstone(cur, opts.writer(), opts.now()));
        return true;
      });
    },
    /** Another device renames a project or edits its notes (the agent applies it to its record). */
    patchProject(id: string, edit: ProjectEdit): Promise<SyncedProject | null> {
      return exclusive(async () => {
        const cur = await live("project", id);
        if (!cur) return null;
        const next = { ...cur, title: edit.name ?? cur.title, body: edit.notes ?? cur.body };
        const v = stampLocal(cur, next, opts.writer(), opts.now());
        await writeLocal(v);
        return toSyncedProject(v);
      });
    },
    /** Deletes (as a tombstone); returns the entity as it was, or null when there was none. */
    remove(kind: EntityKind, id: string): Promise<Entity | null> {
      return exclusive(async () => {
        const cur = await live(kind, id);
        if (!cur) return null;
        await writeLocal(tombstone(cur, opts.writer(), opts.now()));
        return toEntity(cur);
      });
    },
  };
}
export type EntityLog = ReturnType<typeof createEntityLog>;

/** A project id this device cannot resolve. */
export function unknownProject(projectId: string): CoreError {
  return new CoreError("bad_input", `no project ${projectId}`);
}

/**
 * The entity a suggestion converts to: the person's overrides, else subject, sender + snippet,
 * and the first date stage 2 found (a task's due, an event's start).
 *
 * @example entityInputFor(s, "task", {}) // { title: s.subject, due: <date in the text>, ... }
 */
export function entityInputFor(
  s: Pick<Suggestion, "subject" | "from" | "snippet" | "entities">,
  kind: EntityKind,
  over: Partial<EntityInput> = {},
): EntityInput {
  const dated = s.entities.find(
    (e) => (e.kind === "date" || e.kind === "datetime") && e.value && Number.isFinite(Date.parse(e.value)),
  );
  const when = dated?.value ? Date.parse(dated.value) : null;
  return {
    title: over.title ?? (s.subject || "(no subject)"),
    body: over.body ?? `From ${s.from}\n\n${s.snippet}`,
    due: over.due ?? (kind === "task" ? when : null),
    start: over.start ?? (kind === "event" ? when : null),
    end: over.end ?? null,
    location: over.location ?? null,
    projectId: over.projectId ?? null,
    done: false,
  };
}
