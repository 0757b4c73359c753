import { TaxClassesSchema } from "@fruit/core/browser/tax";
import { Hono } from "hono/quick";
import { type AuthEnv, auth } from "./middleware/auth.ts";
import type { Services } from "./services.ts";
import { jsonBody } from "./validate.ts";

/** /api/tax — the shop's tax classes (admin; docs/decisions/046-zones-and-tax-classes.md). */
export function taxRoutes(services: Pick<Services, "caller" | "tax">) {
  const { requireAdmin } = auth(services.caller);
  const { tax } = services;
  return new Hono<AuthEnv>()
    .get("/classes", requireAdmin, async (c) => c.json(await tax.readTaxClasses()))
    .put("/classes", requireAdmin, async (c) =>
      c.json(await tax.setTaxClasses(await jsonBody(c, TaxClassesSchema))),
    );
}
