import { type ErrorCode, errorCodes } from "@fruit/core/errors";
import { toJsonSchema } from "@valibot/to-json-schema";
import type * as v from "valibot";
import { type RouteContract, routeContracts } from "./contract.ts";

type Json = Record<string, unknown>;

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect) of a request schema, as the client sends it. */
function schemaOf(schema: v.GenericSchema): Json {
  const { $schema: _dialect, ...json } = toJsonSchema(schema, {
    target: "draft-2020-12",
    typeMode: "input",
    // Transforms and checks JSON Schema cannot say (trimming, a ULID's shape) are left out: the
    // schema still says every field, its type and its bounds.
    errorMode: "ignore",
  }) as Json;
  return json;
}

/** `/api/products/:id` → `/api/products/{id}`, and the path's parameter names. */
function openapiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const converted = path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: converted, params };
}

/** The codes a route may answer: its own, its guard's, its input's, and those every route may. */
function codesOf(route: RouteContract): ErrorCode[] {
  const codes = new Set<ErrorCode>(route.errors);
  if (route.access !== "public") codes.add("UNAUTHENTICATED");
  if (route.access === "admin") codes.add("FORBIDDEN");
  if (route.query || route.body || route.idempotencyKey) codes.add("VALIDATION_FAILED");
  if (route.body) codes.add("MALFORMED_REQUEST").add("PAYLOAD_TOO_LARGE");
  for (const always of ["INTERNAL", "UNAVAILABLE"] as const) codes.add(always);
  return [...codes];
}

/** One answer per status, naming the codes it may carry (the `ErrorAnswer` schema, `code` narrowed). */
function errorAnswers(codes: ErrorCode[]): Json {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = errorCodes[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      {
        description: list.map((code) => `\`${code}\`: ${errorCodes[code].meaning}`).join("\n\n"),
        content: {
          "application/json": {
            schema: {
              allOf: [
                { $ref: "#/components/schemas/ErrorAnswer" },
                { type: "object", properties: { code: { enum: list } } },
              ],
            },
          },
        },
      },
    ]),
  );
}

function operationOf(key: string, route: RouteContract, params: string[]): Json {
  const parameters: Json[] = params.map((name) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  const query = route.query ? schemaOf(route.query) : undefined;
  const properties = (query?.properties ?? {}) as Record<string, Json>;
  const required = new Set((query?.required ?? []) as string[]);
  for (const [name, schema] of Object.entries(properties)) {
    parameters.push({ name, in: "query", required: required.has(name), schema });
  }
  if (route.idempotencyKey) {
    parameters.push({
      name: "Idempotency-Key",
      in: "header",
      required: false,
      schema: schemaOf(route.idempotencyKey),
    });
  }
  const body = route.body;
  return {
    operationId: key.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_|_$/g, ""),
    summary: route.summary,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body === undefined
      ? {}
      : {
          requestBody: {
            required: true,
            content:
              "multipartFile" in body
                ? {
                    "multipart/form-data": {
                      schema: {
                        type: "object",
                        properties: { [body.multipartFile]: { type: "string", contentMediaType: "image/*" } },
                        required: [body.multipartFile],
                      },
                    },
                  }
                : { "application/json": { schema: schemaOf(body as v.GenericSchema) } },
          },
        }),
    responses: {
      ...Object.fromEntries(
        Object.entries(route.answers).map(([status, description]) => [status, { description }]),
      ),
      ...errorAnswers(codesOf(route)),
    },
    ...(route.access === "public" ? {} : { security: [{ bearer: [] }] }),
    "x-access": route.access,
  };
}

/**
 * The API's OpenAPI 3.1 document, `GET /api/openapi.json`: every route of `routeContracts` with its
 * parameters and body (JSON Schema made from the very valibot schemas the route validates with, by
 * `@valibot/to-json-schema`), its success answers and every error code it may answer (core's
 * errors.ts), and bearer auth where a guard needs a token. Built on its first request, in a chunk of
 * its own (lazy/openapi.ts): never on the catalogue's path.
 */
export function openapiDocument(): Json {
  const paths: Record<string, Json> = {};
  for (const [key, route] of Object.entries(routeContracts)) {
    const [method = "", rawPath = ""] = key.split(" ");
    const { path, params } = openapiPath(rawPath);
    paths[path] = { ...paths[path], [method.toLowerCase()]: operationOf(key, route, params) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Fruit Shop API",
      version: "1",
      description:
        "Every error answer is `{ message, code }` (docs/errors.md); `VALIDATION_FAILED` also names the `field`.",
    },
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      schemas: {
        ErrorAnswer: {
          type: "object",
          required: ["message", "code"],
          properties: {
            message: {
              type: "string",
              description: "For a person, in the request's Accept-Language (fr-CA or en); may change",
            },
            code: { type: "string", enum: Object.keys(errorCodes) },
            field: { type: "string", description: "The refused field of a VALIDATION_FAILED (dotted path)" },
          },
        },
      },
    },
  };
}
