import { readFile } from 'node:fs/promises';
import { validate } from '@readme/openapi-parser';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import createClient from 'openapi-fetch';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '@/lib/errors';
import { MALFORMED_TOKEN_MESSAGE, MISSING_TOKEN_MESSAGE } from '@/lib/gateway/token';
import { AMERICAN_ODDS_MESSAGE } from '@/lib/tools/inputs';
import { buildOpenApiDocument } from '@/lib/gateway/openapi';
import { CLASSIFIER_MISSING, TOOL_GROUPS, TOOL_RECORDS } from '@/lib/tools/registry';
import type { paths } from '../generated/jev-api';
import { raw } from '../helpers/http';
import { openApiTypes, TYPES_FILE } from '../helpers/openapi-types.mjs';
import { testApp } from '../helpers/test-app';
import { loadTodaysSample } from '../helpers/clock';

// GET /api/v1/openapi.json against the production server on SQLite with the sample slate: served without a token,
// a valid OpenAPI 3.1 document with no error or warning from two validators (@readme/openapi-parser, Redocly's
// recommended rules) and every embedded schema valid JSON Schema 2020-12, one operation per tool of the catalogue,
// and a client generated from it (openapi-typescript's types, committed in tests/generated and checked here for
// drift; openapi-fetch making the calls) getting real answers, each of which matches the document's schema for it.

type Json = any;
const DOC_ID = 'https://openapi.test/jev.json';
const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
const JSON_TYPE = 'application/json';

describe('OpenAPI document', () => {
  let readToken: string;
  let doc: Json;
  let ajv: Ajv2020;
  const app = testApp('sqlite', {
    seed: async (database) => {
      await loadTodaysSample(database.db);
      readToken = (await database.token(await database.user('ann@example.com'), 'read')).token;
    },
  });

  beforeAll(async () => {
    doc = await (await fetch(`${app.server.origin}/api/v1/openapi.json`)).json();
    // The document's schemas, as a validator sees them: its top-level members are known (and ignored) keywords, so
    // a `$ref` into it compiles one schema, checked in strict mode (unknown keywords fail).
    ajv = addFormats(new Ajv2020({ strict: true, strictRequired: false, allErrors: true }));
    ajv.addVocabulary(Object.keys(doc));
    ajv.addSchema({ ...doc, $id: DOC_ID });
  });

  /** Whether a body matches the document's schema for an operation's answer with that status. */
  function matches(path: string, method: string, status: number, body: unknown): void {
    const response = doc.paths[path][method].responses[String(status)];
    const at = response.$ref ? String(response.$ref).slice(2) : pointer('paths', path, method, 'responses', String(status));
    const check = ajv.compile({ $ref: `${DOC_ID}#/${at}/content/${pointer(JSON_TYPE)}/schema` });
    expect(check(body), JSON.stringify(check.errors)).toBe(true);
  }

  it('is served without a token, as JSON, with the Cache-Control of the well-known documents and no CORS', async () => {
    const [res, wellKnown] = await Promise.all([
      fetch(`${app.server.origin}/api/v1/openapi.json`),
      fetch(`${app.server.origin}/.well-known/oauth-protected-resource`),
    ]);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe(wellKnown.headers.get('cache-control'));
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(await res.json()).toEqual(doc);
    // The host rule of every API path (its 405 for other methods: tests/integration/surfaces.test.ts).
    const foreign = await raw(app.server.port, { method: 'GET', path: '/api/v1/openapi.json', headers: { host: 'evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.json().error.code).toBe('forbidden');
  });

  it('is a valid OpenAPI 3.1 document whose every schema is valid JSON Schema 2020-12', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await validate(structuredClone(doc));
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    // The validator checks where schemas stand, not what is in them: each is checked against the 2020-12
    // meta-schema, then compiled in strict mode (unknown keywords fail) with its references resolved in the document.
    const schemas = Object.keys(doc.components.schemas).map((name) => pointer('components', 'schemas', name));
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      for (const [method, op] of Object.entries<Json>(item)) {
        if (op.requestBody) schemas.push(pointer('paths', path, method, 'requestBody', 'content', JSON_TYPE, 'schema'));
        for (const [status, response] of Object.entries<Json>(op.responses)) {
          if (response.content) schemas.push(pointer('paths', path, method, 'responses', status, 'content', JSON_TYPE, 'schema'));
        }
      }
    }
    for (const [name, response] of Object.entries<Json>(doc.components.responses)) {
      schemas.push(pointer('components', 'responses', name, 'content', JSON_TYPE, 'schema'));
      for (const header of Object.keys(response.headers ?? {}))
        schemas.push(pointer('components', 'responses', name, 'headers', header, 'schema'));
    }
    expect(schemas.length).toBeGreaterThan(4 * TOOL_RECORDS.length);
    for (const at of schemas) {
      const schema = at.split('/').reduce((node: Json, part) => node[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
      expect(schema, at).toBeTypeOf('object');
      expect(ajv.validateSchema(schema), `${at}: ${JSON.stringify(ajv.errors)}`).toBe(true);
      expect(() => ajv.compile({ $ref: `${DOC_ID}#/${at}` }), at).not.toThrow();
    }
    expect(JSON.stringify(doc)).not.toContain('"$schema"');
    // Every security requirement names a declared scheme (no validator checks it).
    const requirements = [
      doc.security,
      ...Object.values(doc.paths).flatMap((item: Json) => Object.values(item).map((op: Json) => op.security)),
    ];
    for (const requirement of requirements.filter(Boolean).flat()) {
      for (const scheme of Object.keys(requirement)) expect(doc.components.securitySchemes).toHaveProperty(scheme);
    }
    expect(doc.servers).toEqual([{ url: app.server.origin }]);
  });

  it("draws no error and no warning from Redocly's recommended rules", async () => {
    // The one rule left out flags a server at localhost: the document names APP_URL's origin, which is the test
    // server's; a deployment's is its public address.
    const config = await createConfig({ extends: ['recommended'], rules: { 'no-server-example.com': 'off' } });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: DOC_ID, config });
    expect(problems.map(({ severity, ruleId, message, location }) => ({ severity, ruleId, message, at: location[0]?.pointer }))).toEqual(
      [],
    );
  });

  it('has one operation per tool of the catalogue, with its schemas, scope, tag and the statuses of the contract', async () => {
    // Each operation describes its tool as this server lists it (jev_classify marked: the test server has no classifier).
    const listed = await (await fetch(`${app.server.origin}/api/v1/tools`, { headers: { authorization: `Bearer ${readToken}` } })).json();
    const listedDescription = new Map<string, string>(listed.tools.map((tool: Json) => [tool.name, tool.description]));
    expect(listedDescription.get('jev_classify')).toMatch(/^NOT SET UP/);
    const toolPaths = Object.keys(doc.paths).filter((path) => path !== '/api/v1/tools');
    expect(toolPaths.sort()).toEqual(TOOL_RECORDS.map((tool) => `/api/v1/tools/${tool.name}`).sort());
    const schema = (value: Json) => (value.$ref ? doc.components.schemas[String(value.$ref).split('/').pop() as string] : value);
    for (const tool of TOOL_RECORDS) {
      const item = doc.paths[`/api/v1/tools/${tool.name}`];
      expect(Object.keys(item), tool.name).toEqual(['post']);
      const op = item.post;
      expect(op.operationId).toBe(tool.name);
      expect(op.summary).toBe(tool.title);
      expect(op.description.startsWith(listedDescription.get(tool.name)!), tool.name).toBe(true);
      expect(op.tags).toEqual([TOOL_GROUPS.find((group) => group.tools.some((t) => t.name === tool.name))?.name]);
      const { $schema: _dialect, ...input } = tool.inputSchema;
      expect(schema(op.requestBody.content[JSON_TYPE].schema)).toEqual(input);
      expect(op.requestBody.required).toBe((input.required as string[]).length > 0);
      const answer = op.responses['200'].content[JSON_TYPE].schema;
      expect(answer.required).toEqual(['data']);
      expect(schema(answer.properties.data)).toEqual(tool.outputSchema);
      expect(Object.keys(op.responses)).toEqual(['200', '400', '401', '403', '404', '413', '415', '422', '429', '500', '503']);
      if (tool.scope === 'write') {
        expect(op.security).toEqual([{ bearerAuth: ['write'] }]);
        expect(op.description).toContain('insufficient_scope');
        expect(op.responses['403'].$ref).toBe('#/components/responses/forbidden_insufficient_scope');
      } else {
        expect(op.security).toBeUndefined();
        expect(op.responses['403'].$ref).toBe('#/components/responses/forbidden');
      }
    }
    const list = doc.paths['/api/v1/tools'].get;
    expect(list.operationId).toBe('list_tools');
    expect(Object.keys(list.responses)).toEqual(['200', '401', '403', '429', '500', '503']);
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    // Each error response allows exactly its status's codes and states Retry-After where the contract does.
    for (const [name, response] of Object.entries<Json>(doc.components.responses)) {
      const codes = response.content[JSON_TYPE].schema.properties.error.properties.code.enum as (keyof typeof ERROR_STATUS)[];
      expect(codes.join('_')).toBe(name);
      expect(new Set(codes.map((code) => ERROR_STATUS[code])).size).toBe(1);
    }
    expect(doc.components.responses.rate_limited.headers['Retry-After'].required).toBe(true);
    // Between them, the error responses allow every code of the contract but unknown_tool (each path names a tool).
    const answered = Object.values<Json>(doc.components.responses).flatMap(
      (response) => response.content[JSON_TYPE].schema.properties.error.properties.code.enum as string[],
    );
    expect(new Set(answered)).toEqual(new Set(Object.keys(ERROR_STATUS).filter((code) => code !== 'unknown_tool')));
  });

  it('matches the committed client types (npm run openapi:types)', async () => {
    // Types of the catalogue as a server with every service set up describes it: this one, without a classifier,
    // marks jev_classify's description (checked above) and nothing else.
    const configured = buildOpenApiDocument({ appOrigin: app.server.origin });
    expect(JSON.stringify(configured).replace(CLASSIFIER_MISSING, '')).toBe(JSON.stringify(doc).replace(CLASSIFIER_MISSING, ''));
    expect(await openApiTypes(configured)).toBe(await readFile(TYPES_FILE, 'utf8'));
  });

  it('gives a generated client real answers that match the document', async () => {
    const client = createClient<paths>({ baseUrl: app.server.origin, headers: { Authorization: `Bearer ${readToken}` } });

    const implied = await client.POST('/api/v1/tools/calc_implied_probability', { body: { americanOdds: -110 } });
    expect(implied.response.status).toBe(200);
    expect(implied.data?.data).toEqual({ americanOdds: -110, decimalOdds: 1.909091, impliedProbability: 0.52381 });
    matches('/api/v1/tools/calc_implied_probability', 'post', 200, implied.data);

    const odds = await client.POST('/api/v1/tools/get_game_odds', { body: { sport: 'nfl' } });
    expect(odds.response.status).toBe(200);
    expect(odds.data?.data.priceNote).toContain('Sample data');
    const week = odds.data?.data;
    expect(week && 'games' in week ? week.games?.length : 0).toBeGreaterThan(0);
    matches('/api/v1/tools/get_game_odds', 'post', 200, odds.data);

    const list = await client.GET('/api/v1/tools');
    expect(list.data?.tools.map((tool) => tool.name)).toEqual(TOOL_RECORDS.map((tool) => tool.name));
    matches('/api/v1/tools', 'get', 200, list.data);

    const invalid = await client.POST('/api/v1/tools/calc_implied_probability', { body: { americanOdds: 50 } });
    expect(invalid.response.status).toBe(400);
    expect(invalid.error?.error).toEqual({
      code: 'invalid_input',
      message: `americanOdds: ${AMERICAN_ODDS_MESSAGE}`,
      issues: [{ path: 'americanOdds', message: AMERICAN_ODDS_MESSAGE }],
    });
    matches('/api/v1/tools/calc_implied_probability', 'post', 400, invalid.error);

    const anonymous = createClient<paths>({ baseUrl: app.server.origin });
    const refused = await anonymous.POST('/api/v1/tools/calc_ev', { body: { probability: 0.55, americanOdds: 120 } });
    expect(refused.response.status).toBe(401);
    expect(refused.response.headers.get('www-authenticate')).toBe('Bearer realm="jev", error="invalid_token"');
    expect(refused.error?.error).toEqual({ code: 'invalid_token', message: MISSING_TOKEN_MESSAGE, issues: [] });
    matches('/api/v1/tools/calc_ev', 'post', 401, refused.error);
    // The document's own example of that answer is the answer; and of a Bearer token that is not a JEV one.
    expect(doc.components.responses.invalid_token.content[JSON_TYPE].examples.missing.value).toEqual(refused.error);
    const foreignToken = createClient<paths>({ baseUrl: app.server.origin, headers: { authorization: 'Bearer sk-proj-abc123' } });
    const malformed = await foreignToken.POST('/api/v1/tools/calc_ev', { body: { probability: 0.55, americanOdds: 120 } });
    expect(malformed.response.status).toBe(401);
    expect(malformed.error?.error).toEqual({ code: 'invalid_token', message: MALFORMED_TOKEN_MESSAGE, issues: [] });
    expect(doc.components.responses.invalid_token.content[JSON_TYPE].examples.malformed.value).toEqual(malformed.error);

    const scope = await client.POST('/api/v1/tools/log_bet', {
      body: { sport: 'nfl', gameId: 'none', market: 'h2h', selection: 'x', americanOdds: 110, stake: 1 },
    });
    expect(scope.response.status).toBe(403);
    expect(scope.error?.error.code).toBe('insufficient_scope');
    matches('/api/v1/tools/log_bet', 'post', 403, scope.error);
  });
});
