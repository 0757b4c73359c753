import {
  ACCEPTED_MESSAGE,
  ConfirmNewsletterSchema,
  ContactListQuerySchema,
  ContactSchema,
  LinkTokenSchema,
  NewsletterSchema,
} from "@fruit/core/browser/contact";
import { Hono } from "hono/quick";
import { clientIp } from "./client-ip.ts";
import { callerLocale } from "./locale.ts";
import { type AuthEnv, auth } from "./middleware/auth.ts";
import { pageAnswer } from "./paging.ts";
import type { Services } from "./services.ts";
import { jsonBody, parseWith } from "./validate.ts";

/**
 * /api/contact and /api/contact-messages — the contact form (anyone) and the admin's "Messages".
 * The form answers 202: stored, its mail goes out from the mail subscriber.
 */
export function contactRoutes(services: Pick<Services, "caller" | "contact">) {
  const { requireAdmin } = auth(services.caller);
  const { contact } = services;
  return new Hono<AuthEnv>()
    .post("/contact", async (c) => {
      await contact.sendContactMessage(await jsonBody(c, ContactSchema), { ip: await clientIp(c) });
      return c.json({ message: ACCEPTED_MESSAGE }, 202);
    })
    .get("/contact-messages", requireAdmin, async (c) =>
      pageAnswer(c, await contact.listContactMessages(parseWith(ContactListQuerySchema, c.req.query()))),
    );
}

/**
 * /api/newsletter — sign-up (anyone; 202 whatever the address, so nothing can be probed), the
 * confirmation and unsubscribe links' calls (the signed token alone decides), and the admin's list.
 */
export function newsletterRoutes(services: Pick<Services, "caller" | "contact">) {
  const { requireAdmin } = auth(services.caller);
  const { contact } = services;
  return new Hono<AuthEnv>()
    .post("/", async (c) => {
      const input = await jsonBody(c, NewsletterSchema);
      await contact.signUpNewsletter(input, { ip: await clientIp(c) }, callerLocale(c, input.locale));
      return c.json({ message: ACCEPTED_MESSAGE }, 202);
    })
    .post("/confirm", async (c) => {
      const input = await jsonBody(c, ConfirmNewsletterSchema);
      return c.json(await contact.confirmNewsletter(input.token, callerLocale(c, input.locale)));
    })
    .post("/unsubscribe", async (c) =>
      c.json(await contact.unsubscribeNewsletter((await jsonBody(c, LinkTokenSchema)).token)),
    )
    .get("/subscribers", requireAdmin, async (c) =>
      pageAnswer(
        c,
        await contact.listNewsletterSubscribers(parseWith(ContactListQuerySchema, c.req.query())),
      ),
    );
}
