import { AppError } from "@fruit/core/errors";
import type { Caller, Session } from "@fruit/core/users/caller";
import { createMiddleware } from "hono/factory";
import type { Services } from "../services.ts";

export type AuthEnv = {
  Variables: { caller: Caller; session: Session; viewer: Caller | undefined; requestId: string };
};

/** Reads `Authorization: Bearer <token>` (scheme in any case, as the original client's map-key call sends "BEARER"). */
export function bearerToken(header: string | undefined): string {
  const match = /^bearer\s+(\S+)$/i.exec(header?.trim() ?? "");
  if (!match?.[1]) throw new AppError("UNAUTHENTICATED", "No Token");
  return match[1];
}

/**
 * The route guards, given the caller service (the app's, lazy-services.ts in the API). Each router
 * builds its own from the services the app hands it.
 *
 * @example
 * const { requireUser } = auth(services.caller);
 * router.get("/mine", requireUser, (c) => c.json(c.var.caller));
 */
export function auth(callers: Services["caller"]) {
  /**
   * Requires a signed-in caller; sets `c.var.caller`. Token checks (jose) load on the first request
   * that needs them, so public catalogue reads never pay for them (api/lazy-services.ts).
   */
  const requireUser = createMiddleware<AuthEnv>(async (c, next) => {
    c.set("caller", await callers.callerFromToken(bearerToken(c.req.header("authorization"))));
    await next();
  });

  /**
   * Requires a verified token and sets `c.var.session`, without reading the user: only for a route
   * whose core verb checks the session inside its own transaction (`sessionCheck` in core's
   * users/caller.ts; today `POST /api/orders`, docs/decisions/021-placement-checks-the-caller.md), so
   * a revoked token is still refused (401) before anything is written.
   */
  const requireSession = createMiddleware<AuthEnv>(async (c, next) => {
    c.set("session", await callers.sessionFromToken(bearerToken(c.req.header("authorization"))));
    await next();
  });

  /**
   * Requires a signed-in administrator (checked against the table on every request). The only place an
   * admin-only route is guarded: the route table names it, core's `assertAdmin` decides, and the core
   * verbs behind it trust the route (docs/decisions/019-enforced-boundaries.md).
   * tests/integration/access-matrix.test.ts sends every route each kind of caller.
   */
  const requireAdmin = createMiddleware<AuthEnv>(async (c, next) => {
    const caller = await callers.callerFromToken(bearerToken(c.req.header("authorization")));
    await callers.assertAdmin(caller);
    c.set("caller", caller);
    await next();
  });

  /**
   * For a public route that answers a signed-in caller more (their own limits): sets `c.var.viewer`
   * to the caller of the bearer token when one is sent (401 when it is bad, as everywhere), else
   * leaves it undefined.
   */
  const optionalUser = createMiddleware<AuthEnv>(async (c, next) => {
    const header = c.req.header("authorization");
    c.set("viewer", header === undefined ? undefined : await callers.callerFromToken(bearerToken(header)));
    await next();
  });

  return { requireUser, requireSession, requireAdmin, optionalUser };
}
