import { PromotionPreviewInputSchema } from "@fruit/core/browser/orders";
import { PromotionInputSchema, PromotionListQuerySchema } from "@fruit/core/browser/promotions";
import { Hono } from "hono/quick";
import { type AuthEnv, auth } from "./middleware/auth.ts";
import { pageAnswer } from "./paging.ts";
import type { Services } from "./services.ts";
import { jsonBody, parseWith } from "./validate.ts";

/**
 * /api/promotions — the administrator's promotion codes, and the preview a cart asks for (anyone;
 * a signed-in caller's own limits apply): docs/decisions/049-promotions-split-to-the-cent.md.
 */
export function promotionRoutes(services: Pick<Services, "caller" | "promotions" | "orders">) {
  const { requireAdmin, optionalUser } = auth(services.caller);
  const { promotions, orders } = services;
  return new Hono<AuthEnv>()
    .post("/preview", optionalUser, async (c) =>
      c.json(
        await orders.previewPromotion(await jsonBody(c, PromotionPreviewInputSchema), c.var.viewer?._id),
      ),
    )
    .get("/", requireAdmin, async (c) =>
      pageAnswer(c, await promotions.listPromotions(parseWith(PromotionListQuerySchema, c.req.query()))),
    )
    .post("/", requireAdmin, async (c) =>
      c.json(await promotions.createPromotion(await jsonBody(c, PromotionInputSchema)), 201),
    )
    .get("/:id", requireAdmin, async (c) => c.json(await promotions.promotionFromId(c.req.param("id"))))
    .put("/:id", requireAdmin, async (c) =>
      c.json(await promotions.updatePromotion(c.req.param("id"), await jsonBody(c, PromotionInputSchema))),
    )
    .delete("/:id", requireAdmin, async (c) => c.json(await promotions.deletePromotion(c.req.param("id"))));
}
