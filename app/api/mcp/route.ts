import { mcpMethodNotAllowed, postMcp } from '@/lib/mcp/http';
import { root } from '@/lib/root';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export function POST(request: Request): Promise<Response> {
  return postMcp(root().mcp, request);
}

export function GET(request: Request): Promise<Response> {
  return mcpMethodNotAllowed(root().mcp, request);
}

export function DELETE(request: Request): Promise<Response> {
  return mcpMethodNotAllowed(root().mcp, request);
}

// Answered like GET rather than by Next's automatic OPTIONS, which lists every method and carries no Cache-Control.
export function OPTIONS(request: Request): Promise<Response> {
  return mcpMethodNotAllowed(root().mcp, request);
}
