export * from "./accounts.ts";
export * from "./contacts.ts";
export * from "./ledger.ts";
export * from "./misc.ts";
export * from "./screener.ts";
export * from "./suggestions.ts";
