import { defaultSettings } from "@scouts/core/assistant/settings";
import type { Settings } from "@scouts/core/protocol/local-api";
import type { DeviceStore } from "./store-types.ts";

/** A browser device's settings until the person changes them (no local folders or mailboxes here). */
export const defaultDeviceSettings: Settings = {
  ...defaultSettings,
  providers: { ...defaultSettings.providers, local_dir: false, local_mail: false },
};

/** This browser device's settings, or the defaults. */
export async function readSettings(store: DeviceStore): Promise<Settings> {
  return (await store.kvGet<Settings>("settings")) ?? defaultDeviceSettings;
}
