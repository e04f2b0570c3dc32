import type { SourceConnector } from "@scouts/core/connectors/source-connector";
import type { ConnectorFor } from "@scouts/core/pipeline/ports";

/**
 * Building a connector costs two D1 reads and a token decrypt; a hub delivering a burst would pay
 * that per run. 30 s is well inside the 60 s early refresh of Google access tokens, so a cached
 * connector never holds an expired token; a failed build is not cached.
 */
export const connectorCacheTtlMs = 30_000;

export type ConnectorCache = Map<string, { at: number; connector: Promise<SourceConnector> }>;

/**
 * Wraps `inner` with a per-scout cache (the DeviceHub keeps one per instance).
 * @example const connectorFor = cachedConnectorFor(p.connectorFor, this.connectors, Date.now);
 */
export function cachedConnectorFor(
  inner: ConnectorFor,
  cache: ConnectorCache,
  now: () => number,
): ConnectorFor {
  return (scout) => {
    const hit = cache.get(scout.id);
    if (hit && now() - hit.at < connectorCacheTtlMs) return hit.connector;
    const connector = inner(scout);
    cache.set(scout.id, { at: now(), connector });
    connector.catch(() => {
      if (cache.get(scout.id)?.connector === connector) cache.delete(scout.id);
    });
    return connector;
  };
}
