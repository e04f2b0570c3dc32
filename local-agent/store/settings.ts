import { initialControl } from "@scouts/core/assistant/control";
import { defaultPolicies, parseStoredPolicies } from "@scouts/core/assistant/policies";
import { defaultSettings } from "@scouts/core/assistant/settings";
import { ControlState, type Policies, Settings } from "@scouts/core/protocol/local-api";
import { eq } from "drizzle-orm";
import type { AgentDb } from "../db/open.ts";
import { agentSettings } from "../db/schema/index.ts";

/** Typed JSON values by key, each validated on read (a corrupt value falls back to the default). */
export function settingsStore(db: AgentDb, now: () => number) {
  // Every write goes through this process (API, CLI via API), so a read-through cache is exact.
  const cache = new Map<string, unknown>();
  // Structural schema type: core's zod copy and this package's may differ in version.
  async function read<T>(
    key: string,
    schema: { safeParse(v: unknown): { success: boolean; data?: T } },
    fallback: T,
  ): Promise<T> {
    if (cache.has(key)) return cache.get(key) as T;
    const [row] = await db.select().from(agentSettings).where(eq(agentSettings.key, key));
    const parsed = row ? schema.safeParse(row.value) : null;
    const value = parsed?.success ? (parsed.data as T) : fallback;
    cache.set(key, value);
    return value;
  }
  async function write(key: string, value: unknown): Promise<void> {
    cache.delete(key);
    await db
      .insert(agentSettings)
      .values({ key, value, updatedAt: now() })
      .onConflictDoUpdate({ target: agentSettings.key, set: { value, updatedAt: now() } });
  }
  return {
    read,
    write,
    settings: () => read("settings", Settings, defaultSettings),
    saveSettings: (s: Settings) => write("settings", s),
    // Older stored policies are upgraded on read (`parseStoredPolicies`); a corrupt value gives the defaults.
    policies: () =>
      read(
        "policies",
        { safeParse: (v) => ({ success: true, data: parseStoredPolicies(v) }) },
        defaultPolicies,
      ),
    savePolicies: (p: Policies) => write("policies", p),
    control: () => read("control", ControlState, initialControl),
    saveControl: (c: ControlState) => write("control", c),
    llmApiKey: async () => (await read("llm_api_key", Settings.shape.llmModel, null)) ?? null,
  };
}
export type SettingsStore = ReturnType<typeof settingsStore>;
