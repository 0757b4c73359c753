import { googleMapsKey, paypalClientId } from "@fruit/core/client-keys";
import { Hono } from "hono/quick";
import { type AuthEnv, auth } from "./middleware/auth.ts";
import type { Services } from "./services.ts";

/**
 * /api/keys — the client keys (core/client-keys.ts) for signed-in users.
 * - `/paypal` answers the bare client id as text/plain (the original client uses the body itself as
 *   the PayPal clientId, with currency USD); `test` with the test payment provider.
 * - `/google` answers `{ key }`; the original client sends `Authorization: BEARER <token>`, which the
 *   auth middleware accepts in any case.
 */
export function clientKeyRoutes(services: Pick<Services, "caller">) {
  const { requireUser } = auth(services.caller);
  return new Hono<AuthEnv>()
    .get("/paypal", requireUser, (c) => c.text(paypalClientId()))
    .get("/google", requireUser, (c) => c.json({ key: googleMapsKey() }));
}
