import { createApp } from "./app.ts";
import { lazyServices } from "./lazy-services.ts";

/**
 * The API's composition root: the app (app.ts) with the core services it loads on first use
 * (lazy-services.ts). The only module that imports those; routers and middleware get them from the app.
 *
 * @example
 * const res = await app.request("/api/products");
 */
export const app = createApp(lazyServices);

export type App = typeof app;
