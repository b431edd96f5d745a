import type { z } from 'zod';
import type { ToolDefinition } from '@/lib/tools/types';
import { answerOf, type Gateway } from './gateway';

// The console's pages run the gateway's read tools for the signed-in user, in the context every call gets and with
// its answers checked as every call's are, so a page shows exactly what an agent would be told. There is no token:
// the session is the caller, no budget is spent, and a page may only read (writes go through the pages' own forms
// and server actions).

/** A tool that takes `detail`, with the shape of its full answer. */
type DetailedTool = ToolDefinition & { fullOutput: z.ZodType };

/** A tool's full answer (`detail: "full"`), as its definition's fullOutput types it. */
export type FullAnswer<Tool extends DetailedTool> = z.input<Tool['fullOutput']>;

/** The console as a caller: read-only, and what it would save (nothing) labelled as the console's. */
const CONSOLE_TOKEN = { id: 'console', scope: 'read' } as const;
const consoleLabel = () => Promise.resolve('console');

export function createConsoleReader(gateway: Gateway) {
  return {
    /**
     * Runs the gateway's read tool `tool` for `user` with `detail: "full"`, arguments checked as the gateway
     * checks them; the definition types the arguments and the answer, so neither can belong to another tool.
     */
    async readFull<Tool extends DetailedTool>(
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
