import { Hono } from "hono";

/** /api/upload and /api/uploads/presign — filled in by the uploads issue. */
export const uploadRoutes = new Hono();
