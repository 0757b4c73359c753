import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { db, tableName } from "../db/client.ts";
import { storageError } from "../db/errors.ts";
import { AppError } from "../errors.ts";
import { verifyToken } from "./token.ts";
import { userKeys } from "./user.keys.ts";

/** Who is calling: read from the table on every request, so a demotion or deletion applies at once. */
export interface Caller {
  _id: string;
  name: string;
  email: string;
  isAdmin: boolean;
}

/** Resolves a bearer token to the current user; 401 when the token is bad or the user is gone. */
export async function callerFromToken(token: string): Promise<Caller> {
  const userId = await verifyToken(token);
  let item: Record<string, unknown> | undefined;
  try {
    ({ Item: item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: userKeys.item(userId) }),
    ));
  } catch (error) {
    throw storageError(error);
  }
  if (!item) throw new AppError("unauthenticated", "Invalid Token");
  return {
    _id: item.id as string,
    name: item.name as string,
    email: item.email as string,
    isAdmin: item.isAdmin === true,
  };
}

/** 403 unless the caller is an administrator (per the table, not the token). */
export function assertAdmin(caller: Caller): void {
  if (!caller.isAdmin) throw new AppError("forbidden", "Invalid Admin Token");
}
