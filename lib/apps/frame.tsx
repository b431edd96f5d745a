import { SAMPLE_NOTE, SAMPLE_NOTE_SHORT } from '@/lib/data/sample/note';
import { HELPLINE, HELPLINE_LINK, RESPONSIBLE_GAMBLING_LEAD } from '@/lib/responsible-gambling';
import type { ReactElement, ReactNode } from 'react';
import type { Env } from './env';

// What every view shows around its data: a heading, the sample-data notice when the answers are the sample
// slate's, every other note the answers carry, the responsible-gambling line with the helpline as a link the
// host opens, and the state of its calls. Inline, the notice is a line and the notes are a tab of the compact
// form (compactForm, below); full screen, everything is said in full, with a way back to the conversation.

/** A call the view is making or has made through the host. */
export type Loading<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; answer: T };

export const loading = { state: 'loading' } as const;

/**
 * The notes of a view's answers, each once: the sample-data sentence is lifted out of whatever note carries it
 * and shown as the notice above everything else.
 */
function notesOtherThanSample(notes: readonly string[]): string[] {
  return [...new Set(notes.map((note) => note.replace(SAMPLE_NOTE, '').trim()).filter(Boolean))];
}

function notices(notes: readonly string[], inline: boolean): ReactNode {
  const sample = notes.some((note) => note.includes(SAMPLE_NOTE));
  const others = notesOtherThanSample(notes);
  return (
    <>
      {sample && (
        <p className="notice sample" role="note" data-sample>
          {inline ? SAMPLE_NOTE_SHORT : SAMPLE_NOTE}
        </p>
      )}
      {!inline && others.length > 0 && (
        <ul className="notes" aria-label="Notes from JEV">
          {others.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </>
  );
}

/** A link the host opens (ui/open-link); said so beside it when the host would not. */
export function link(env: Env, url: string, text: string, attrs: Record<string, string> = {}): ReactNode {
  return (
    <>
      <a
        href={url}
        {...attrs}
        // The host opens it: the sandboxed frame itself may not navigate.
        onClick={(event) => {
          event.preventDefault();
          env.display.openLink(url);
        }}
      >
        {text}
      </a>
      {env.display.refusedLink === url && (
        <span className="refused" role="status">
          {` (this host would not open ${url})`}
        </span>
      )}
    </>
  );
}

export function frame({
  title,
  lead,
  notes,
  body,
  env,
}: {
  title: string;
  lead?: ReactNode;
  notes: readonly string[];
  body: ReactNode;
  env: Env;
}): ReactElement {
  const inline = env.display.mode === 'inline';
  return (
    // Named by its heading: the host's page has a main landmark of its own around the view's frame.
    <main className="view" aria-labelledby="view-title">
      <header className="top">
        <h1 id="view-title">{title}</h1>
        {!inline && (
          <button type="button" className="secondary" data-focus="exit-fullscreen" onClick={() => env.display.request('inline')}>
            Back to the chat
          </button>
        )}
      </header>
      {lead !== undefined && <p className="lead">{lead}</p>}
      {notices(notes, inline)}
      {body}
      <p className="footer">
        {`${RESPONSIBLE_GAMBLING_LEAD} `}
        {link(env, HELPLINE_LINK, HELPLINE, { className: 'helpline', 'data-link': 'helpline' })}.
      </p>
    </main>
  );
}

/** One of the compact form's lists: its items, each a line or two. */
export interface CompactTab {
  key: string;
  label: string;
  items: readonly ReactNode[];
  /** Said when the list is empty (or still loading: then the loading line instead). */
  empty: ReactNode;
}

/**
 * Where the compact form is: the list it shows, its first row shown, and where the pages before began (a page
 * holds as many rows as fit, so "previous" goes back to where the user was rather than counting back).
 */
export interface CompactPlace {
  tab: string;
  start: number;
  before: number[];
}

export const firstPlace = (tab: string): CompactPlace => ({ tab, start: 0, before: [] });

/** The notes other than the sample notice, as the compact form's last tab: none when there are none. */
export function notesTab(notes: readonly string[]): CompactTab[] {
  const others = notesOtherThanSample(notes);
  return others.length === 0 ? [] : [{ key: 'notes', label: 'Notes', items: others, empty: null }];
}

/**
 * A view's compact inline form below its heading: a summary, then one list at a time (its tabs) with as many rows
 * as fit the height the host allows (env.display.rows), paged in place, and the way to full screen when the host
 * offers it. Every figure the list holds is reachable inline, a page at a time; the charts and the full tables
 * are full screen's.
 */
export function compactForm({
  summary,
  tabs,
  place,
  onPlace,
  fullscreen,
  env,
}: {
  summary: ReactNode;
  tabs: readonly CompactTab[];
  place: CompactPlace;
  onPlace: (place: CompactPlace, focus: string) => void;
  /** What full screen shows more, on its button. */
  fullscreen: string;
  env: Env;
}): ReactNode {
  const tab = tabs.find((t) => t.key === place.tab) ?? tabs[0]!;
  const rows = env.display.rows;
  const start = place.tab === tab.key && place.start < tab.items.length ? place.start : 0;
  const shown = tab.items.slice(start, start + rows);
  const next = () => onPlace({ tab: tab.key, start: start + shown.length, before: [...place.before, start] }, 'page-next');
  const previous = () => onPlace({ tab: tab.key, start: place.before.at(-1) ?? 0, before: place.before.slice(0, -1) }, 'page-previous');
  return (
    <>
      {summary}
      {tabs.length > 1 && (
        <div className="tabs" role="group" aria-label="Lists">
          {tabs.map((t) => (
            <button
              key={t.key}
              type="button"
              className="tab"
              aria-pressed={t.key === tab.key ? 'true' : 'false'}
              data-focus={`tab-${t.key}`}
              onClick={() => onPlace(firstPlace(t.key), `tab-${t.key}`)}
            >
              {`${t.label} (${t.items.length})`}
            </button>
          ))}
        </div>
      )}
      {shown.length === 0 ? (
        <div className="compact-list" data-list={tab.key}>
          {tab.empty}
        </div>
      ) : (
        <ul className="compact-list" data-list={tab.key} aria-label={tab.label}>
          {shown.map((item, index) => (
            // Keyed by its place on the page: a page turned draws its items into the same elements.
            <li key={index}>{item}</li>
          ))}
        </ul>
      )}
      <div className="pager">
        {(tab.items.length > rows || start > 0) && (
          <>
            <button
              type="button"
              className="secondary"
              data-focus="page-previous"
              data-focus-else="page-next"
              disabled={start === 0}
              onClick={previous}
            >
              <span aria-hidden="true">‹</span>
              <span className="visually-hidden">Previous</span>
            </button>
            <span className="range" role="status">
              {`${start + 1}–${start + shown.length} of ${tab.items.length}`}
            </span>
            <button
              type="button"
              className="secondary"
              data-focus="page-next"
              data-focus-else="page-previous"
              disabled={start + shown.length >= tab.items.length}
              onClick={next}
            >
              <span aria-hidden="true">›</span>
              <span className="visually-hidden">Next</span>
            </button>
          </>
        )}
        {env.display.canFullscreen ? (
          <button type="button" className="fullscreen" data-focus="fullscreen" onClick={() => env.display.request('fullscreen')}>
            {fullscreen}
          </button>
        ) : (
          <span className="muted inline-only">This host shows views inline only: page through the lists here.</span>
        )}
      </div>
    </>
  );
}

/** Text that may run long (a client's label): cut to two lines on screen, all of it in the page and its title. */
export const clipped = (text: string) => (
  <span className="clip" title={text}>
    {text}
  </span>
);

/** A call still running or failed, said where its content will be; nothing once it is ready. */
export function pending(call: Loading<unknown>, what: string): ReactNode {
  if (call.state === 'loading')
    return (
      <p className="status" role="status">
        {`Loading ${what}…`}
      </p>
    );
  if (call.state === 'failed')
    return (
      <p className="error" role="alert">
        {`Could not load ${what}: ${call.message}`}
      </p>
    );
  return null;
}

/** A list's "N more" button, with "Loading…" while its page is asked for and why the last page failed, if it did. */
export function moreButton({
  focus,
  label,
  paging,
  failed,
  onClick,
}: {
  focus: string;
  label: string;
  paging: boolean;
  failed: string | undefined;
  onClick: () => void;
}): ReactNode {
  return (
    <p>
      <button type="button" className="secondary" data-focus={focus} disabled={paging} onClick={onClick}>
        {paging ? 'Loading…' : label}
      </button>
      {failed && (
        <span className="error" role="alert">
          {` Could not load them: ${failed}`}
        </span>
      )}
    </p>
  );
}
