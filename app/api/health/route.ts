// Liveness probe, and the benchmark's baseline: the cheapest route this Next build can serve.
export const dynamic = 'force-dynamic';

export function GET(): Response {
  return Response.json({ ok: true, service: 'jev' }, { headers: { 'Cache-Control': 'no-store' } });
}
