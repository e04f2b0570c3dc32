export * from "./ledger.ts";
export * from "./scouts.ts";
export * from "./users.ts";
