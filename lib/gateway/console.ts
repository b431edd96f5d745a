import type { z } from 'zod';
import { parseArguments } from '@/lib/tools/inputs';
import type { ToolDefinition, ToolServices } from '@/lib/tools/types';

// The console's pages run the catalogue's read tools for the signed-in user, with the same services the
// gateway hands its tools (the composition root builds both), so a page shows exactly what an agent would be
// told. There is no token: the session is the caller, and a page may only read (writes go through the pages'
// own forms and server actions).

/**
 * A tool's full answer (`detail: "full"`): the second shape of an output that is a concise and a full one (then
 * any list modes), as every catalogue tool with `detail` declares it.
 */
export type FullAnswer<Tool extends ToolDefinition> =
  Tool['output'] extends z.ZodUnion<readonly [z.ZodType, infer Full extends z.ZodType, ...z.ZodType[]]> ? z.input<Full> : never;

export function createConsoleReader(services: ToolServices, catalogue: readonly ToolDefinition[]) {
  return {
    /**
     * Runs the catalogue's read tool `tool` for `user` with `detail: "full"`, arguments checked as the gateway
     * checks them; the definition types the arguments and the answer, so neither can belong to another tool.
     */
    async readFull<Tool extends ToolDefinition>(
      tool: Tool,
      user: { id: string; email: string },
      args: Omit<z.input<Tool['input']>, 'detail'>,
    ): Promise<FullAnswer<Tool>> {
      if (!catalogue.includes(tool) || tool.scope !== 'read') throw new Error(`${tool.name} is not a read tool of the catalogue`);
      const ctx = {
        ...services,
        user: { id: user.id, email: user.email },
        token: { id: 'console', scope: 'read' as const },
        clientLabel: () => Promise.resolve('console'),
      };
      return (await tool.run(ctx, parseArguments(tool.input, { ...args, detail: 'full' }))) as FullAnswer<Tool>;
    },
  };
}
