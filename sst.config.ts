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
    // The home region (stacks/region.ts's HOME_REGION, written out: no imports here). Every stage
    // lives there, whatever the shell says: a shell set to another region is refused rather than
    // building a second, empty copy of a stage there (README, "Deploying a stage").
    const region = "us-east-1";
    const shell = process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION;
    if (shell && shell !== region) {
      throw new Error(
        `This shop lives in ${region}, but this shell's AWS_REGION/AWS_DEFAULT_REGION is ${shell}: ` +
          `a deploy from here would not reach stage ${input?.stage ?? "<stage>"}'s resources. ` +
          `Run it with AWS_REGION=${region} (or unset it); moving the shop is docs/operations.md's, not a deploy's.`,
      );
    }
    return {
      name: "fruit-shop",
      home: "aws",
      providers: { aws: { region } },
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
    const { sweeper } = await import("./stacks/sweeper.ts");
    await import("./stacks/alarms.ts");
    await import("./stacks/images.ts");
    const { mailStatus, mailDnsRecords, mailOutputs } = await import("./stacks/email.ts");
    return {
      url: router.url,
      // The CDN's id, to drop cached copies of deleted images (README: the uploaded-images migration).
      distribution: router.distributionID,
      // The router's `/api` (the API as shoppers reach it).
      api: api.url,
      // The API function's name: its raw function URL, which answers 403 (README, "Smoke checks"), is
      // `aws lambda get-function-url-config --function-name <apiFunction> --query FunctionUrl`.
      apiFunction: api.name,
      site: web.url,
      // The page function's own URL (it answers only requests that came through the router).
      pages: pages.url,
      // The page function's and the sweep's names: their log groups are /aws/lambda/<name> (README, Alarms).
      pagesFunction: pages.name,
      sweeperFunction: $util.output(sweeper.nodes.function).apply((fn) => fn.name),
      table: table.name,
      // The stats dead-letter queue's URL (README, Alarms: what to do when it holds a message).
      deadLetter: statsDeadLetter.url,
      // Whether the stage sends order mails (stacks/email.ts: "off" without a MailSender).
      mail: mailStatus,
      // The DNS records an operator adds by hand for a domain MailSender whose DNS is not in this
      // account's Route 53 (`MailDns manual`), or "" (README, "Order mails").
      mailDns: mailDnsRecords,
      // The mail dead-letter queues' URLs and the feedback handler's name, for the runbooks
      // (docs/operations.md); "" without a MailSender.
      ...mailOutputs,
    };
  },
});
