/**
 * How SST bundles every Node function of the shop (`sst.aws.Function`'s `nodejs` options): ESM with
 * esbuild code splitting, so a module loaded with `import()` is a chunk of its own that a cold
 * start does not evaluate until a request needs it, and minified — SST 4.17's builder minifies only
 * when `minify: true` is set, whatever its doc comment says. The tests and the bench bundle with
 * these same options (tests/infra/sst-bundle.ts); docs/decisions/017-lazy-api-chunks.md says why.
 */
export const lambdaBundling = { format: "esm", splitting: true, minify: true } as const;
