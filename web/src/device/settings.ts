import type { Settings } from "@scouts/core/protocol/local-api";

/** A browser device's settings until the person changes them (no local folders or mailboxes here). */
export const defaultDeviceSettings: Settings = {
  assistantEnabled: true,
  providers: { gmail: true, slack: true, demo: true, local_dir: false, local_mail: false },
  slackWebhookUrl: null,
  slackAlerts: true,
  slackRedactBodies: true,
  llmBaseUrl: null,
  llmModel: null,
  briefMorning: "08:00",
  briefEvening: "18:00",
  timezone: "UTC",
  vipSenders: [],
  orgDomains: [],
  watchedDirectory: null,
  watchedDirectoryAutoEntities: false,
  localMailbox: null,
  localMailboxFormat: null,
};
