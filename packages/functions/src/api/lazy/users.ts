// Loaded by ../lazy-core.ts on first use. Importing the app ties this chunk to the modules a cold
// start has already evaluated, so esbuild keeps those in one startup chunk (README.md here).
import "../index.ts";

export * from "@fruit/core/users/index";
