import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseConfig } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { createRateLimiter } from '@/lib/ratelimit';
import { createRoot } from '@/lib/root';
import { defineTool } from '@/lib/tools/types';
import { NO_CLASSIFIER } from '../../helpers/tool-context';

// The console's reader runs a served read tool as every call runs: in the gateway's context, its answer checked
// under CHECK_ANSWERS (before: the console built its own context and skipped the check), and only tools it serves.

const userAnswer = z.object({ user: z.string() });
const readTool = (name: string, answer: unknown) =>
  defineTool({
    name,
    title: name,
    description: 'test tool',
    scope: 'read',
    hints: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    input: z.strictObject({ detail: z.enum(['concise', 'full']).optional() }),
    output: userAnswer,
    fullOutput: userAnswer,
    async run(ctx) {
      return (answer ?? { user: ctx.user.id }) as { user: string };
    },
  });
const fair = readTool('fair_answer', undefined);
const misanswer = readTool('misanswer', { user: 7 });
const user = { id: 'u1', email: 'a@example.com' };

function consoleOf(env: Record<string, string>) {
  return createRoot({
    config: parseConfig(env),
    db: {} as Db,
    budgets: createRateLimiter({}),
    now: () => new Date('2026-11-21T12:00:00Z'),
    catalogue: [fair, misanswer],
    classifier: NO_CLASSIFIER,
  }).console;
}

describe('the console reader', () => {
  it("runs a served read tool for the signed-in user and checks its answer under CHECK_ANSWERS, as the gateway's calls are", async () => {
    const checking = consoleOf({ CHECK_ANSWERS: 'true' });
    expect(await checking.readFull(fair, user, {})).toEqual({ user: 'u1' });
    await expect(checking.readFull(misanswer, user, {})).rejects.toThrow(/misanswer does not match its output schema: \/user/);
    expect(await consoleOf({}).readFull(misanswer, user, {})).toEqual({ user: 7 });
  });

  it('refuses a tool the server does not serve', async () => {
    await expect(consoleOf({}).readFull(readTool('elsewhere', undefined), user, {})).rejects.toThrow(/not a read tool this server serves/);
  });
});
