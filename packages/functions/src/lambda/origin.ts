import { timingSafeEqual } from "node:crypto";
import { guardedConfig, logConfigurationRefused } from "./config-guard.ts";

/**
 * Whether a request carries the router's origin header (stacks/origin.ts): its value is one the
 * header may carry — the stage's `OriginSecret`, or during a rotation the previous one
 * (docs/decisions/037-origin-secret.md) — each compared in constant time. No header configured (the
 * local runtime): every request passes; in Lambda the handlers refuse to run without one (api.ts,
 * pages.ts).
 */
export function cameThroughRouter(
  headers: Record<string, string | undefined> | undefined,
  origin: { header: string; values: readonly string[] } | undefined,
): boolean {
  if (!origin) return true;
  const sent = headers?.[origin.header];
  if (typeof sent !== "string") return false;
  let accepted = false;
  for (const value of origin.values) {
    if (
      value !== "" &&
      sent.length === value.length &&
      timingSafeEqual(Buffer.from(sent), Buffer.from(value))
    )
      accepted = true;
  }
  return accepted;
}

/**
 * Whether a function URL's handler must refuse this request with its 403: the router's header is
 * missing or wrong, or — failing closed — the function runs in Lambda without its origin link, which
 * is logged as a refused configuration (config-guard.ts). Loads the configuration first (a refused
 * one throws, logged, as every handler's does).
 */
export function refusedByOrigin(fn: string, event: unknown): boolean {
  const config = guardedConfig(fn);
  if (config.inCloud && !config.originVerify) {
    logConfigurationRefused(
      fn,
      "the OriginVerify link is missing (stacks/origin.ts): every request is refused",
    );
    return true;
  }
  const { headers } = event as { headers?: Record<string, string | undefined> };
  return !cameThroughRouter(headers, config.originVerify);
}
