import { defaultSettings } from "@scouts/core/assistant/settings";
import type { Settings } from "@scouts/core/protocol/local-api";

/** A browser device's settings until the person changes them (no local folders or mailboxes here). */
export const defaultDeviceSettings: Settings = {
  ...defaultSettings,
  providers: { ...defaultSettings.providers, local_dir: false, local_mail: false },
};
