/**
 * The orders feature's public surface: what the admin's picking screen shares with the order screen
 * (the order's key, its lines as picked, the substitute choices, when an order can be picked), and
 * the shop's Google Maps key, which the zones editor draws with.
 * Everything else in features/orders is its own business (docs/decisions/015-web-by-domain.md).
 */
export { useGoogleKey } from "./checkout/map/api/use-google-key.ts";
export { orderKey } from "./detail/api/use-order.ts";
export { chargedPrices, FinalSummary } from "./shared/final-summary.tsx";
export { PickedItemsList } from "./shared/picked-items-list.tsx";
export { canPick, pickPath } from "./shared/picking.ts";
export { SUBSTITUTE_LABELS } from "./shared/substitute.tsx";
