import type { marshallOptions } from "@aws-sdk/util-dynamodb";
import { type AwsCredentials, type Config, getConfig } from "../config.ts";

/**
 * What the storage layer's two DynamoDB clients share, so that neither writes it down again: the
 * read client (db/read-client.ts: Query and GetItem over DynamoDB's JSON protocol) and the AWS SDK's
 * document client (db/client.ts: every write, batch and transaction). Both take the region, the
 * endpoint, the keys that sign and the conversion of items from here; the values come from
 * config.ts.
 *
 * No AWS SDK client is imported here: the read client's cold start must not load one
 * (docs/decisions/022-reads-over-the-wire.md); only db/client.ts does, loaded through `loadSdk()`.
 */

/**
 * How both clients convert native values to DynamoDB's: the same items whichever client wrote or reads
 * them. Frozen: the document client writes its own defaults (`convertTopLevelContainer: true`) into
 * the options object it is given, which would wrap the read client's top-level maps in `{ M: … }`; it
 * gets a copy (db/client.ts).
 */
export const MARSHALL_OPTIONS: Readonly<marshallOptions> = Object.freeze({
  removeUndefinedValues: true,
  convertClassInstanceToMap: false,
});

/** The emulator's dummy keys: DynamoDB Local accepts any key pair. */
const LOCAL_CREDENTIALS: AwsCredentials = { accessKeyId: "local", secretAccessKey: "local" };

/** Where and as whom both clients talk to DynamoDB. */
export interface Connection {
  region: string;
  /** The configured local endpoint (DynamoDB Local); undefined in the cloud. */
  localEndpoint: string | undefined;
  /** Where requests go: the local endpoint, else the region's DynamoDB. */
  endpoint: URL;
  /**
   * The keys that sign, when known without asking the SDK's provider chain: the emulator's dummy
   * keys with a local endpoint, else the environment's (a Lambda's role, `sst shell`); undefined
   * when neither, and the provider chain finds them (`signingCredentials`).
   */
  credentials: AwsCredentials | undefined;
}

const connections = new WeakMap<Config, Connection>();

/** The connection settings of a configuration (by default the process's), worked out once per configuration. */
export function connection(config: Config = getConfig()): Connection {
  let settings = connections.get(config);
  if (!settings) {
    const { region, dynamoEndpoint, awsCredentials } = config;
    settings = {
      region,
      localEndpoint: dynamoEndpoint,
      endpoint: new URL(dynamoEndpoint ?? `https://dynamodb.${region}.amazonaws.com`),
      credentials: dynamoEndpoint ? LOCAL_CREDENTIALS : awsCredentials,
    };
    connections.set(config, settings);
  }
  return settings;
}

/** The SDK's default provider chain (profiles, SSO, containers…), loaded only when first asked. */
const providerChain = (() => {
  let provider: (() => Promise<AwsCredentials>) | undefined;
  return async (): Promise<AwsCredentials> => {
    if (!provider) {
      const { defaultProvider } = await import("@aws-sdk/credential-provider-node");
      provider = defaultProvider();
    }
    return provider();
  };
})();

/**
 * The keys that sign a request: the connection's (dummy keys with a local endpoint, else the
 * environment's), or else those of the SDK's provider chain, which is loaded only then. The document
 * client leaves that last case to the SDK's own default chain, the same one (db/client.ts).
 */
export async function signingCredentials(
  settings: Connection = connection(),
  chain: () => Promise<AwsCredentials> = providerChain,
): Promise<AwsCredentials> {
  return settings.credentials ?? chain();
}
