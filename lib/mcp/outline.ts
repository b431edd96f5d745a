// The output schema tools/list sends: the names of the fields of each tool's default answer. tools/list is read
// in every conversation and its budget is 7,000 Claude tokens with the instructions, descriptions and input
// schemas; the whole output schemas alone run to about 9,000 and their field types to another 600 here. So the
// REST tool records and the OpenAPI document carry the whole schemas, and tools/list this outline of them. It
// requires no field and allows others: the full answer (detail: "full") adds fields, and clients such as the v1
// SDK's check even an isError result's structuredContent ({ error }) against the schema.

type JsonSchema = Record<string, unknown>;

/** The outline of a tool record's outputSchema: the fields of its first (default) shape. */
export function outlineOutputSchema(schema: JsonSchema): JsonSchema {
  const [first] = ((schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined) ?? [schema];
  const fields = Object.keys(first?.properties ?? {});
  return { type: 'object', properties: Object.fromEntries(fields.map((name) => [name, {}])) };
}
