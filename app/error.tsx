'use client';

// The page shown when a page or a server action could not be served: the database not answering (the server
// then answers 503 with Retry-After), or a failure on JEV's side (500, logged). Nothing the user saved is lost
// either way, and trying again (a full load: the page's server side runs again) is the cure for the first.
export default function ErrorPage() {
  return (
    <main id="main" className="inner narrow">
      <h1>This page is unavailable right now</h1>
      <p role="alert" className="field-error">
        JEV could not show it: its database is not answering, or something failed on JEV&rsquo;s side. Nothing you saved is lost. Try again
        in a few seconds; if it keeps failing, report it.
      </p>
      <div className="actions">
        <button type="button" onClick={() => window.location.reload()}>
          Try again
        </button>
      </div>
    </main>
  );
}
