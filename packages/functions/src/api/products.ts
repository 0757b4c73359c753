import * as products from "@fruit/core/products/index";
import { ProductQuerySchema } from "@fruit/core/products/product.schema";
import { Hono } from "hono";
import { publicCache } from "./middleware/cache.ts";
import { parseWith } from "./validate.ts";

/** /api/products — the catalogue. Static paths are registered before `/:id`. */
export const productRoutes = new Hono()
  .get("/", ...publicCache, async (c) => c.json(await products.list(parseWith(ProductQuerySchema, c.req.query()))))
  .get("/categories", ...publicCache, async (c) => c.json(await products.categories()))
  .get("/slug/:slug", ...publicCache, async (c) => c.json(await products.fromSlug(c.req.param("slug"))))
  .get("/:id", ...publicCache, async (c) => c.json(await products.detail(c.req.param("id"))));
