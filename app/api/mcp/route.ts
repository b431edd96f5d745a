import { mcpEndpoint } from '@/lib/mcp/http';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export function POST(request: Request): Promise<Response> {
  return mcpEndpoint().post(request);
}

export function GET(request: Request): Promise<Response> {
  return mcpEndpoint().methodNotAllowed(request);
}

export function DELETE(request: Request): Promise<Response> {
  return mcpEndpoint().methodNotAllowed(request);
}

// Answered like GET rather than by Next's automatic OPTIONS, which lists every method and carries no Cache-Control.
export function OPTIONS(request: Request): Promise<Response> {
  return mcpEndpoint().methodNotAllowed(request);
}
