/**
 * The French messages of the "subscriptions" part (src/i18n/message-parts.ts). As written it is
 * the whole catalogue, which tests and `npm run dev` load; the build writes this module anew with
 * only the part's texts, compiled (vite.config.ts `precompiledMessages`).
 */
export { messages } from "../fr-CA.ts";
