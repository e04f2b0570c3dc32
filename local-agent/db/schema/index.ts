export * from "./accounts.ts";
export * from "./ledger.ts";
export * from "./misc.ts";
export * from "./screener.ts";
export * from "./suggestions.ts";
