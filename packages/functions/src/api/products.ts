import {
  AdminPageQuerySchema,
  LangQuerySchema,
  ProductQuerySchema,
  ProductUpdateSchema,
} from "@fruit/core/browser/products";
import { ReviewSchema } from "@fruit/core/browser/reviews";
import * as products from "@fruit/core/products";
import { Hono } from "hono/quick";
import { type AuthEnv, auth } from "./middleware/auth.ts";
import { freshRead, publicCache } from "./middleware/cache.ts";
import { pageAnswer } from "./paging.ts";
import type { Services } from "./services.ts";
import { jsonBody, parseWith } from "./validate.ts";

/**
 * /api/products — the public catalogue, the admin catalogue screens and reviews. Static paths
 * (`/categories`, `/admin`, `/slug/:slug`) are registered before `/:id`.
 */
export function productRoutes(services: Pick<Services, "caller" | "reviews">) {
  const { requireUser, requireAdmin } = auth(services.caller);
  const { reviews } = services;
  return new Hono<AuthEnv>()
    .get("/", ...publicCache, async (c) =>
      pageAnswer(c, await products.list(parseWith(ProductQuerySchema, c.req.query()))),
    )
    .get("/categories", ...publicCache, async (c) =>
      c.json(await products.categories(parseWith(LangQuerySchema, c.req.query()).lang)),
    )
    .get("/admin", requireAdmin, async (c) =>
      c.json(await products.adminPage(parseWith(AdminPageQuerySchema, c.req.query()))),
    )
    .get("/slug/:slug", ...publicCache, async (c) =>
      c.json(await products.fromSlug(c.req.param("slug"), parseWith(LangQuerySchema, c.req.query()).lang)),
    )
    .get("/:id", ...freshRead, async (c) => c.json(await products.detail(c.req.param("id"))))
    .post("/", requireAdmin, async (c) =>
      c.json({ message: "Product Created", product: await products.create() }, 201),
    )
    .put("/:id", requireAdmin, async (c) => {
      const product = await products.update(c.req.param("id"), await jsonBody(c, ProductUpdateSchema));
      return c.json({ message: "Product Updated", product });
    })
    .delete("/:id", requireAdmin, async (c) => {
      await products.remove(c.req.param("id"));
      return c.json({ message: "Product Deleted" });
    })
    .post("/:id/reviews", requireUser, async (c) =>
      c.json(await reviews.addReview(c.var.caller, c.req.param("id"), await jsonBody(c, ReviewSchema)), 201),
    );
}
