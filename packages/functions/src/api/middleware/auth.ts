import { AppError } from "@fruit/core/errors";
import { assertAdmin, type Caller, callerFromToken } from "@fruit/core/users/caller";
import { createMiddleware } from "hono/factory";

export type AuthEnv = { Variables: { caller: Caller; requestId: string } };

/** Reads `Authorization: Bearer <token>` (scheme in any case, as the spec's map-key call sends "BEARER"). */
export function bearerToken(header: string | undefined): string {
  const match = /^bearer\s+(\S+)$/i.exec(header?.trim() ?? "");
  if (!match?.[1]) throw new AppError("unauthenticated", "No Token");
  return match[1];
}

/** Requires a signed-in caller; sets `c.var.caller`. */
export const requireUser = createMiddleware<AuthEnv>(async (c, next) => {
  c.set("caller", await callerFromToken(bearerToken(c.req.header("authorization"))));
  await next();
});

/** Requires a signed-in administrator (checked against the table on every request). */
export const requireAdmin = createMiddleware<AuthEnv>(async (c, next) => {
  const caller = await callerFromToken(bearerToken(c.req.header("authorization")));
  assertAdmin(caller);
  c.set("caller", caller);
  await next();
});
