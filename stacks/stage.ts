import { PRODUCTION_STAGE } from "../packages/core/src/stage.ts";

/**
 * Whether this deploy is the real shop. Only `production` is: it keeps its data (`retain`, `protect`,
 * table deletion protection) and takes live PayPal payments only. Every other stage — `prod`,
 * `staging`, a developer's name — is disposable and takes PayPal sandbox payments unless its
 * `Payments` secret says otherwise (stacks/secrets.ts).
 */
export const isProduction = $app.stage === PRODUCTION_STAGE;
