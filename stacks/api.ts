import { lambdaBundling } from "./bundling.ts";
import { router } from "./router.ts";
import { paypalWebhookId, secrets } from "./secrets.ts";
import { bucket, table } from "./storage.ts";

/**
 * The Hono app for every `/api/*` endpoint, as a function URL behind the router. The router passes
 * `/api/...` unchanged, which is why the app uses `basePath("/api")`. Links become
 * `Resource.Table`, `Resource.Images`, `Resource.JwtSecret`, `Resource.Payments`, ... in
 * packages/core/src/config.ts. No `environment`: how the stage pays is its `Payments` secret.
 */
export const api = new sst.aws.Function("Api", {
  handler: "packages/functions/src/lambda/api.handler",
  runtime: "nodejs22.x",
  architecture: "arm64",
  // bcrypt runs in JS; Lambda's CPU share grows with memory, so sign-in latency needs more than the default.
  memory: "1024 MB",
  timeout: "20 seconds",
  // Catalogue reads load neither passwords, tokens, payments nor images (packages/functions/src/api/lazy-services.ts).
  nodejs: lambdaBundling,
  link: [table, bucket, ...secrets, paypalWebhookId],
  url: { router: { instance: router, path: "/api" } },
});
