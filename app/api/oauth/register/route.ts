import { handleRegistration, oauthRoute } from '@/lib/oauth/endpoints';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const POST = oauthRoute(handleRegistration);
