export * from "./automations.ts";
export * from "./events.ts";
export * from "./ledger.ts";
export * from "./pipeline.ts";
export * from "./scouts.ts";
export * from "./users.ts";
export * from "./workspaces.ts";
