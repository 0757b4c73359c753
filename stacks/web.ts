import { router } from "./router.ts";

/**
 * The React SPA, built by Vite and served at `/` on the router. `errorPage` stays unset: for a
 * single-page app SST then answers unknown paths with index.html, so deep links render client-side.
 * Keys the browser needs (PayPal client id, Maps key) come from the API, not from build-time env.
 */
export const web = new sst.aws.StaticSite("Web", {
  path: "packages/web",
  build: { command: "npm run build", output: "dist" },
  router: { instance: router },
});
