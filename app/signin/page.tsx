import { redirect } from 'next/navigation';
import { consolePage } from '@/app/components/ConsolePage';
import { SiteHeader } from '@/app/components/SiteHeader';
import { oauthProviders } from '@/lib/auth/options';
import { root } from '@/lib/root';
import { currentUser } from '@/lib/root/session';
import { safeCallbackPath } from '@/lib/console/paths';
import { SignInForm } from './SignInForm';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Sign in · JEV' };

export default consolePage(async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { callbackUrl, error } = await searchParams;
  const next = safeCallbackPath(callbackUrl);
  if (await currentUser()) redirect(next);
  return (
    <>
      <SiteHeader user={null} current="/signin" />
      <main id="main" className="inner narrow">
        <h1>Sign in</h1>
        <p className="lead">Sign in to create access tokens for your agents and set up your bankroll.</p>
        <SignInForm
          callbackUrl={next}
          providers={oauthProviders(root().config)}
          providerError={typeof error === 'string' ? error : undefined}
        />
      </main>
    </>
  );
});
