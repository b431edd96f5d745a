import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError } from '@modelcontextprotocol/server';
import type { z } from 'zod';

// Written for the SDK release in ./version.ts. JEV's server is the SDK's low-level Server with a handler per method
// (its McpServer would register every tool, note and prompt again for each stateless request), so the refusals the
// McpServer's own handlers give are JEV's to give: an unknown tool or prompt, a prompt's arguments that do not fit,
// a resource URI that does not parse or names nothing. Clients written against the SDK read them as it words them,
// and tests/integration/mcp/sdk-workarounds.test.ts holds each equal to the McpServer's answer.

export const unknownTool = (name: string) => new ProtocolError(ProtocolErrorCode.InvalidParams, `Tool ${name} not found`);

export const unknownPrompt = (name: string) => new ProtocolError(ProtocolErrorCode.InvalidParams, `Prompt ${name} not found`);

/** The SDK's wording of a schema issue: its path, dotted, before the message. */
const issueText = (issue: z.core.$ZodIssue) =>
  issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message;

export const invalidPromptArguments = (name: string, error: z.ZodError) =>
  new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid arguments for prompt ${name}: ${error.issues.map(issueText).join(', ')}`);

export const invalidResourceUri = (uri: string) =>
  new ProtocolError(ProtocolErrorCode.InvalidParams, `Resource URI ${uri} is invalid`, { uri, reason: 'invalid_uri' });

export const unknownResource = (uri: string) => new ResourceNotFoundError(uri);
