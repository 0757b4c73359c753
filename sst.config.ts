/// <reference path="./.sst/platform/config.d.ts" />

/**
 * The cloud shape of the shop (docs: architecture §1): one API function behind a CloudFront router,
 * one table with a stream subscriber, one image bucket, the SPA, and four secrets per stage.
 *
 * Deploy with `npx sst deploy --stage <name>`. This file and `stacks/` are kept out of the root
 * type-check (the `.sst/platform` types exist only after `sst install`); tests/infra evaluates them
 * with a recording stand-in for the `sst` global instead.
 */
export default $config({
  app(input) {
    // Production keeps its data and refuses `sst remove`; every other stage is disposable.
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
    return { url: router.url, api: api.url, site: web.url, table: table.name };
  },
});
