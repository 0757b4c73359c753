import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { PasswordSchema } from "@fruit/core/browser/users";
import { AppError } from "@fruit/core/errors";
import { parseWith } from "@fruit/functions/api/validate";

/**
 * The local runtime's settings: the only module of the local runtime that reads `process.env`.
 * Everything is validated here at start-up, so a wrong variable is one readable line, not a stack
 * trace from deep inside a service.
 */
export interface LocalConfig {
  /** `npm run dev`: Vite dev server with HMR instead of the built SPA. */
  dev: boolean;
  /** Address the shop listens on (loopback by default: the seeded accounts have known passwords). */
  host: string;
  port: number;
  /** Absolute; DynamoDB Local, the bucket, the JWT secret and the stream checkpoints live here. */
  dataDir: string;
  /** Undefined: pick a free port, so a shop, the tests and a second shop never collide. */
  dynamoPort: number | undefined;
  s3Port: number | undefined;
  /** The SES emulator's port (`SES_PORT`); undefined: a free one. */
  sesPort: number | undefined;
  accounts: {
    admin: { name: string; email: string; password: string };
    customer: { name: string; email: string; password: string };
  };
  /** Repository layout, resolved from this file so `npm start` works from any working directory. */
  paths: { repoRoot: string; webDir: string; webDist: string };
  /**
   * The shop's public URL (`SHOP_URL`): canonical links, Open Graph URLs, the sitemap and the mails'
   * links name it; undefined: the address the shop prints (docs/decisions/034-page-heads.md).
   */
  shopUrl: string | undefined;
  /** The environment handed to core's `loadConfig` (table, bucket, endpoints are added at start). */
  apiEnv: Record<string, string>;
}

export class LocalConfigError extends Error {
  override name = "LocalConfigError";
}

type Env = Record<string, string | undefined>;

/** Names of the table and bucket on one machine; the cloud gets its own from SST links. */
export const LOCAL_TABLE_NAME = "fruit-shop";
export const LOCAL_BUCKET_NAME = "fruit-shop-images";

const repoRoot = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../..");

function parsePort(name: string, value: string | undefined, problems: string[]): number | undefined {
  if (value === undefined || value === "") return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    problems.push(`${name} must be a port number between 1 and 65535 (got "${value}")`);
    return undefined;
  }
  return port;
}

/**
 * The data directory `DATA_DIR` names (relative to the working directory), or the repository's
 * git-ignored `.data` wherever the command was started from.
 */
export function dataDirOf(env: Env = process.env): string {
  return env.DATA_DIR ? resolve(process.cwd(), env.DATA_DIR) : join(repoRoot, ".data");
}

/** The API's own message for a value its schema refuses (the seeded admin must be able to sign in). */
function apiRuleProblem(schema: Parameters<typeof parseWith>[0], value: string): string | undefined {
  try {
    parseWith(schema, value);
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/**
 * Reads the JWT secret stored under the data directory, creating it on first start, so sessions
 * survive a restart without anyone having to choose a secret.
 */
function storedJwtSecret(dataDir: string): string {
  const file = join(dataDir, "jwt-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return stored;
  }
  const secret = randomBytes(32).toString("hex");
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/**
 * Validates the environment and command line of `npm start` / `npm run dev`.
 * Throws a LocalConfigError listing every problem on one line.
 *
 * @example
 * const config = loadLocalConfig(process.env, process.argv.slice(2));
 */
export function loadLocalConfig(env: Env = process.env, argv: readonly string[] = []): LocalConfig {
  const problems: string[] = [];
  const port = parsePort("PORT", env.PORT, problems) ?? 3000;
  const dynamoPort = parsePort("DYNAMODB_PORT", env.DYNAMODB_PORT, problems);
  const s3Port = parsePort("S3_PORT", env.S3_PORT, problems);
  const sesPort = parsePort("SES_PORT", env.SES_PORT, problems);
  const dataDir = dataDirOf(env);

  const admin = {
    name: "Admin",
    email: (env.ADMIN_EMAIL || "admin@example.com").toLowerCase(),
    password: env.ADMIN_PASSWORD || "admin1234",
  };
  const customer = { name: "Customer", email: "user@example.com", password: "user1234" };
  if (!looksLikeEmail(admin.email)) problems.push(`ADMIN_EMAIL is not an email address ("${admin.email}")`);
  const passwordIssue = apiRuleProblem(PasswordSchema, admin.password);
  if (passwordIssue) problems.push(`ADMIN_PASSWORD: ${passwordIssue}`);
  if (admin.email === customer.email)
    problems.push(`ADMIN_EMAIL must differ from the customer's ${customer.email}`);

  const payments = env.PAYMENTS || "test";
  if (payments !== "test" && payments !== "paypal")
    problems.push(`PAYMENTS must be "test" or "paypal" (got "${payments}")`);
  if (payments === "paypal" && (!env.PAYPAL_CLIENT_ID || !env.PAYPAL_CLIENT_SECRET)) {
    problems.push("PAYMENTS=paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET");
  }
  if (env.JWT_SECRET !== undefined && env.JWT_SECRET !== "" && env.JWT_SECRET.length < 32) {
    problems.push("JWT_SECRET must be at least 32 characters (or leave it unset to use a generated one)");
  }
  // The local shop is not meant for search engines unless asked (docs/decisions/034-page-heads.md).
  if (env.SHOP_URL && !/^https?:\/\/[^/?#]+\/?$/.test(env.SHOP_URL))
    problems.push(`SHOP_URL must be an origin such as https://shop.example.com (got "${env.SHOP_URL}")`);
  if (env.SEARCH_INDEXING && env.SEARCH_INDEXING !== "on" && env.SEARCH_INDEXING !== "off")
    problems.push(`SEARCH_INDEXING must be "on" or "off" (got "${env.SEARCH_INDEXING}")`);
  if (problems.length > 0) throw new LocalConfigError(`Invalid local configuration: ${problems.join("; ")}`);

  const optional = (name: string) => (env[name] ? { [name]: env[name] as string } : {});
  const webDir = join(repoRoot, "packages/web");
  return {
    dev: argv.includes("--dev"),
    host: env.HOST || "127.0.0.1",
    port,
    dataDir,
    dynamoPort,
    s3Port,
    sesPort,
    accounts: { admin, customer },
    paths: { repoRoot, webDir, webDist: join(webDir, "dist") },
    shopUrl: env.SHOP_URL ? env.SHOP_URL.replace(/\/+$/, "") : undefined,
    apiEnv: {
      SST_STAGE: "local",
      AWS_REGION: "us-east-1",
      TABLE_NAME: LOCAL_TABLE_NAME,
      BUCKET_NAME: LOCAL_BUCKET_NAME,
      IMAGE_BASE_URL: "/images",
      PAYMENTS: payments,
      JWT_SECRET: env.JWT_SECRET || storedJwtSecret(dataDir),
      ...optional("PAYPAL_CLIENT_ID"),
      ...optional("PAYPAL_CLIENT_SECRET"),
      ...optional("PAYPAL_API_BASE"),
      // README, "PayPal webhooks": locally the variable plays the stage's PaypalWebhookId secret.
      ...optional("PAYPAL_WEBHOOK_ID"),
      ...optional("GOOGLE_MAPS_KEY"),
      ...optional("UNPAID_ORDER_MINUTES"),
      ...optional("SEARCH_INDEXING"),
      // Order mails go to the local SES emulator (its endpoint and SHOP_URL are added at start).
      MAIL_FROM: env.MAIL_FROM || "Fruit Shop <orders@fruit-shop.example>",
      // Contact messages and low-stock mails go to the seeded administrator unless ADMIN_MAIL says
      // otherwise; the low-stock default and SES's send rate pass through (docs/decisions/039-restock-alerts.md).
      ADMIN_MAIL: env.ADMIN_MAIL || admin.email,
      ...optional("LOW_STOCK_DEFAULT"),
      ...optional("MAIL_SEND_RATE"),
    },
  };
}
