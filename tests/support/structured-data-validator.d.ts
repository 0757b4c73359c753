/**
 * Types for @adobe/structured-data-validator, which ships none: the part tests/integration/page-heads.test.ts
 * uses (its src/validator.js: the constructor takes schema.org's JSON-LD or nothing; `validate` takes
 * web-auto-extractor's shape and answers the issues found).
 */
declare module "@adobe/structured-data-validator" {
  export interface ValidationIssue {
    issueMessage: string;
    severity: "ERROR" | "WARNING";
    path?: unknown[];
    fieldNames?: string[];
    rootType?: string;
  }
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(data: {
      jsonld?: Record<string, unknown[]>;
      microdata?: Record<string, unknown[]>;
      rdfa?: Record<string, unknown[]>;
    }): Promise<ValidationIssue[]>;
  }
}
