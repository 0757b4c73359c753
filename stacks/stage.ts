import { PRODUCTION_STAGE } from "../packages/core/src/stage.ts";

/**
 * Whether this deploy is the real shop. Only `production` is: it keeps its data (`retain`, `protect`,
 * table deletion protection, and its table and bucket protected from replacement — `keepOnProduction`)
 * and takes live PayPal payments only. Every other stage — `prod`, `staging`, a developer's name — is
 * disposable and takes PayPal sandbox payments unless its `Payments` secret says otherwise
 * (stacks/secrets.ts).
 */
export const isProduction = $app.stage === PRODUCTION_STAGE;

/**
 * A stage setting the stacks need while they are built (not at run time), kept with
 * `npx sst secret set <Name> <value> --stage <stage>`. The SST CLI hands the deploy every secret of the
 * stage as `SST_SECRET_<Name>` — the variable SST's own `sst.Secret` reads its value from
 * (.sst/platform/src/components/secret.ts) — so the setting persists like any secret: a later deploy
 * typed without it keeps it, and only `npx sst secret remove <Name>` takes it away. Unset or empty:
 * undefined.
 */
export function stageSetting(name: string): string | undefined {
  const value = process.env[`SST_SECRET_${name}`]?.trim();
  return value ? value : undefined;
}

/**
 * Whether search engines may index this stage (docs/decisions/034-page-heads.md): the stage's
 * `SearchIndexing` setting (`npx sst secret set SearchIndexing on|off --stage <stage>`), by default
 * on for production only. Off: robots.txt disallows everything, every answer carries
 * `X-Robots-Tag: noindex` (stacks/router.ts) and every page a noindex meta tag (stacks/pages.ts);
 * link previews keep working.
 */
export function searchIndexing(): boolean {
  const setting = stageSetting("SearchIndexing");
  if (setting !== undefined && setting !== "on" && setting !== "off")
    throw new Error(`The SearchIndexing setting must be "on" or "off" (got "${setting}")`);
  return setting === undefined ? isProduction : setting === "on";
}

/**
 * A `transform` for the resources that hold production's data (the table, the image bucket): on
 * `production` Pulumi refuses to delete them — in a deploy that would replace them as well as in
 * `sst remove` — (`protect`), and would leave them in the account if they ever left the program
 * (`retainOnDelete`). App-level `protect: true` only guards `sst remove` (.sst/platform/src/config.ts),
 * so this is what makes a deploy unable to strip production. Other stages stay disposable.
 * Changing a protected resource in place still works; a change that needs a replacement fails the
 * deploy with Pulumi naming the resource (README, "What `production` protects").
 */
export function keepOnProduction(
  _args: unknown,
  opts: { protect?: unknown; retainOnDelete?: unknown },
): undefined {
  if (!isProduction) return undefined;
  opts.protect = true;
  opts.retainOnDelete = true;
  return undefined;
}
