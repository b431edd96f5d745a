import { root } from '@/lib/root';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const POST = (request: Request) => root().oauth.revoke(request);
