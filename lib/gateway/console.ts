import type { z } from 'zod';
import { parseArguments } from '@/lib/tools/inputs';
import type { ToolDefinition, ToolServices } from '@/lib/tools/types';

// The console's pages run the catalogue's read tools for the signed-in user, with the same services the
// gateway hands its tools (the composition root builds both), so a page shows exactly what an agent would be
// told. There is no token: the session is the caller, and a page may only read (writes go through the pages'
// own forms and server actions).

/** The answer type of a tool definition (its `run`'s result). */
export type ToolAnswer<Tool extends ToolDefinition> = Awaited<ReturnType<Tool['run']>>;

export function createConsoleReader(services: ToolServices, findTool: (name: string) => ToolDefinition | undefined) {
  return {
    /**
     * Runs the catalogue's tool `Tool['name']` for `user`, arguments checked as the gateway checks them. Pages ask
     * for `detail: "full"` and name the full answer's type as `Answer`; the definition's type is passed only to
     * type the arguments and the answer. The tool itself comes from the catalogue.
     */
    async runReadTool<Tool extends ToolDefinition, Answer extends ToolAnswer<Tool> = ToolAnswer<Tool>>(
      name: Tool['name'],
      user: { id: string; email: string },
      args: z.input<Tool['input']>,
    ): Promise<Answer> {
      const tool = findTool(name);
      if (!tool || tool.scope !== 'read') throw new Error(`${name} is not a read tool of the catalogue`);
      const ctx = {
        ...services,
        user: { id: user.id, email: user.email },
        token: { id: 'console', scope: 'read' as const },
        clientLabel: () => Promise.resolve('console'),
      };
      return (await tool.run(ctx, parseArguments(tool.input, args))) as Answer;
    },
  };
}
