import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { fixtureText, VIEW_ANSWERS_DIR, VIEW_CALLS, viewWorld } from '../../helpers/view-answers.mjs';

// The answers the MCP Apps views' unit tests draw (tests/fixtures/views/) are still what the tools answer: a view
// tested against an answer the tools no longer give would prove nothing.

describe('the recorded answers of the MCP Apps views', () => {
  let database: TestDatabase;
  let call: Awaited<ReturnType<typeof viewWorld>>;
  beforeAll(async () => {
    database = await testDatabase('sqlite');
    call = await viewWorld(database);
  });
  afterAll(() => database?.close());

  it.each(VIEW_CALLS)('%s: %s', async (file, name, args) => {
    expect(fixtureText(await call(name, args))).toBe(readFileSync(path.join(VIEW_ANSWERS_DIR, `${file}.json`), 'utf8'));
  });
});
