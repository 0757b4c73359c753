import { PresignSchema } from "@fruit/core/browser/uploads";
import { AppError, fieldError } from "@fruit/core/errors";
import type { Context } from "hono";
import { Hono } from "hono/quick";
import { type AuthEnv, auth } from "./middleware/auth.ts";
import type { Services } from "./services.ts";
import { jsonBody } from "./validate.ts";

/** Reads one file field of a multipart body; 400 when the body is not multipart or has no such file. */
async function fileField(c: Context, name: string): Promise<{ type: string; bytes: Uint8Array }> {
  const body = await c.req.parseBody().catch(() => {
    throw new AppError(
      "MALFORMED_REQUEST",
      `The request body must be multipart/form-data with a "${name}" file`,
    );
  });
  const file = body[name];
  if (!(file instanceof File)) throw fieldError(name, "an image file is required");
  return { type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/**
 * /api/uploads/presign (presigned S3 POST, the web app's path), /api/upload (multipart through
 * the API, kept for the original client) and /api/uploads/{id} (whether the image function has made
 * that upload's variants; the product form shows it). Admin only; the rules live in core/uploads.
 */
export function uploadRoutes(services: Pick<Services, "caller" | "uploads">) {
  const { requireAdmin } = auth(services.caller);
  const { uploads } = services;
  return new Hono<AuthEnv>()
    .post("/uploads/presign", requireAdmin, async (c) =>
      c.json(await uploads.presign(await jsonBody(c, PresignSchema))),
    )
    .get("/uploads/:id", requireAdmin, async (c) => c.json(await uploads.imageState(c.req.param("id"))))
    .post("/upload", requireAdmin, async (c) => c.json(await uploads.storeImage(await fileField(c, "file"))));
}
