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
 * `/profile` is registered before `/:id`.
 */
export function userRoutes(services: Pick<Services, "caller" | "users">) {
  const { requireUser, requireAdmin } = auth(services.caller);
  const { users } = services;
  return new Hono<AuthEnv>()
    .post("/signup", async (c) => c.json(await users.signUp(await jsonBody(c, SignUpSchema)), 201))
    .post("/signin", async (c) => c.json(await users.signIn(await jsonBody(c, SignInSchema))))
    .put("/profile", requireUser, async (c) =>
      c.json(await users.updateProfile(c.var.caller, await jsonBody(c, ProfileSchema))),
    )
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
