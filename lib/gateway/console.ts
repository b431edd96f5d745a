import type { z } from 'zod';
import type { ToolDefinition } from '@/lib/tools/types';
import { answerOf, type Gateway } from './gateway';

// The console's pages run the gateway's read tools for the signed-in user, in the context every call gets and with
// its answers checked as every call's are, so a page shows exactly what an agent would be told. There is no token:
// the session is the caller, no budget is spent, and a page may only read (writes go through the pages' own forms
// and server actions).

/**
 * A tool's full answer (`detail: "full"`): the second shape of an output that is a concise and a full one (then
 * any list modes), as every catalogue tool with `detail` declares it.
 */
export type FullAnswer<Tool extends ToolDefinition> =
  Tool['output'] extends z.ZodUnion<readonly [z.ZodType, infer Full extends z.ZodType, ...z.ZodType[]]> ? z.input<Full> : never;

/** The console as a caller: read-only, and what it would save (nothing) labelled as the console's. */
const CONSOLE_TOKEN = { id: 'console', scope: 'read' } as const;
const consoleLabel = () => Promise.resolve('console');

export function createConsoleReader(gateway: Gateway) {
  return {
    /**
     * Runs the gateway's read tool `tool` for `user` with `detail: "full"`, arguments checked as the gateway
     * checks them; the definition types the arguments and the answer, so neither can belong to another tool.
     */
    async readFull<Tool extends ToolDefinition>(
      tool: Tool,
      user: { id: string; email: string },
      args: Omit<z.input<Tool['input']>, 'detail'>,
    ): Promise<FullAnswer<Tool>> {
      const served = gateway.toolsByName.get(tool.name);
      if (served?.tool !== tool || tool.scope !== 'read') throw new Error(`${tool.name} is not a read tool this server serves`);
      const caller = { user: { id: user.id, email: user.email }, token: CONSOLE_TOKEN, clientLabel: consoleLabel };
      return (await answerOf(gateway, served, caller, { ...args, detail: 'full' })) as FullAnswer<Tool>;
    },
  };
}
