import type { ReactNode } from 'react';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '@/lib/errors';
import { noteUnavailable } from '@/lib/observe';

/** What a page shows when the database cannot serve it (rendered on the server, so every browser reads it). */
function DatabaseUnavailable() {
  return (
    <main id="main" className="inner narrow">
      <h1>This page is unavailable right now</h1>
      <p role="alert" className="field-error">
        JEV&rsquo;s database is not answering, so this page cannot be shown. Nothing you saved is lost. Try again in a few seconds.
      </p>
      <p>
        <a href="">Try again</a>
      </p>
    </main>
  );
}

/**
 * A console page that, when the database cannot serve it (unreachable, or too slow: lib/errors.ts), shows the
 * notice above and answers 503 with Retry-After (server.mjs), as the API does, instead of failing with a 500.
 * Any other failure is thrown on, to the error page (app/error.tsx).
 */
export function consolePage<Props>(render: (props: Props) => Promise<ReactNode>): (props: Props) => Promise<ReactNode> {
  return async function ConsolePage(props: Props): Promise<ReactNode> {
    try {
      return await render(props);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      noteUnavailable(DATABASE_RETRY_AFTER_SECONDS);
      return <DatabaseUnavailable />;
    }
  };
}
