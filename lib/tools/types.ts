import type { z } from 'zod';
import type { TokenScope } from '@/lib/account/token-format';
import type { Db } from '@/lib/db/client';

export interface ToolHints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** Who is calling and with what: built by the gateway, handed to every tool. Tools reach I/O only through it. */
export interface ToolContext {
  user: { id: string; email: string };
  token: { id: string; scope: TokenScope };
  /** Client name for records (MCP clientInfo name, else User-Agent). Never changes what a request may do. */
  clientLabel: string | undefined;
  db: Db;
  now: () => Date;
}

export interface ToolDefinition<Input extends z.ZodType = z.ZodType, Output = unknown> {
  name: string;
  title: string;
  /** What the tool does, what it returns and when an agent should use it. */
  description: string;
  scope: TokenScope;
  hints: ToolHints;
  input: Input;
  run(ctx: ToolContext, args: z.output<Input>): Promise<Output>;
}

/** Keeps each definition's argument type tied to its own schema. */
export function defineTool<Input extends z.ZodType, Output>(tool: ToolDefinition<Input, Output>): ToolDefinition<Input, Output> {
  return tool;
}

export const CALCULATOR_HINTS: ToolHints = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};
