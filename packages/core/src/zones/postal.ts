/**
 * Postal codes as zones compare them (browser-safe): upper case, without spaces or hyphens, so
 * "h2x 1y4", "H2X1Y4" and "H2X 1Y4" are one code, and a prefix "h2x" matches all three. WooCommerce
 * fails Québec codes written with or without their space (woocommerce/woocommerce#12457): here the
 * spelling never matters.
 *
 * @example
 * normalisePostal(" h2x-1y4 ") // "H2X1Y4"
 */
export const normalisePostal = (code: string): string => code.replace(/[\s-]+/g, "").toUpperCase();

/** True when `postalCode` starts with one of the (normalised) prefixes. */
export function postalMatches(postalCode: string, prefixes: readonly string[]): boolean {
  const code = normalisePostal(postalCode);
  return code !== "" && prefixes.some((prefix) => prefix !== "" && code.startsWith(normalisePostal(prefix)));
}
