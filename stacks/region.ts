/**
 * The AWS region every stage of the shop lives in. `sst.config.ts` pins its AWS provider to it (it
 * cannot import this module, so it writes the same name; tests/infra/infra.test.ts checks they
 * agree), so a shell whose `AWS_REGION` names another region deploys nothing elsewhere: the deploy
 * stops with a message instead (sst.config.ts). us-east-1 because CloudFront publishes its metrics
 * there only (the `CloudFront5xxAlarm`, stacks/alarms.ts) and its certificates live there.
 */
export const HOME_REGION = "us-east-1";
