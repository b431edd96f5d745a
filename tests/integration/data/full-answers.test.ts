import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDERS, testDatabase, type TestDatabase } from '../../helpers/fixtures';
import { loadPinnedSample } from '../../helpers/clock';
import { FULL_ANSWER_CALLS, FULL_ANSWERS_DIR, fullAnswerText } from '../../helpers/full-answers.mjs';

// `detail: "full"` answers byte for byte as recorded (first by the last commit before answers became concise).
// tests/fixtures/full-answers/ holds those answers on the sample slate of a fixed date at a fixed time (first
// written by 537d334, the last commit before the change; how they are written again after a change of the data:
// tests/helpers/full-answers.mts); each call here must serialise to exactly that text.

describe.each(PROVIDERS)('full answers as before, on %s', (provider) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase(provider);
    await loadPinnedSample(database.db);
  });
  afterAll(() => database?.close());

  it.each(FULL_ANSWER_CALLS)('%s: %s', async (file, name, args) => {
    expect(await fullAnswerText(database.db, name, args)).toBe(readFileSync(path.join(FULL_ANSWERS_DIR, `${file}.json`), 'utf8'));
  });
});
