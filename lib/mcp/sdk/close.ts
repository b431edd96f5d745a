import { Server } from '@modelcontextprotocol/server';

// Written for the SDK release in ./version.ts, whose close of a connection (Protocol._onclose) builds an SdkError
// "Connection closed", stack and all, to settle whatever still waits for an answer, even when nothing does. A
// stateless server is closed after every request, when nothing waits, and that stack was 4% of an MCP call's CPU.
// This server's close builds the error without a stack: it is the same SdkError, handed to the same waiters.

export class StacklessCloseServer extends Server {
  protected override _onclose(): void {
    const depth = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super._onclose();
    } finally {
      Error.stackTraceLimit = depth;
    }
  }
}
