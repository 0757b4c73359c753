import { Resource } from "sst";
import { isOneOf } from "./foreign.ts";
import { PRODUCTION_STAGE } from "./stage.ts";

/**
 * Everything the shop reads from its environment, read and validated once.
 *
 * In the cloud the values come from SST links (`Resource.Table.name`, `Resource.JwtSecret.value`, ...);
 * on one machine the local runtime provides the same links through `SST_RESOURCE_<Name>` variables,
 * plus the emulator endpoints. Nothing else in the code base reads `process.env`.
 */
export interface Config {
  stage: string;
  region: string;
  tableName: string;
  bucketName: string;
  /** DynamoDB Local endpoint; unset in the cloud. */
  dynamoEndpoint: string | undefined;
  /**
   * The environment's AWS keys (`AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY`, with `AWS_SESSION_TOKEN`
   * when set): in Lambda the role's keys with their session token, in `sst shell` the operator's.
   * Unset when the environment has none; DynamoDB's clients then sign with the AWS SDK's provider
   * chain (profiles, SSO, containers…), and with a local endpoint they sign with dummy keys instead
   * (db/connection.ts).
   */
  awsCredentials: AwsCredentials | undefined;
  /** S3 emulator endpoint; unset in the cloud. */
  s3Endpoint: string | undefined;
  /**
   * The local object store's per-run key pair (`S3_ACCESS_KEY_ID` / `S3_SECRET_ACCESS_KEY`), set
   * with `s3Endpoint`; unset in the cloud, where the Lambda role's credentials sign.
   */
  s3Credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Public URL prefix of stored images; `/images` on the router and in the local runtime. */
  imageBaseUrl: string;
  /**
   * Signs tokens and list cursors: `JWT_SECRET` or the `JwtSecret` link. Only the API reads it, so
   * only the API is linked to it (stacks/api.ts); elsewhere it is "" and `signingSecret()` refuses.
   * When set it must be at least 32 characters.
   */
  jwtSecret: string;
  payments: "test" | "paypal";
  paypal: { clientId: string; clientSecret: string; apiBase: string };
  /** The id PayPal gave this stage's webhook (verify-webhook-signature needs it); "" refuses every delivery. */
  paypalWebhookId: string;
  googleMapsKey: string;
  /**
   * How long an unpaid order holds its stock before the sweep cancels it: `UNPAID_ORDER_MINUTES` or the
   * stage's `UnpaidOrderMinutes` secret (stacks/secrets.ts), 60 by default.
   */
  unpaidOrderMinutes: number;
  /**
   * The header CloudFront's router adds to every request it forwards, and the values the API accepts
   * in it (the `OriginVerify` link, given to the API only: stacks/origin.ts): the stage's
   * `OriginSecret`, and during a rotation also `OriginSecretPrevious`
   * (docs/decisions/037-origin-secret.md). Set: the API Lambda answers 403 to a request without one
   * of them (one that reached the function URL directly). Unset locally; unset in the cloud, the API
   * answers 403 to everything (`inCloud`).
   */
  originVerify: { header: string; values: string[] } | undefined;
  /**
   * Whether this process is a Lambda function (`AWS_LAMBDA_FUNCTION_NAME`, which Lambda sets): there
   * a missing origin link fails closed (packages/functions/src/lambda/api.ts).
   */
  inCloud: boolean;
  /**
   * Order mails (packages/core/src/mails/): the sender (`MAIL_FROM`; unset, the stage sends none),
   * SES's configuration set (`MAIL_CONFIGURATION_SET`, whose events feed the suppression list), the
   * local SES emulator's endpoint (`SES_ENDPOINT`; unset in the cloud) and the shop's public URL the
   * mails link to (`SHOP_URL`). Set on the mail subscriber (stacks/email.ts) and by the local runtime.
   */
  mail: {
    from: string | undefined;
    configurationSet: string | undefined;
    sesEndpoint: string | undefined;
    shopUrl: string;
    /**
     * The administrators' addresses (`ADMIN_MAIL`, comma-separated): contact messages and low-stock
     * mails go there (docs/decisions/039-restock-alerts.md). Empty: those mails are not sent.
     */
    adminTo: string[];
    /**
     * SES's sending rate the restock fan-out keeps under, in mails a second: `MAIL_SEND_RATE`, or the
     * stage's `MailSendRate` setting through the `MailPace` link (stacks/email.ts); default 10.
     */
    sendRate: number;
  };
  /**
   * The low-stock threshold of a product without its own, in the product's unit (kg or pieces):
   * `LOW_STOCK_DEFAULT`, default 5 (docs/decisions/039-restock-alerts.md).
   */
  lowStockDefault: number;
  /**
   * The public site (docs/decisions/034-page-heads.md): `url` is the stage's public address, the
   * only origin canonical links, Open Graph URLs, the sitemap and robots.txt name (`SHOP_URL`: the
   * stage's domain in the cloud, the printed address locally; never a client's Host — a cloud stage
   * without a domain takes the CDN's forwarded host, packages/functions/src/pages/public-url.ts).
   * `indexing`: whether search engines may index the stage (`SEARCH_INDEXING` on/off; production is
   * on unless it says off, every other stage and the local shop off unless it says on).
   */
  site: {
    url: string;
    indexing: boolean;
    /**
     * The bucket the deployed SPA's files are in (`WEB_BUCKET`, set on the page function by
     * stacks/pages.ts): its `index.html` is the template of every page. Unset locally, where the
     * server reads `packages/web/dist/index.html`.
     */
    webBucket: string | undefined;
  };
}

/** A key pair that signs AWS requests, with the session token of temporary keys. */
export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

type Env = Record<string, string | undefined>;

const PAYPAL_SANDBOX = "https://api-m.sandbox.paypal.com";
const PAYPAL_LIVE = "https://api-m.paypal.com";

/** Reads a linked SST resource's property, or undefined when the resource is not linked. */
function linked(resource: string, property: string): string | undefined {
  try {
    const found: unknown = Reflect.get(Resource, resource);
    const value: unknown =
      typeof found === "object" && found !== null ? Reflect.get(found, property) : undefined;
    return typeof value === "string" && value !== "" ? value : undefined;
  } catch {
    return undefined;
  }
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * How payments are taken, per stage: the `PAYMENTS` variable (the local runtime sets it) or the
 * stage's `Payments` secret (stacks/secrets.ts).
 * - `sandbox` / `live`: PayPal's sandbox or live API;
 * - `paypal`: PayPal at `PAYPAL_API_BASE`, by default live on production and sandbox elsewhere;
 * - `test`: the in-process test provider, which takes no money; only when asked for, never on production.
 * Unset means PayPal (docs/decisions/010-payments-mode-per-stage.md).
 */
export const PAYMENT_MODES = ["paypal", "sandbox", "live", "test"] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** Builds and validates the configuration from an environment; throws a readable ConfigError. */
export function loadConfig(env: Env = process.env): Config {
  const stage = env.SST_STAGE ?? linked("App", "stage") ?? "local";
  const production = stage === PRODUCTION_STAGE;
  const mode: string = env.PAYMENTS || linked("Payments", "value") || "paypal";
  const payments: Config["payments"] = mode === "test" ? "test" : "paypal";
  const problems: string[] = [];

  if (!isOneOf(PAYMENT_MODES, mode)) problems.push(`PAYMENTS must be one of ${PAYMENT_MODES.join(", ")}`);
  if ((mode === "test" || mode === "sandbox") && production)
    problems.push(
      `payments mode "${mode}" (PAYMENTS or the Payments secret) is refused on the production stage: it takes real money only`,
    );
  const live = mode === "live" || (mode === "paypal" && production);

  const config: Config = {
    stage,
    region: env.AWS_REGION ?? "us-east-1",
    tableName: env.TABLE_NAME ?? linked("Table", "name") ?? "",
    bucketName: env.BUCKET_NAME ?? linked("Images", "name") ?? "",
    dynamoEndpoint: env.DYNAMODB_ENDPOINT || undefined,
    awsCredentials:
      env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
            ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
          }
        : undefined,
    s3Endpoint: env.S3_ENDPOINT || undefined,
    s3Credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    imageBaseUrl: env.IMAGE_BASE_URL ?? "/images",
    jwtSecret: env.JWT_SECRET ?? linked("JwtSecret", "value") ?? "",
    payments,
    paypal: {
      clientId: env.PAYPAL_CLIENT_ID ?? linked("PaypalClientId", "value") ?? "",
      clientSecret: env.PAYPAL_CLIENT_SECRET ?? linked("PaypalClientSecret", "value") ?? "",
      apiBase: env.PAYPAL_API_BASE ?? (live ? PAYPAL_LIVE : PAYPAL_SANDBOX),
    },
    paypalWebhookId: env.PAYPAL_WEBHOOK_ID ?? linked("PaypalWebhookId", "value") ?? "",
    googleMapsKey: env.GOOGLE_MAPS_KEY ?? linked("GoogleMapsKey", "value") ?? "",
    unpaidOrderMinutes: Number(env.UNPAID_ORDER_MINUTES || linked("UnpaidOrderMinutes", "value") || 60),
    originVerify: originVerifyOf(
      linked("OriginVerify", "header"),
      linked("OriginVerify", "value"),
      linked("OriginVerify", "previous"),
    ),
    inCloud: Boolean(env.AWS_LAMBDA_FUNCTION_NAME),
    mail: {
      from: env.MAIL_FROM || undefined,
      configurationSet: env.MAIL_CONFIGURATION_SET || undefined,
      sesEndpoint: env.SES_ENDPOINT || undefined,
      shopUrl: (env.SHOP_URL ?? "").replace(/\/+$/, ""),
      adminTo: (env.ADMIN_MAIL ?? "")
        .split(",")
        .map((address) => address.trim().toLowerCase())
        .filter((address) => address !== ""),
      sendRate: Number(env.MAIL_SEND_RATE || linked("MailPace", "rate") || 10),
    },
    lowStockDefault: Number(env.LOW_STOCK_DEFAULT || 5),
    site: {
      url: (env.SHOP_URL ?? "").replace(/\/+$/, ""),
      indexing: env.SEARCH_INDEXING ? env.SEARCH_INDEXING === "on" : production,
      webBucket: env.WEB_BUCKET || undefined,
    },
  };

  if (config.tableName.length < 3) problems.push("the table name is missing (TABLE_NAME or the Table link)");
  if (config.s3Endpoint && !config.s3Credentials)
    problems.push(
      "S3_ENDPOINT needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (the local object store's key pair)",
    );
  // Absent is allowed: the stream and the sweep sign nothing and are not linked to the secret.
  if (config.jwtSecret !== "" && config.jwtSecret.length < 32)
    problems.push("JWT_SECRET must be at least 32 characters");
  // Up to 30 days; decimals allowed (the local runtime and the tests hold orders for seconds).
  if (!(config.unpaidOrderMinutes > 0 && config.unpaidOrderMinutes <= 43_200))
    problems.push("UNPAID_ORDER_MINUTES must be a number of minutes above 0 and at most 43200");
  if (config.mail.from && !/^https?:\/\/[^/]+/.test(config.mail.shopUrl))
    problems.push("MAIL_FROM needs SHOP_URL, the shop's public URL the mails link to (http or https)");
  if (!(config.mail.sendRate > 0 && config.mail.sendRate <= 1000))
    problems.push("MAIL_SEND_RATE must be a number of mails a second above 0 and at most 1000");
  if (!(config.lowStockDefault >= 0 && config.lowStockDefault <= 100_000))
    problems.push("LOW_STOCK_DEFAULT must be a number from 0 to 100000 (in the product's unit)");
  if (env.SEARCH_INDEXING && !["on", "off"].includes(env.SEARCH_INDEXING))
    problems.push(`SEARCH_INDEXING must be "on" or "off" (got "${env.SEARCH_INDEXING}")`);
  if (config.site.url !== "" && !/^https?:\/\/[^/?#]+$/.test(config.site.url))
    problems.push("SHOP_URL must be the shop's origin, such as https://shop.example.com (no path)");
  if (problems.length > 0) throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
  return config;
}

function originVerifyOf(
  header: string | undefined,
  value: string | undefined,
  previous: string | undefined,
): Config["originVerify"] {
  return header && value
    ? { header: header.toLowerCase(), values: previous ? [value, previous] : [value] }
    : undefined;
}

/**
 * The secret that signs tokens and list cursors. Throws a ConfigError where there is none: a
 * function that is not linked to `JwtSecret` (the stream, the sweep) must never sign or verify.
 */
export function signingSecret(config: Config = getConfig()): string {
  if (config.jwtSecret.length < 32)
    throw new ConfigError(
      "Invalid configuration: JWT_SECRET (the JwtSecret link) is missing in this function",
    );
  return config.jwtSecret;
}

let current: Config | undefined;

/** The process-wide configuration, loaded from `process.env` on first use. */
export function getConfig(): Config {
  current ??= loadConfig();
  return current;
}

/** Replaces the configuration (the local runtime and tests call this before serving). */
export function setConfig(config: Config): void {
  current = config;
}
