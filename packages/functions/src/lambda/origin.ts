import { timingSafeEqual } from "node:crypto";
import { log, ORIGIN_REFUSED } from "@fruit/core/log";
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
 * missing or wrong (logged, one line a request: `origin header refused`), or — failing closed — the
 * function runs in Lambda without its origin link, which is logged as a refused configuration
 * (config-guard.ts). Loads the configuration first (a refused
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
  const { headers, rawPath } = event as { headers?: Record<string, string | undefined>; rawPath?: string };
  if (cameThroughRouter(headers, config.originVerify)) return false;
  // One line per refusal: a wrong secret after a rotation slip or a rollback refuses everyone, and
  // these lines are what the OriginRefused alarm counts (stacks/alarms.ts). Never the value sent.
  const sent = config.originVerify ? headers?.[config.originVerify.header] : undefined;
  log("warn", ORIGIN_REFUSED, {
    function: fn,
    path: rawPath,
    reason: typeof sent === "string" ? "wrong value" : "missing",
  });
  return true;
}
