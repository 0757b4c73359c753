/**
 * Keys of user items and the access patterns they serve (docs/data-model.md).
 *
 * - user by id:            pk USER#<id>, sk USER
 * - all users, newest:     gsi1 USERS / <id>
 * - user by email:         pk EMAIL#<lowercased email>, sk EMAIL → userId (also the uniqueness item)
 * - sign-in throttle:      pk SIGNIN#<lowercased email>, sk SIGNIN (TTL)
 */
export const userKeys = {
  item: (id: string) => ({ pk: `USER#${id}`, sk: "USER" }),
  listIndex: (id: string) => ({ gsi1pk: "USERS", gsi1sk: id }),
  email: (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: "EMAIL" }),
  signInThrottle: (email: string) => ({ pk: `SIGNIN#${email.toLowerCase()}`, sk: "SIGNIN" }),
  allPartition: "USERS",
};
