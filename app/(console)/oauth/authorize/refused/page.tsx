import { consolePage } from '@/app/components/ConsolePage';
import { SiteHeader } from '@/app/components/SiteHeader';
import { requireUser } from '@/lib/root/session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Not allowed · JEV' };

// Where a consent answer lands when its form was made for another user or request: nothing was granted.
export default consolePage(async function RefusedPage() {
  const user = await requireUser();
  return (
    <>
      <SiteHeader user={user} current="/connect" />
      <main id="main" className="inner">
        <h1>That answer was not accepted</h1>
        <p role="alert" className="field-error">
          The consent form was not made for you or for this request, so nothing was granted. Start again from the app.
        </p>
      </main>
    </>
  );
});
