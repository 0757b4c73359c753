/**
 * The web app's one Idempotency-Key maker: a fresh key per attempt (an order's placement, a refund),
 * kept while that attempt is retried so the server makes it once. Falls back where
 * `crypto.randomUUID` is missing (plain-http LAN hosts, which are not a secure context).
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}
