import { redirect } from 'next/navigation';
import { consolePage } from '@/app/components/ConsolePage';
import { SiteHeader } from '@/app/components/SiteHeader';
import { MIN_PASSWORD_LENGTH } from '@/lib/account/passwords';
import { currentUser } from '@/lib/root/session';
import { SignUpForm } from './SignUpForm';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Create an account · JEV' };

export default consolePage(async function SignUpPage() {
  if (await currentUser()) redirect('/connect');
  return (
    <>
      <SiteHeader user={null} current="/signup" />
      <main id="main" className="inner narrow">
        <h1>Create an account</h1>
        <p className="lead">Then create an access token for your agent on the Connect page.</p>
        <SignUpForm minPasswordLength={MIN_PASSWORD_LENGTH} />
      </main>
    </>
  );
});
