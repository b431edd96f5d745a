import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { LiveToken } from '@/lib/account/tokens';
import { parseConfig } from '@/lib/config';
import type { Db } from '@/lib/db/client';
import { ToolError } from '@/lib/errors';
import { call } from '@/lib/gateway/gateway';
import { createRateLimiter } from '@/lib/ratelimit';
import { createRoot } from '@/lib/root';
import { defineTool } from '@/lib/tools/types';
import { NO_CLASSIFIER } from '../../helpers/tool-context';

// Steps 6–9 with a write tool of the test's own, not the catalogue's (log_bet, settle_bet and save_recommendation in
// lib/tools/bets.ts and recommendations.ts need a database): it records what it was run with, and a copy breaks its own output schema.

const saves: unknown[] = [];
const saveNote = defineTool({
  name: 'save_note',
  title: 'Save a note',
  description: 'test tool',
  scope: 'write',
  hints: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  input: z.strictObject({ text: z.string() }),
  output: z.object({ saved: z.boolean() }),
  async run(ctx, args) {
    saves.push({ user: ctx.user.id, label: await ctx.clientLabel(), ...args });
    return { saved: true };
  },
});

/** A tool whose answer does not match its own output schema. */
const misanswer = defineTool({ ...saveNote, name: 'misanswer', run: async () => ({ saved: 'yes' }) as never });

function gateway(tokenLimit = 100, env: Record<string, string> = {}) {
  return createRoot({
    config: parseConfig({ RATE_LIMIT_TOKEN_PER_MINUTE: String(tokenLimit), ...env }),
    db: {} as Db,
    budgets: createRateLimiter({}),
    now: () => new Date('2026-11-21T12:00:00Z'),
    catalogue: [saveNote, misanswer],
    classifier: NO_CLASSIFIER,
  }).gateway;
}

const reader: LiveToken = { id: 't-read', scope: 'read', user: { id: 'u1', email: 'a@example.com' }, grantId: null };
const writer: LiveToken = { id: 't-write', scope: 'write', user: { id: 'u1', email: 'a@example.com' }, grantId: null };
const noLabel = () => Promise.resolve(undefined);

/** The ToolError a step fails with, whether it throws at once or rejects. */
async function failure(step: () => unknown): Promise<ToolError> {
  try {
    await step();
  } catch (error) {
    if (error instanceof ToolError) return error;
    throw error;
  }
  throw new Error('expected a ToolError');
}

describe('gateway steps 6–9', () => {
  it('refuses a read-only token on a write tool with insufficient_scope', async () => {
    const error = await failure(() =>
      call(gateway(), { caller: reader, toolName: 'save_note', args: { text: 'x' }, clientLabel: noLabel }),
    );
    expect(error.code).toBe('insufficient_scope');
    expect(error.status).toBe(403);
    expect(error.message).toBe(
      "save_note saves to the user's account, and this access token is read-only. Create a token with write access on the Connect page.",
    );
  });

  it('checks scope before arguments', async () => {
    const error = await failure(() => call(gateway(), { caller: reader, toolName: 'save_note', args: { text: 1 }, clientLabel: noLabel }));
    expect(error.code).toBe('insufficient_scope');
  });

  it('runs a write tool for a write token, passing the client label through the context', async () => {
    const result = await call(gateway(), {
      caller: writer,
      toolName: 'save_note',
      args: { text: 'hi' },
      clientLabel: () => Promise.resolve('Claude Code'),
    });
    expect(result).toEqual({ saved: true });
    expect(saves.at(-1)).toEqual({ user: 'u1', label: 'Claude Code', text: 'hi' });
  });

  it("checks each answer against its own tool's record under CHECK_ANSWERS, and only then", async () => {
    const toolCall = (toolName: string) => ({ caller: writer, toolName, args: { text: 'hi' }, clientLabel: noLabel });
    const checking = gateway(100, { CHECK_ANSWERS: 'true' });
    expect(await call(checking, toolCall('save_note'))).toEqual({ saved: true });
    await expect(call(checking, toolCall('misanswer'))).rejects.toThrow(
      /misanswer does not match its output schema: \/saved must be boolean/,
    );
    expect(await call(gateway(), toolCall('misanswer'))).toEqual({ saved: 'yes' });
  });

  it('counts calls refused for scope against the token budget, but not unknown tools', async () => {
    const limited = gateway(2);
    for (let i = 0; i < 3; i++) {
      expect((await failure(() => call(limited, { caller: reader, toolName: 'nope', args: {}, clientLabel: noLabel }))).code).toBe(
        'unknown_tool',
      );
    }
    for (let i = 0; i < 2; i++) {
      expect((await failure(() => call(limited, { caller: reader, toolName: 'save_note', args: {}, clientLabel: noLabel }))).code).toBe(
        'insufficient_scope',
      );
    }
    const refused = await failure(() => call(limited, { caller: reader, toolName: 'save_note', args: {}, clientLabel: noLabel }));
    expect(refused.code).toBe('rate_limited');
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });
});
