import { Resource } from "sst";

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
  /** S3 emulator endpoint; unset in the cloud. */
  s3Endpoint: string | undefined;
  /**
   * The local object store's per-run key pair (`S3_ACCESS_KEY_ID` / `S3_SECRET_ACCESS_KEY`), set
   * with `s3Endpoint`; unset in the cloud, where the Lambda role's credentials sign.
   */
  s3Credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Public URL prefix of stored images; `/images` on the router and in the local runtime. */
  imageBaseUrl: string;
  jwtSecret: string;
  payments: "test" | "paypal";
  paypal: { clientId: string; clientSecret: string; apiBase: string };
  googleMapsKey: string;
}

type Env = Record<string, string | undefined>;

const PAYPAL_SANDBOX = "https://api-m.sandbox.paypal.com";
const PAYPAL_LIVE = "https://api-m.paypal.com";

/** Reads a linked SST resource's property, or undefined when the resource is not linked. */
function linked(resource: string, property: string): string | undefined {
  try {
    const value = (Resource as unknown as Record<string, Record<string, unknown> | undefined>)[resource]?.[
      property
    ];
    return typeof value === "string" && value !== "" ? value : undefined;
  } catch {
    return undefined;
  }
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Builds and validates the configuration from an environment; throws a readable ConfigError. */
export function loadConfig(env: Env = process.env): Config {
  const stage = env.SST_STAGE ?? linked("App", "stage") ?? "local";
  const production = stage === "production";
  const payments = (env.PAYMENTS ?? (production ? "paypal" : "test")) as Config["payments"];
  const problems: string[] = [];

  if (payments !== "test" && payments !== "paypal") problems.push(`PAYMENTS must be "test" or "paypal"`);
  if (payments === "test" && production) problems.push("PAYMENTS=test is refused on the production stage");

  const config: Config = {
    stage,
    region: env.AWS_REGION ?? "us-east-1",
    tableName: env.TABLE_NAME ?? linked("Table", "name") ?? "",
    bucketName: env.BUCKET_NAME ?? linked("Images", "name") ?? "",
    dynamoEndpoint: env.DYNAMODB_ENDPOINT || undefined,
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
      apiBase: env.PAYPAL_API_BASE ?? (production ? PAYPAL_LIVE : PAYPAL_SANDBOX),
    },
    googleMapsKey: env.GOOGLE_MAPS_KEY ?? linked("GoogleMapsKey", "value") ?? "",
  };

  if (config.tableName.length < 3) problems.push("the table name is missing (TABLE_NAME or the Table link)");
  if (config.s3Endpoint && !config.s3Credentials)
    problems.push(
      "S3_ENDPOINT needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (the local object store's key pair)",
    );
  if (config.jwtSecret.length < 32) problems.push("JWT_SECRET must be at least 32 characters");
  if (problems.length > 0) throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
  return config;
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
