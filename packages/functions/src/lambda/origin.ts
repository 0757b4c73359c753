import { timingSafeEqual } from "node:crypto";

/**
 * Whether a request carries the router's origin header (stacks/origin.ts,
 * docs/decisions/028-least-privilege-and-origin.md), compared in constant time. No header
 * configured (the local runtime): every request passes.
 */
export function cameThroughRouter(
  headers: Record<string, string | undefined> | undefined,
  origin: { header: string; value: string } | undefined,
): boolean {
  if (!origin) return true;
  const sent = headers?.[origin.header];
  if (typeof sent !== "string" || sent.length !== origin.value.length) return false;
  return timingSafeEqual(Buffer.from(sent), Buffer.from(origin.value));
}
