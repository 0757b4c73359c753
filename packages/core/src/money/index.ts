/**
 * Money and quantities (browser-safe): pricing in integer cents (pricing.ts), tax by class (tax.ts)
 * and quantities in each unit's base units (quantity.ts). The room's one entry, for the server and
 * the browser alike.
 */
export * from "./discount.ts";
export * from "./pricing.ts";
export * from "./quantity.ts";
export * from "./tax.ts";
