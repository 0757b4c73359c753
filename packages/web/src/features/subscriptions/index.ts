/** Subscriptions' public surface (docs/decisions/015-web-by-domain.md): the product page's and the cart's button. */
export { DeliverEveryWeekButton, type WeeklyItem } from "./deliver-every-week.tsx";
