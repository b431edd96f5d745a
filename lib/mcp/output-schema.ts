// The output schema tools/list sends: the tool's whole answer schema (the same one the REST tool records and the
// OpenAPI document carry), or the error a failed call puts in structuredContent. Clients check structuredContent
// against it, failures included (the v1 SDK's client validates an isError result's { error } too), so both shapes
// are allowed. No model reads it: hosts build a model's tool from the name, description and input schema alone
// (docs/contract.md, "The catalogue"), so the whole schema costs no conversation any tokens.

import { failureJsonSchema } from '@/lib/errors';

type JsonSchema = Record<string, unknown>;

/** structuredContent of an isError result (lib/errors.ts, ToolError.toJSON). */
const FAILURE = failureJsonSchema();

/** The schema tools/list announces for a tool record's outputSchema: the answer's shapes, or a failure. */
export function mcpOutputSchema(schema: JsonSchema): JsonSchema {
  const { $schema, ...answer } = schema;
  const shapes = ((answer.anyOf ?? answer.oneOf) as JsonSchema[] | undefined) ?? [answer];
  return { ...($schema === undefined ? {} : { $schema }), type: 'object', anyOf: [...shapes, FAILURE] };
}
