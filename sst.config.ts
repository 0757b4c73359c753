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
    // Links first: they decide what linking the table or the bucket grants (nothing but the name).
    await import("./stacks/links.ts");
    await import("./stacks/secrets.ts");
    const { table, statsDeadLetter } = await import("./stacks/storage.ts");
    const { router } = await import("./stacks/router.ts");
    const { api } = await import("./stacks/api.ts");
    const { web } = await import("./stacks/web.ts");
    const { pages } = await import("./stacks/pages.ts");
    await import("./stacks/sweeper.ts");
    await import("./stacks/alarms.ts");
    await import("./stacks/images.ts");
    const { mailStatus } = await import("./stacks/email.ts");
    return {
      url: router.url,
      // The CDN's id, to drop cached copies of deleted images (README: the uploaded-images migration).
      distribution: router.distributionID,
      api: api.url,
      site: web.url,
      // The page function's own URL (it answers only requests that came through the router).
      pages: pages.url,
      table: table.name,
      // The stats dead-letter queue's URL (README, Alarms: what to do when it holds a message).
      deadLetter: statsDeadLetter.url,
      // Whether the stage sends order mails (stacks/email.ts: "off" without a MailSender).
      mail: mailStatus,
    };
  },
});
