// Loaded by ../lazy-services.ts on first use. Importing the app's module ties this chunk to the
// modules a cold start has already evaluated, so esbuild keeps those in one startup chunk (README.md here).
import "../app.ts";

export * from "@fruit/core/promotions";
