import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ANY_REQUEST_CODES, CHECK_STEPS, LIST_ROUTE_STEPS } from '@/lib/check-order';
import { ERRORS, type ErrorCode } from '@/lib/errors';
import { buildOpenApiDocument, catalogueGroups, openApiJson } from '@/lib/gateway/openapi';
import { servedRecords, TOOL_DEFINITIONS, TOOL_RECORDS, type ToolRecord } from '@/lib/tools/registry';

// The generator on made-up catalogues: what it refuses to publish. The served document itself is checked in
// tests/integration/openapi.test.ts.

const [calculator] = TOOL_RECORDS as [ToolRecord];
const groups = [{ name: 'Test', description: 'Test tools.', tools: ['a'] }];

describe('OpenAPI generator', () => {
  it('refuses a tool whose name would repeat an operationId', () => {
    expect(() => buildOpenApiDocument({ appOrigin: 'http://localhost', records: [{ ...calculator, name: 'list_tools' }], groups })).toThrow(
      /two operations would be named list_tools/,
    );
  });

  it('refuses a tool schema with a $ref, which would resolve against the document instead of the schema', () => {
    const inputSchema = { ...calculator.inputSchema, properties: { x: { $ref: '#/$defs/x' } }, $defs: { x: { type: 'string' } } };
    expect(() =>
      buildOpenApiDocument({ appOrigin: 'http://localhost', records: [{ ...calculator, name: 'a', inputSchema }], groups }),
    ).toThrow(/\$ref/);
  });

  it("says when each error code is answered in the contract's words (its error table, written from lib/errors.ts)", () => {
    const contract = readFileSync('docs/contract.md', 'utf8');
    const responses = Object.values(
      (buildOpenApiDocument({ appOrigin: 'http://localhost', records: TOOL_RECORDS, groups: [] }) as { components: { responses: object } })
        .components.responses,
    ) as { description: string }[];
    for (const [code, { status }] of Object.entries(ERRORS) as [ErrorCode, (typeof ERRORS)[ErrorCode]][]) {
      const row = new RegExp(`^\\| ${status} \\| \`${code}\` \\| (.+) \\|$`, 'm').exec(contract);
      expect(row, `docs/contract.md has no row for ${code}`).not.toBeNull();
      const described = responses.filter(({ description }) => description.includes(`\`${code}\`:`));
      // unknown_tool alone has no operation: the document names only the catalogue's tools.
      if (code !== 'unknown_tool') expect(described.length, code).toBeGreaterThan(0);
      for (const { description } of described) expect(description).toContain(`\`${code}\`: ${row![1]}`);
    }
  });

  it('answers GET /api/v1/tools with the codes of the steps it runs (lib/check-order.ts) and those of any request', () => {
    type Document = {
      paths: Record<string, { get: { responses: Record<string, { $ref?: string }> } }>;
      components: {
        responses: Record<
          string,
          { content: Record<string, { schema: { properties: { error: { properties: { code: { enum: ErrorCode[] } } } } } }> }
        >;
      };
    };
    const document = buildOpenApiDocument({ appOrigin: 'http://localhost', records: TOOL_RECORDS, groups: [] }) as Document;
    const answered = Object.values(document.paths['/api/v1/tools']!.get.responses).flatMap(({ $ref }) => {
      if (!$ref) return [];
      const response = document.components.responses[$ref.replace('#/components/responses/', '')]!;
      return response.content['application/json']!.schema.properties.error.properties.code.enum;
    });
    const stepCodes = LIST_ROUTE_STEPS.flatMap((step) => CHECK_STEPS[step].codes);
    expect(new Set(answered)).toEqual(new Set([...stepCodes, ...ANY_REQUEST_CODES]));
  });

  it('serves the origin, records and rules text it is given', () => {
    const given = { appOrigin: 'https://jev.example', groups: catalogueGroups(TOOL_DEFINITIONS), instructions: 'Rule one.' };
    const served = JSON.parse(openApiJson({ ...given, records: TOOL_RECORDS }));
    expect(served).toMatchObject({ servers: [{ url: 'https://jev.example' }] });
    expect(served.info.description).toMatch(/must follow:\n\nRule one\.$/);
    const unconfigured = servedRecords(TOOL_DEFINITIONS, { classifierConfigured: false });
    const marked = JSON.parse(openApiJson({ ...given, records: unconfigured }));
    expect(marked.paths['/api/v1/tools/jev_classify'].post.description).toMatch(/^NOT SET UP on this server/);
  });
});
