/**
 * `npm run stage:init [-- --demo]` — makes a fresh stage usable; running it again changes nothing.
 *
 * - Against a deployed stage, with its links and your AWS credentials:
 *     ADMIN_EMAIL=owner@example.com npx sst shell --stage <name> -- npm run stage:init
 *   The administrator's password comes from ADMIN_PASSWORD or is typed at a hidden prompt; without
 *   a terminal and without ADMIN_PASSWORD the command stops (there is no default password).
 * - Run plainly: the local runtime of `DATA_DIR` (the running `npm start`, or its emulators started
 *   for the command, packages/local/src/attach.ts); ADMIN_EMAIL / ADMIN_PASSWORD default to the
 *   local shop's admin.
 *
 * Steps (packages/ops/src/stage-init.ts): the storefront's fixed images into the bucket, the first
 * administrator created or promoted, and with `--demo` the demo catalogue when the table has none.
 */

import { hasStageLinks, withOperatorTarget } from "@fruit/local/attach";
import { loadLocalConfig } from "@fruit/local/local-config";
import { read } from "read";
import { operatorErrorLine } from "../errors.ts";
import {
  adminEmail,
  adminPasswordSource,
  describeStageInit,
  initStage,
  parseStageInitArgs,
  StageInitError,
} from "../stage-init.ts";

async function hiddenPrompt(question: string): Promise<string> {
  try {
    const answer = String(await read({ prompt: question, silent: true, replace: "" }));
    process.stdout.write("\n"); // the hidden answer leaves the cursor on the prompt's line
    return answer;
  } catch (error) {
    // Ctrl-C at the prompt
    if ((error as Error).message === "canceled") throw new StageInitError("cancelled at the password prompt");
    throw error;
  }
}

async function main(): Promise<void> {
  const env = process.env;
  const { demo } = parseStageInitArgs(process.argv.slice(2));
  const local = !hasStageLinks(env);
  // Settings are checked before anything starts or changes.
  const localAccounts = local ? loadLocalConfig(env).accounts : undefined;
  const admin = {
    name: localAccounts?.admin.name ?? "Admin",
    email: adminEmail(env.ADMIN_EMAIL || localAccounts?.admin.email),
    password: adminPasswordSource({
      // The local runtime alone has a default (its shop's admin, printed by `npm start`).
      given: env.ADMIN_PASSWORD || localAccounts?.admin.password,
      prompt: process.stdin.isTTY ? hiddenPrompt : undefined,
    }),
  };

  await withOperatorTarget(async ({ config }) => {
    const where = local ? "the local runtime" : `stage ${config.stage}`;
    console.log(`Initialising ${where} (table ${config.tableName}, bucket ${config.bucketName})...`);
    const report = await initStage({
      admin,
      demo,
      ...(localAccounts ? { demoCustomer: localAccounts.customer } : {}),
    });
    console.log(describeStageInit(report).join("\n"));
  }, env);
}

try {
  await main();
} catch (error) {
  const line = operatorErrorLine(error);
  console.error(line ? `stage:init: ${line}` : error);
  process.exitCode = 1;
}
