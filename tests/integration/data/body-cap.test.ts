import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEspn } from '@/lib/data/providers/espn';
import { ProviderError } from '@/lib/data/providers/http';
import { ToolError } from '@/lib/errors';
import { createClassifier } from '@/lib/news/classifier';
import { espnInjuries, startFakeProviders, type FakeProviders } from './fake-providers';

// A provider answer larger than the cap (PROVIDER_MAX_BODY_MB) is a failed fetch,
// refused while it streams in: the reader stops at the cap, so the process never holds the whole answer.

const MB = 1024 * 1024;

describe('provider answer size cap', () => {
  let fake: FakeProviders;

  beforeAll(async () => {
    fake = await startFakeProviders();
  });

  afterAll(async () => {
    await fake?.close();
  });

  const espn = () => createEspn({ baseUrl: fake.baseUrl, timeoutMs: 20_000, maxBodyBytes: 1 * MB });

  it('a data provider streaming 150 MB is refused at the cap, having read little more than it', async () => {
    fake.routes.set('/apis/site/v2/sports/football/nfl/injuries', () => ({ streamBytes: 150 * MB }));
    const before = fake.streamed();
    const heapBefore = process.memoryUsage().heapUsed;
    const error = await espn()
      .injuries('nfl')
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toBe('ESPN: answer larger than 1 MB (PROVIDER_MAX_BODY_MB)');
    // The server stops once the client stops reading: socket buffers only, nowhere near 150 MB.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fake.streamed() - before).toBeLessThan(20 * MB);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(50 * MB);
  });

  it('a declared Content-Length over the cap is refused before reading', async () => {
    fake.routes.set('/apis/site/v2/sports/football/nfl/injuries', () => ({ streamBytes: 3 * MB, declareLength: true }));
    await expect(espn().injuries('nfl')).rejects.toThrow('ESPN: answer larger than 1 MB');
  });

  it('an answer under the cap is read as before', async () => {
    fake.routes.set('/apis/site/v2/sports/football/nfl/injuries', () => ({
      body: espnInjuries([{ team: 'Kansas City Chiefs', players: [['Travis Kelce', 'TE', 'Questionable']] }]),
    }));
    const teams = await espn().injuries('nfl');
    expect(teams).toHaveLength(1);
  });

  it("the classifier's model answer is capped too: 503 unavailable", async () => {
    fake.routes.set('/v1/chat/completions', () => ({ streamBytes: 150 * MB }));
    const classifier = createClassifier({
      apiKey: 'key',
      baseUrl: `${fake.baseUrl}/v1`,
      model: 'm',
      timeoutSeconds: 20,
      maxBodyBytes: 1 * MB,
    });
    const error = await classifier
      .classify({ source: { url: 'https://espn.com/a', domain: 'espn.com', outlet: 'ESPN' }, text: 'text', questions: ['injuries'] })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(ToolError);
    expect((error as ToolError).code).toBe('unavailable');
    expect((error as ToolError).message).toMatch(/larger than 1 MB/);
  });
});
