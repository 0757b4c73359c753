import { ConfigError } from "@fruit/core/config";
import { StartupError } from "@fruit/local/services";
import { describe, expect, it } from "vitest";
import { operatorErrorLine } from "./errors.ts";
import { MigrateError } from "./migrate.ts";
import { StageInitError } from "./stage-init.ts";

describe("operatorErrorLine", () => {
  it("gives one line for expected errors: settings, start-up, AWS answers and missing credentials", () => {
    expect(operatorErrorLine(new ConfigError("Invalid configuration: x"))).toBe("Invalid configuration: x");
    expect(operatorErrorLine(new StartupError("Java 17+ is required"))).toBe("Java 17+ is required");
    expect(operatorErrorLine(new StageInitError("the two passwords differ"))).toBe(
      "the two passwords differ",
    );
    const notFound = Object.assign(new Error("Requested resource not found"), {
      name: "ResourceNotFoundException",
      $metadata: { httpStatusCode: 400 },
    });
    expect(operatorErrorLine(new MigrateError("unknown option --x"))).toBe("unknown option --x");
    // core's StoredItemError (db/kind.ts), which names the item a migration could not read
    const malformed = Object.assign(new Error("Stored order item ORDER#1 / ORDER is malformed: id: x"), {
      name: "StoredItemError",
    });
    expect(operatorErrorLine(malformed)).toBe("Stored order item ORDER#1 / ORDER is malformed: id: x");
    expect(operatorErrorLine(notFound)).toBe("ResourceNotFoundException: Requested resource not found");
    const noCredentials = Object.assign(new Error("Could not load credentials from any providers"), {
      name: "CredentialsProviderError",
    });
    expect(operatorErrorLine(noCredentials)).toMatch(/^CredentialsProviderError: Could not load/);
  });

  it("leaves a bug's error alone, so it keeps its stack", () => {
    expect(operatorErrorLine(new TypeError("x is not a function"))).toBeUndefined();
    expect(operatorErrorLine("a string")).toBeUndefined();
  });
});
