import { root } from '@/lib/root';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export function POST(request: Request): Promise<Response> {
  return root().mcp.post(request);
}

export function GET(request: Request): Promise<Response> {
  return root().mcp.methodNotAllowed(request);
}

export function DELETE(request: Request): Promise<Response> {
  return root().mcp.methodNotAllowed(request);
}

// Answered like GET rather than by Next's automatic OPTIONS, which lists every method and carries no Cache-Control.
export function OPTIONS(request: Request): Promise<Response> {
  return root().mcp.methodNotAllowed(request);
}
