import { fromJsonSchema, type JsonSchemaType, type JsonSchemaValidator, type jsonSchemaValidator } from '@modelcontextprotocol/server';

// Written for the SDK release in ./version.ts, whose own check of a tool's arguments answers a failure with a
// text item only, and which checks each answer against the tool's output schema. JEV checks arguments in the
// gateway (the same check as REST, so a failure carries structuredContent.error) and answers in the tests
// against the whole schema (CHECK_ANSWERS); the schemas the SDK is given are what tools/list shows, and the
// validator it uses accepts anything.

const acceptAnything: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return (input) => ({ valid: true, data: input as T, errorMessage: undefined });
  },
};

/** A JSON Schema as tools/list shows it, which the SDK does not enforce. */
export function unenforcedSchema(schema: Record<string, unknown>) {
  return fromJsonSchema(schema as JsonSchemaType, acceptAnything);
}
