/**
 * `npm run mail:pace` — checks a deployed stage's `MailSendRate` against its account's SES sending
 * rate (packages/ops/src/mail-pace.ts; README, "Smoke checks after a deploy"):
 *
 *     npx sst shell --stage <name> -- npm run mail:pace
 *
 * The stage's rate comes from its `MailPace` link (stacks/email.ts), the account's from SES's
 * `GetAccount` in the stage's region, with your credentials (`ses:GetAccount`). Exits 1 when the pace
 * does not fit or SES has paused the account. The local runtime's SES emulator has no rate to check.
 */
import { GetAccountCommand, SESv2Client } from "@aws-sdk/client-sesv2";
import { hasStageLinks, withOperatorTarget } from "@fruit/local/attach";
import { operatorErrorLine } from "../errors.ts";
import { judgeMailPace, sesAccountOf } from "../mail-pace.ts";

try {
  if (!hasStageLinks())
    throw new Error(
      "checks a deployed stage against its SES account: npx sst shell --stage <stage> -- npm run mail:pace",
    );
  await withOperatorTarget(async ({ config }) => {
    const ses = new SESv2Client({ region: config.region });
    const account = sesAccountOf(await ses.send(new GetAccountCommand({})));
    const verdict = judgeMailPace(config.mail.sendRate, account);
    console.log(`Stage ${config.stage}, SES in ${config.region}:`);
    for (const line of verdict.lines) console.log(`  ${line}`);
    if (!verdict.ok) process.exitCode = 1;
  });
} catch (error) {
  const line = operatorErrorLine(error);
  console.error(`mail:pace: ${line ?? (error instanceof Error ? error.message : String(error))}`);
  process.exitCode = 1;
}
