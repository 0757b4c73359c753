/**
 * The AWS SDK's document client and commands (db/sdk-commands.ts), loaded on first use: db/ modules
 * reach the SDK only through this `import()`, so it is a chunk of its own in the Lambda bundle that a
 * cold catalogue request never evaluates — reads go through db/read-client.ts
 * (docs/decisions/022-reads-over-the-wire.md). One evaluation per process, like any module.
 */
export const loadSdk = () => import("./sdk-commands.ts");
