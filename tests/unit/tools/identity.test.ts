import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import type { FullAnswer } from '@/lib/gateway/console';
import { ToolError } from '@/lib/errors';
import { cursorSigner } from '@/lib/paging';
import { createToolCaches } from '@/lib/tools/cache';
import { toolPage } from '@/lib/tools/pages';
import { READ_HINTS } from '@/lib/tools/hints';
import { calcEv } from '@/lib/tools/calculators';
import { getGameOdds } from '@/lib/tools/odds';
import type { GameOddsFull } from '@/lib/tools/odds-schemas';
import { TOOL_DEFINITIONS } from '@/lib/tools/registry';
import { defineTool, type ToolContext } from '@/lib/tools/types';

// A tool is known by its definition, never by a name typed again: defineTool keeps the literal name, hands `run`
// the definition as ctx.tool, and paging and the answer caches tell tools apart by it.

const letters = ['a', 'b', 'c', 'd', 'e'];

/** A tool that pages the letters two at a time, its cursor bound to the running tool. */
const pagingTool = (name: string) =>
  defineTool({
    name,
    title: name,
    description: 'Pages the letters.',
    scope: 'read',
    hints: READ_HINTS,
    input: z.strictObject({ cursor: z.string().optional() }),
    output: z.object({ tool: z.string(), letters: z.array(z.string()), nextCursor: z.string().optional() }),
    async run(ctx, args) {
      const page = toolPage(ctx, args, 2, letters, (letter) => [letter], ['asc']);
      return { tool: ctx.tool.name, letters: page.items, nextCursor: page.nextCursor };
    },
  });

const context = {
  user: { id: 'u1' },
  now: () => new Date('2026-11-21T18:00:00Z'),
  cursors: cursorSigner(() => 'identity test key'),
} as ToolContext;

describe('tool identity', () => {
  it('keeps each definition’s literal name, and types the console’s full answer from the definition', () => {
    expectTypeOf(getGameOdds.name).toEqualTypeOf<'get_game_odds'>();
    expectTypeOf<FullAnswer<typeof getGameOdds>>().toEqualTypeOf<GameOddsFull>();
    expectTypeOf(calcEv).not.toExtend<{ fullOutput: z.ZodType }>();
    expect(new Set(TOOL_DEFINITIONS.map((tool) => tool.name)).size).toBe(TOOL_DEFINITIONS.length);
  });

  it('names the full answer of every tool that takes detail, as one of its output’s shapes, and of no other tool', () => {
    for (const tool of TOOL_DEFINITIONS) {
      const takesDetail = tool.input instanceof z.ZodObject && 'detail' in tool.input.shape;
      const shapes = tool.output instanceof z.ZodUnion ? tool.output.options : [tool.output];
      expect(tool.fullOutput !== undefined, tool.name).toBe(takesDetail);
      if (tool.fullOutput) expect(shapes, tool.name).toContain(tool.fullOutput);
    }
  });

  it('hands run its own definition, so a cursor pages only the tool that made it', async () => {
    const first = pagingTool('first_tool');
    const second = pagingTool('second_tool');
    const page = await first.run(context, {});
    expect(page).toMatchObject({ tool: 'first_tool', letters: ['a', 'b'] });
    expect(await first.run(context, { cursor: page.nextCursor })).toMatchObject({ letters: ['c', 'd'] });
    const replayed = second.run(context, { cursor: page.nextCursor });
    await expect(replayed).rejects.toBeInstanceOf(ToolError);
    await expect(replayed).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('keeps answers apart per tool, under the same key', async () => {
    const caches = createToolCaches(60);
    const [first, second] = [pagingTool('first_tool'), pagingTool('second_tool')];
    expect(await caches.answer(first, 'key', async () => 'first')).toBe('first');
    expect(await caches.answer(second, 'key', async () => 'second')).toBe('second');
    expect(await caches.answer(first, 'key', async () => 'again')).toBe('first');
  });
});
