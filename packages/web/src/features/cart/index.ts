/**
 * The cart's public surface: what other features (catalogue cards, product page, home page, order
 * preview) may use. Everything else in features/cart is its own business (docs/decisions/015-web-by-domain.md).
 */
export { addToCart, OUT_OF_STOCK_CARD_MESSAGE, refreshCartFromServer } from "./add-to-cart.ts";
export { AddToCartButton } from "./add-to-cart-button.tsx";
export { promoRefusal, usePromotionPreview } from "./api/use-promotion-preview.ts";
export { BuyAgainButton } from "./buy-again-button.tsx";
export { PromoCodeField } from "./promo-code-field.tsx";
export { QuantityStepper } from "./quantity-stepper.tsx";
export { atOneStep, atStock, stepFrom } from "./steps.ts";
