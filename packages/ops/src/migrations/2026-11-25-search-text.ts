import { queryAll } from "@fruit/core/internal/db/query";
import {
  ProductRecordSchema,
  productKind,
  productPatterns,
  productSearchText,
} from "@fruit/core/internal/products/product.records";
import {
  UserRecordSchema,
  userKind,
  userPatterns,
  userSearchText,
} from "@fruit/core/internal/users/user.records";
import * as v from "valibot";
import { updateIfStill } from "./migration.ts";

/**
 * The catalogue's name search and the admin's user search filter on a lowercased `search`
 * attribute (docs/decisions/026-bounded-lists.md). Products and users stored before it have none:
 * each gets it from its name (and a user's e-mail), conditioned on those being what was read. Reads
 * the catalogue (pattern 1) and the users (pattern 12) once.
 */
export const id = "2026-11-25-search-text";
export const description = "products and users stored before list searches get their lowercased search text";

const ProductName = v.pick(ProductRecordSchema, ["id", "name"]);
const UserName = v.pick(UserRecordSchema, ["id", "name", "email"]);
const WITHOUT_SEARCH = {
  FilterExpression: "attribute_not_exists(#search)",
  ExpressionAttributeNames: { "#search": "search" },
};

/** Gives every product and user without search text theirs; answers how many it changed. */
export async function run(): Promise<number> {
  let changed = 0;
  for (const item of await queryAll({ ...productPatterns.all(), ...WITHOUT_SEARCH })) {
    const product = productKind.decodePart(ProductName, item);
    const update = productKind.update(productKind.key(product.id), {
      UpdateExpression: "SET #search = :search",
      ConditionExpression: "#name = :name",
      ExpressionAttributeNames: { "#search": "search", "#name": "name" },
      ExpressionAttributeValues: { ":search": productSearchText(product), ":name": product.name },
    });
    if (await updateIfStill(update)) changed += 1;
  }
  for (const item of await queryAll({ ...userPatterns.all(), ...WITHOUT_SEARCH })) {
    const user = userKind.decodePart(UserName, item);
    const update = userKind.update(userKind.key(user.id), {
      UpdateExpression: "SET #search = :search",
      ConditionExpression: "#name = :name AND email = :email",
      ExpressionAttributeNames: { "#search": "search", "#name": "name" },
      ExpressionAttributeValues: {
        ":search": userSearchText(user),
        ":name": user.name,
        ":email": user.email,
      },
    });
    if (await updateIfStill(update)) changed += 1;
  }
  return changed;
}
