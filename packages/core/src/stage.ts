/**
 * The stage that is the real shop (docs/decisions/010-payments-mode-per-stage.md): its data is
 * retained and protected and it takes real money only. sst.config.ts, stacks/ and core's config all
 * name it through this constant, and the README's deploy commands name the same stage.
 */
export const PRODUCTION_STAGE = "production";
