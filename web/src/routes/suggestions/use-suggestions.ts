import { searchFilter } from "@scouts/core/assistant/search-query";
import { isCoreError } from "@scouts/core/errors";
import type { Suggestion } from "@scouts/core/protocol/local-api";
import { useCallback, useEffect, useState } from "react";
import { cachedSuggestions, cacheSuggestions } from "../../data/cache.ts";
import type { SuggestionSource } from "../../data/source.ts";

export type Loaded = {
  items: Suggestion[];
  /** "live" from the source; "cache" from IndexedDB when the source is unreachable. */
  from: "live" | "cache";
  loading: boolean;
  error: Error | null;
};

/**
 * Suggestions for the screen: live (and cached for offline), else the cached copy searched
 * locally. Without a query only cards are listed (cohorts at L2+); a search finds L0/L1 mail too.
 */
export function useSuggestions(source: SuggestionSource | null, q: string, connecting: boolean) {
  const [state, setState] = useState<Loaded>({ items: [], from: "live", loading: true, error: null });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  useEffect(() => {
    let live = true;
    void tick;
    if (connecting) return;
    const fromCache = async (error: Error | null) => {
      const all = await cachedSuggestions().catch(() => []);
      let search: ((s: (typeof all)[number]) => boolean) | null = null;
      try {
        search = q ? searchFilter(q, { now: Date.now(), timeZone: localZone() }) : null;
      } catch (e) {
        if (live) setState({ items: [], from: "cache", loading: false, error: e as Error });
        return;
      }
      const items = all.filter((s) => s.status === "new" && (search ? search(s) : s.surface?.card !== false));
      items.sort((a, b) => (b.priority ?? -1) - (a.priority ?? -1) || b.receivedAt - a.receivedAt);
      if (live) setState({ items, from: "cache", loading: false, error });
    };
    if (!source) {
      void fromCache(null);
    } else {
      source.list({ status: "new", limit: 200, ...(q ? { q } : { view: "cards" }) }).then(
        (page) => {
          if (!live) return;
          setState({ items: page.items, from: "live", loading: false, error: null });
          void cacheSuggestions(page.items, !q && page.nextCursor === null);
        },
        (e: unknown) => {
          // A search the source refused (a bad operator value) is the person's to fix, not an outage.
          if (isCoreError(e) && e.code === "bad_input") {
            if (live) setState({ items: [], from: "live", loading: false, error: e });
            return;
          }
          void fromCache(e instanceof Error ? e : new Error(String(e)));
        },
      );
    }
    return () => {
      live = false;
    };
  }, [source, q, tick, connecting]);
  // New and changed suggestions stream in; a short debounce folds bursts into one refetch.
  useEffect(() => {
    if (!source) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = source.subscribe((e) => {
      if (e.type !== "suggestion.created" && e.type !== "suggestion.updated") return;
      clearTimeout(timer);
      timer = setTimeout(reload, 150);
    });
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [source, reload]);
  return { ...state, reload };
}

function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
