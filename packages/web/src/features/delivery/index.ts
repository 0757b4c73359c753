/** Delivery days for the other features (docs/decisions/015-web-by-domain.md): the windows ahead and an order's window. */
export { SlotLine } from "./slot-label.tsx";
export { quoteKey, shippingOfQuote, useDeliveryQuote } from "./use-quote.ts";
export { SLOTS_KEY, slotsKey, useDeliverySlots } from "./use-slots.ts";
export { ZoneNote } from "./zone-note.tsx";
