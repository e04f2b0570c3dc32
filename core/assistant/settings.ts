import type { Settings } from "../protocol/local-api.ts";

/** A device's settings until the person changes them: every provider on, bodies redacted in Slack. */
export const defaultSettings: Settings = {
  assistantEnabled: true,
  providers: {
    gmail: true,
    slack: true,
    demo: true,
    local_dir: true,
    local_mail: true,
    imap: true,
    jmap: true,
  },
  slackWebhookUrl: null,
  slackDestination: "webhook",
  slackChannel: null,
  slackLastError: null,
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
