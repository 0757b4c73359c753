import { SavedAddressInputSchema } from "@fruit/core/browser/addresses";
import {
  AdminUserUpdateSchema,
  ProfileSchema,
  SignInSchema,
  SignUpSchema,
  UserListQuerySchema,
} from "@fruit/core/browser/users";
import { Hono } from "hono/quick";
import { type AuthEnv, auth } from "./middleware/auth.ts";
import { pageAnswer } from "./paging.ts";
import type { Services } from "./services.ts";
import { jsonBody, parseWith } from "./validate.ts";

/**
 * /api/users — accounts (signup, signin, own profile) and the admin user screens.
 * `/profile` and `/addresses` are registered before `/:id`. The saved addresses are always the
 * caller's own: core's verbs take the caller and read only their partition.
 */
export function userRoutes(services: Pick<Services, "caller" | "users" | "addresses">) {
  const { requireUser, requireAdmin } = auth(services.caller);
  const { users, addresses } = services;
  return new Hono<AuthEnv>()
    .post("/signup", async (c) => c.json(await users.signUp(await jsonBody(c, SignUpSchema)), 201))
    .post("/signin", async (c) => c.json(await users.signIn(await jsonBody(c, SignInSchema))))
    .put("/profile", requireUser, async (c) =>
      c.json(await users.updateProfile(c.var.caller, await jsonBody(c, ProfileSchema))),
    )
    .get("/addresses", requireUser, async (c) => c.json(await addresses.listAddresses(c.var.caller)))
    .post("/addresses", requireUser, async (c) =>
      c.json(await addresses.addAddress(c.var.caller, await jsonBody(c, SavedAddressInputSchema)), 201),
    )
    .put("/addresses/:id", requireUser, async (c) =>
      c.json(
        await addresses.updateAddress(
          c.var.caller,
          c.req.param("id"),
          await jsonBody(c, SavedAddressInputSchema),
        ),
      ),
    )
    .delete("/addresses/:id", requireUser, async (c) => {
      await addresses.removeAddress(c.var.caller, c.req.param("id"));
      return c.json({ message: "Address Deleted" });
    })
    .get("/", requireAdmin, async (c) =>
      pageAnswer(c, await users.list(parseWith(UserListQuerySchema, c.req.query()))),
    )
    .get("/:id", requireAdmin, async (c) => c.json(await users.fromId(c.req.param("id"))))
    .put("/:id", requireAdmin, async (c) =>
      c.json(await users.update(c.var.caller, c.req.param("id"), await jsonBody(c, AdminUserUpdateSchema))),
    )
    .delete("/:id", requireAdmin, async (c) => {
      await users.remove(c.var.caller, c.req.param("id"));
      return c.json({ message: "User Deleted" });
    });
}
