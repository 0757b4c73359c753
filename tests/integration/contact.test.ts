import { ScanCommand } from "@aws-sdk/lib-dynamodb";
import { CONTACT_RATE } from "@fruit/core/internal/contact/contact.schema";
import { db, tableName } from "@fruit/core/internal/db/client";
import { getItem } from "@fruit/core/internal/db/items";
import { signLink } from "@fruit/core/internal/mails/link-token";
import { mailStore } from "@fruit/core/internal/mails/mail.store";
import { noticeStore } from "@fruit/core/internal/mails/notice";
import { VIEWER_IP_HEADER } from "@fruit/functions/api/client-ip";
import { app } from "@fruit/functions/api/index";
import { mailStreamRecords } from "@fruit/functions/lambda/mail-stream";
import type { DynamoDBRecord } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, expectClientError } from "../support/api.ts";
import { type CpuHog, startCpuHog } from "../support/cpu-hog.ts";
import { createUser, type TestUser } from "../support/fixtures.ts";
import { countingSender, linkToken } from "../support/mail-senders.ts";
import { streamRecord } from "../support/stream-events.ts";
import { useFreshTable } from "../support/table.ts";

/**
 * The contact form and the newsletter (docs/decisions/039-restock-alerts.md): stored by the API,
 * mailed once by the mail subscriber (records built from the stored items), signed links, the
 * honeypot and the hourly limits per address and per client IP.
 */

const ADMINS = ["owner@shop.example.com", "helper@shop.example.com"];
let admin: TestUser;
let ipCounter = 0;

/** A request from its own client IP (the local runtime's socket address: api/client-ip.ts). */
async function fromIp(ip: string, path: string, body: unknown) {
  const res = await app.request(
    path,
    { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: ip } } },
  );
  return { status: res.status, body: (await res.json()) as { message: string } };
}
const freshIp = () => `10.0.${Math.floor(++ipCounter / 256)}.${ipCounter % 256}`;

/**
 * A request as the API function receives it behind the router: the router's viewer-IP header
 * (stacks/origin.ts), any headers the client added, and the function URL's TCP peer (CloudFront).
 */
async function viaRouter(
  viewerIp: string,
  path: string,
  body: unknown,
  clientHeaders: Record<string, string>,
) {
  const event = { requestContext: { http: { sourceIp: "130.176.9.1" } } };
  const res = await app.request(
    path,
    {
      method: "POST",
      headers: { ...clientHeaders, "Content-Type": "application/json", [VIEWER_IP_HEADER]: viewerIp },
      body: JSON.stringify(body),
    },
    { event },
  );
  return res.status;
}

/** The INSERT records of every stored item whose partition starts with `prefix`. */
async function insertsOf(prefix: string): Promise<DynamoDBRecord[]> {
  const { Items = [] } = await db().send(
    new ScanCommand({
      TableName: tableName(),
      FilterExpression: "begins_with(pk, :p)",
      ExpressionAttributeValues: { ":p": prefix },
      ConsistentRead: true,
    }),
  );
  return Items.map((item) => streamRecord("INSERT", { pk: item.pk, sk: item.sk }, undefined, item));
}

beforeAll(async () => {
  await useFreshTable("contact", { SHOP_URL: "https://shop.example.com", ADMIN_MAIL: ADMINS.join(",") });
  admin = await createUser({ isAdmin: true });
});

const message = (email: string) => ({
  name: "Ann <b>Bold</b>",
  email,
  phone: "+1 555 0100",
  subject: "Where are my <script>alert(1)</script> cherries?",
  message: "Hello,\n<img src=x onerror=alert(1)>\nThanks",
});

describe("contact form", () => {
  it("stores a message (202), lists it to admins, and mails each admin exactly once with Reply-To the sender", async () => {
    const sent = await fromIp(freshIp(), "/api/contact", message("ann@example.com"));
    expect(sent).toEqual({ status: 202, body: { message: expect.any(String) } });

    const list = await api("/api/contact-messages", { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      email: "ann@example.com",
      phone: "+1 555 0100",
      name: "Ann <b>Bold</b>",
    });

    const records = await insertsOf("CONTACT#");
    const sender = countingSender();
    // The record delivered twice (a redelivered batch): still one mail per admin.
    expect(await mailStreamRecords([...records, ...records], { send: sender.send })).toEqual({
      batchItemFailures: [],
    });
    expect(sender.sent.map((mail) => mail.to).sort()).toEqual([...ADMINS].sort());
    for (const mail of sender.sent) {
      expect(mail.replyTo).toBe("ann@example.com");
      expect(mail.html).not.toContain("<script>");
      expect(mail.html).not.toContain("<img src=x");
      expect(mail.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
      expect(mail.subject).not.toMatch(/[\r\n]/);
    }
  });

  it("a failed send is retried by the stream and then sent once; the others are not sent again", async () => {
    await fromIp(freshIp(), "/api/contact", message("bob@example.com"));
    const records = (await insertsOf("CONTACT#")).filter((r) =>
      JSON.stringify(r).includes("bob@example.com"),
    );
    const throttled = Object.assign(new Error("slow down"), {
      name: "TooManyRequestsException",
      $metadata: { httpStatusCode: 429 },
    });
    const first = countingSender((mail) => (mail.to === ADMINS[1] ? throttled : undefined));
    const answer = await mailStreamRecords(records, { send: first.send });
    expect(answer.batchItemFailures).toHaveLength(1);
    expect(first.sent.map((m) => m.to)).toEqual([ADMINS[0]]);
    const second = countingSender();
    expect((await mailStreamRecords(records, { send: second.send })).batchItemFailures).toEqual([]);
    expect(second.sent.map((m) => m.to)).toEqual([ADMINS[1]]);
  });

  it("refuses bad input with 400 { message } and stores nothing", async () => {
    const before = (await insertsOf("CONTACT#")).length;
    for (const body of [
      { ...message("c@example.com"), message: "x".repeat(5001) },
      { ...message("c@example.com"), email: "not an address" },
      { ...message("c@example.com"), subject: "" },
      { ...message("c@example.com"), phone: "<b>" },
      { ...message("c@example.com"), name: "n".repeat(101) },
    ]) {
      const res = await api("/api/contact", { method: "POST", body });
      expectClientError(res, 400);
    }
    expect((await insertsOf("CONTACT#")).length).toBe(before);
  });

  it("a filled honeypot is answered 202 and nothing is stored", async () => {
    const before = (await insertsOf("CONTACT#")).length;
    const res = await fromIp(freshIp(), "/api/contact", {
      ...message("bot@example.com"),
      website: "http://spam",
    });
    expect(res.status).toBe(202);
    expect((await insertsOf("CONTACT#")).length).toBe(before);
  });

  it("at most 5 messages per address an hour, then 429 with a message", async () => {
    for (let i = 0; i < 5; i += 1)
      expect((await fromIp(freshIp(), "/api/contact", message("eager@example.com"))).status).toBe(202);
    const refused = await fromIp(freshIp(), "/api/contact", message("eager@example.com"));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/at most 5 an hour/);
  });

  it("at most 5 messages per client IP an hour, whatever the addresses", async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1)
      expect((await fromIp(ip, "/api/contact", message(`many${i}@example.com`))).status).toBe(202);
    expect((await fromIp(ip, "/api/contact", message("many9@example.com"))).status).toBe(429);
    // Another client is not held up.
    expect((await fromIp(freshIp(), "/api/contact", message("other@example.com"))).status).toBe(202);
  });

  it("in the cloud the IP is the router's header: a client's own X-Forwarded-For or CloudFront-Viewer-Address changes nothing", async () => {
    const ip = "203.0.113.50";
    for (let i = 0; i < 5; i += 1) {
      const forged = {
        "X-Forwarded-For": `198.51.100.${i}`,
        "CloudFront-Viewer-Address": `198.51.100.${i}:443`,
      };
      expect(await viaRouter(ip, "/api/contact", message(`cloud${i}@example.com`), forged)).toBe(202);
    }
    const forged = { "X-Forwarded-For": "198.51.100.99", "CloudFront-Viewer-Address": "198.51.100.99:443" };
    expect(await viaRouter(ip, "/api/contact", message("cloud9@example.com"), forged)).toBe(429);
    // Another viewer behind the same CloudFront edge is not held up.
    expect(await viaRouter("203.0.113.51", "/api/contact", message("cloud10@example.com"), {})).toBe(202);
  });

  it("the limit holds under concurrent requests: 8 at once from one IP, 5 accepted", async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => fromIp(ip, "/api/contact", message(`burst${i}@example.com`))),
    );
    expect(answers.filter((a) => a.status === 202)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(3);
  });
});

describe("newsletter", () => {
  it("answers 202 alike for any address, mails one confirmation whose signed link confirms; unsubscribe removes", async () => {
    const email = "news@example.com";
    const first = await fromIp(freshIp(), "/api/newsletter", { email });
    const again = await fromIp(freshIp(), "/api/newsletter", { email: admin.email });
    expect(first).toEqual(again);
    expect(first.status).toBe(202);

    const records = (await insertsOf("NEWSLETTER_REQUEST#")).filter((r) => JSON.stringify(r).includes(email));
    const sender = countingSender();
    await mailStreamRecords([...records, ...records], { send: sender.send });
    expect(sender.sent).toHaveLength(1);
    const mail = sender.sent[0]!;
    expect(mail.to).toBe(email);
    expect(mail.unsubscribeUrl).toMatch(/^https:\/\/shop\.example\.com\/newsletter\/unsubscribe\?token=/);

    const confirmToken = linkToken(mail, "/newsletter/confirm");
    const unsubscribeToken = linkToken(mail, "/newsletter/unsubscribe");
    // Not before confirming.
    expect((await api("/api/newsletter/subscribers", { token: admin.token })).body).toEqual([]);

    // The unsubscribe token does not confirm; a tampered one is refused; a session token is no link.
    for (const token of [unsubscribeToken, `${confirmToken.slice(0, -2)}xx`, admin.token]) {
      expectClientError(await api("/api/newsletter/confirm", { method: "POST", body: { token } }), 400);
    }
    expect((await api("/api/newsletter/subscribers", { token: admin.token })).body).toEqual([]);

    const confirmed = await api("/api/newsletter/confirm", { method: "POST", body: { token: confirmToken } });
    expect(confirmed.body).toEqual({ email, subscribed: true });
    const list = await api("/api/newsletter/subscribers", { token: admin.token });
    expect(list.body.map((s: { email: string }) => s.email)).toEqual([email]);

    // The confirm token does not unsubscribe; the unsubscribe token does.
    expectClientError(
      await api("/api/newsletter/unsubscribe", { method: "POST", body: { token: confirmToken } }),
      400,
    );
    const gone = await api("/api/newsletter/unsubscribe", {
      method: "POST",
      body: { token: unsubscribeToken },
    });
    expect(gone.body).toEqual({ email, subscribed: false });
    expect((await api("/api/newsletter/subscribers", { token: admin.token })).body).toEqual([]);
  });

  it("an address that bounced is not mailed (suppressed, as order mails are)", async () => {
    await mailStore.suppress({
      email: "bounced@example.com",
      reason: "bounce",
      detail: "Permanent General",
      at: "x",
    });
    await fromIp(freshIp(), "/api/newsletter", { email: "bounced@example.com" });
    const records = (await insertsOf("NEWSLETTER_REQUEST#")).filter((r) =>
      JSON.stringify(r).includes("bounced@"),
    );
    const sender = countingSender();
    await mailStreamRecords(records, { send: sender.send });
    expect(sender.sent).toEqual([]);
    const id = String(records[0]?.dynamodb?.Keys?.pk?.S).slice("NEWSLETTER_REQUEST#".length);
    expect((await noticeStore.get(`newsletter#${id}`))?.status).toBe("suppressed");
  });

  it("a link signed with another secret is refused", async () => {
    const genuine = await signLink("newsletter-confirm", { subject: "x@example.com" });
    const [header, , signature] = genuine.split(".");
    const forgedPayload = Buffer.from(
      JSON.stringify({ purpose: "newsletter-confirm", sub: "y@example.com", exp: 9e9 }),
    ).toString("base64url");
    const forged = `${header}.${forgedPayload}.${signature}`;
    expectClientError(await api("/api/newsletter/confirm", { method: "POST", body: { token: forged } }), 400);
    expect(await getItem({ pk: "NEWSLETTER#y@example.com", sk: "SUBSCRIBER" })).toBeUndefined();
  });

  it("at most 5 sign-ups per address an hour; the honeypot stores nothing", async () => {
    for (let i = 0; i < 5; i += 1)
      expect((await fromIp(freshIp(), "/api/newsletter", { email: "loop@example.com" })).status).toBe(202);
    expect((await fromIp(freshIp(), "/api/newsletter", { email: "loop@example.com" })).status).toBe(429);
    const before = (await insertsOf("NEWSLETTER_REQUEST#")).length;
    expect(
      (await fromIp(freshIp(), "/api/newsletter", { email: "trap@example.com", website: "x" })).status,
    ).toBe(202);
    expect((await insertsOf("NEWSLETTER_REQUEST#")).length).toBe(before);
  });

  it("the admin lists are paged with a signed cursor", async () => {
    const page = await api("/api/contact-messages?limit=2", { token: admin.token });
    expect(page.body).toHaveLength(2);
    const next = /<([^>]+)>; rel="next"/.exec(page.headers.get("link") ?? "")?.[1];
    expect(next).toBeDefined();
    const second = await api(next as string, { token: admin.token });
    expect(second.status).toBe(200);
    expect(second.body[0]._id).not.toBe(page.body[1]._id);
    expectClientError(await api("/api/contact-messages?cursor=forged.cursor", { token: admin.token }), 400);
  });
});

describe("the hourly limits with a CPU hog beside them (db/window.ts, as the sign-in throttle)", () => {
  let hog: CpuHog | undefined;
  beforeAll(() => {
    hog = startCpuHog();
  });
  afterAll(async () => {
    await hog?.stop();
  });

  /** The statuses of 100 requests sent at once. */
  const atOnce = (send: (i: number) => Promise<{ status: number }>) =>
    Promise.all(Array.from({ length: 100 }, (_, i) => send(i))).then((answers) =>
      answers.map((answer) => answer.status),
    );

  it(`contact: 100 messages at once from one IP, ${CONTACT_RATE.max} accepted, and the one after refused`, async () => {
    const ip = freshIp();
    const statuses = await atOnce((i) => fromIp(ip, "/api/contact", message(`crowd${i}@example.com`)));
    expect(statuses.filter((status) => status === 202)).toHaveLength(CONTACT_RATE.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - CONTACT_RATE.max);
    expect((await fromIp(ip, "/api/contact", message("crowd-after@example.com"))).status).toBe(429);
  });

  it(`newsletter: 100 sign-ups at once for one address, ${CONTACT_RATE.max} accepted, and the one after refused`, async () => {
    const email = "crowd@example.com";
    const statuses = await atOnce(() => fromIp(freshIp(), "/api/newsletter", { email }));
    expect(statuses.filter((status) => status === 202)).toHaveLength(CONTACT_RATE.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - CONTACT_RATE.max);
    expect((await fromIp(freshIp(), "/api/newsletter", { email })).status).toBe(429);
  });
});
