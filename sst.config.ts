/// <reference path="./.sst/platform/config.d.ts" />

/**
 * The cloud shape of the shop (docs/architecture.md, 'The cloud'): one API function behind a CloudFront router,
 * one table with a stream subscriber, one image bucket, the SPA, and its secrets per stage.
 *
 * Deploy with `npx sst deploy --stage <name>` (README, "Deploying a stage"). `npm run typecheck`
 * checks this file and `stacks/` against SST's own types (scripts/typecheck-infra.sh writes
 * `.sst/platform` when missing); tests/infra evaluates them per stage with a recording stand-in.
 */
export default $config({
  app(input) {
    // The real shop (core's PRODUCTION_STAGE; top-level imports are not allowed here) keeps its data
    // and refuses `sst remove`; every other stage is disposable (docs/decisions/010).
    const production = input?.stage === "production";
    return {
      name: "fruit-shop",
      home: "aws",
      removal: production ? "retain" : "remove",
      protect: production,
    };
  },
  async run() {
    // Resources are created only here, in dependency order; each stack module builds its part on import.
    await import("./stacks/secrets.ts");
    const { table } = await import("./stacks/storage.ts");
    const { router } = await import("./stacks/router.ts");
    const { api } = await import("./stacks/api.ts");
    const { web } = await import("./stacks/web.ts");
    await import("./stacks/sweeper.ts");
    const { mailStatus } = await import("./stacks/email.ts");
    return { url: router.url, api: api.url, site: web.url, table: table.name, mail: mailStatus };
  },
});
