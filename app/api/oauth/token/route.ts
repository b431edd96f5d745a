import { handleToken, oauthRoute } from '@/lib/oauth/endpoints';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const POST = oauthRoute(handleToken);
