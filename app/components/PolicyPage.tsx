import type { ReactNode } from 'react';
import { POLICIES_UPDATED } from '@/lib/console/policies';
import type { ConsoleUser } from '@/lib/root/session';
import { SiteHeader } from './SiteHeader';

/** The frame of the privacy, terms and support pages: public, dated, readable signed in or out. */
export function PolicyPage({
  user,
  title,
  lead,
  children,
}: {
  user: ConsoleUser | null;
  title: string;
  lead: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <SiteHeader user={user} />
      <main id="main" className="inner policy">
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
        <p className="muted">
          Last updated <time dateTime={POLICIES_UPDATED}>{POLICIES_UPDATED}</time>.
        </p>
        {children}
      </main>
    </>
  );
}

/** The support address as a link. */
export function SupportEmail({ address }: { address: string }) {
  return <a href={`mailto:${address}`}>{address}</a>;
}
