import { exists } from "@fruit/core/internal/db/conditions";
import { queryAll } from "@fruit/core/internal/db/query";
import { UserRecordSchema, userKind, userPatterns } from "@fruit/core/internal/users/user.records";
import * as v from "valibot";
import { updateIfStill } from "./migration.ts";

/**
 * Users stored before token versions existed (docs/decisions/009-token-revocation.md) have no
 * `tokenVersion`; their tokens carry version 0. Each gets `tokenVersion: 0`, conditioned on it still
 * being absent, so every token it was issued keeps working and the next password change revokes them
 * like any other. Reads every user once (pattern 12).
 */
export const id = "2026-11-25-token-versions";
export const description =
  "users stored before token versions existed get tokenVersion 0, the version their tokens carry";

const OldUser = v.pick(UserRecordSchema, ["id"]);

/** Gives one user version 0; false when it was deleted or given a version meanwhile. */
const giveVersion = (userId: string): Promise<boolean> =>
  updateIfStill(
    userKind.update(userKind.key(userId), {
      UpdateExpression: "SET tokenVersion = :zero",
      ConditionExpression: `${exists()} AND attribute_not_exists(tokenVersion)`,
      ExpressionAttributeValues: { ":zero": 0 },
    }),
  );

/** Gives every user without a version version 0; answers how many it changed. */
export async function run(): Promise<number> {
  const unversioned = await queryAll({
    ...userPatterns.all(),
    FilterExpression: "attribute_not_exists(tokenVersion)",
  });
  let changed = 0;
  for (const item of unversioned) {
    if (await giveVersion(userKind.decodePart(OldUser, item).id)) changed += 1;
  }
  return changed;
}
