import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { connectToHost, documentHeight, type Host, type HostFrame } from './bridge';
import type { ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { INLINE_MAX_ROWS, inlineLimit, type Display, type Env } from './env';
import { frame } from './frame';

// How a view runs in the host: it connects, waits for the answer the model received, draws it, and draws again
// whenever its state or the host's context (theme, width, time zone, display mode, size) changes. A view is
// written for React and runs on Preact (scripts/build-views.mts bundles it so, for size): a draw updates only
// what changed, so the control that has the focus keeps it. Inline, in the conversation, a view draws its
// compact form and fits it to the height allowed (the directories ask for at most 500 pixels, and no scrolling
// inside the chat); in full screen it draws everything.

/** Changes the state and draws it; `focus` names the control (its data-focus) the keyboard continues from. */
export type Update<State> = (change: (state: State) => State, focus?: string) => void;

export interface ViewSpec<State> {
  title: string;
  /** The state drawn first, from the tool's arguments and its answer as the model received it. */
  start(args: Record<string, unknown>, answer: Record<string, unknown>, host: Host, update: Update<State>): State;
  render(state: State, env: Env, update: Update<State>): ReactElement;
}

/** Follows the host's theme and its style variables (colours, fonts, radii), falling back to the view's own. */
function applyHostContext(context: McpUiHostContext): void {
  const root = document.documentElement;
  if (context.theme) {
    root.dataset.theme = context.theme;
    root.style.colorScheme = context.theme;
  }
  for (const [name, value] of Object.entries(context.styles?.variables ?? {})) {
    if (name.startsWith('--') && value) root.style.setProperty(name, value);
  }
}

export function runView<State>(spec: ViewSpec<State>): void {
  const app = document.getElementById('app')!;
  const root = createRoot(app);
  // Until the host says otherwise, the system's theme.
  applyHostContext({ theme: matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light' });
  let args: Record<string, unknown> = {};
  let state: State | undefined;
  let message = 'Waiting for the answer…';
  let context: McpUiHostContext = {};
  let connected: HostFrame | undefined;
  const display: Display = {
    mode: 'inline',
    canFullscreen: false,
    rows: INLINE_MAX_ROWS,
    request: (mode) =>
      void connected?.requestDisplayMode(mode).then((shown) => {
        // The host says which mode it chose; its context change follows, but the view need not wait for it.
        display.mode = shown === 'fullscreen' ? 'fullscreen' : 'inline';
        draw(shown === 'fullscreen' ? 'exit-fullscreen' : 'fullscreen');
      }),
    openLink: (url) =>
      void connected?.openLink(url).then((opened) => {
        display.refusedLink = opened ? undefined : url;
        draw();
      }),
  };
  let env: Env = { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, width: window.innerWidth, display };

  const page = () =>
    state === undefined
      ? frame({
          title: spec.title,
          notes: [],
          body: (
            <p className="status" role="status">
              {message}
            </p>
          ),
          env,
        })
      : spec.render(state, env, update);
  /**
   * Draws the view. Inline, with as many rows of its list as fit the height allowed: the most first, one fewer
   * until it fits. Should even one row not fit (a very narrow, very short frame), the document is held to the
   * height and scrolls, rather than the host's frame growing past it.
   */
  const draw = (focus?: string) => {
    const limit = inlineLimit(context);
    const inline = display.mode === 'inline';
    const html = document.documentElement;
    html.style.maxHeight = '';
    // Each draw is done before it is measured: React's root.render only schedules a draw, so flushSync makes it
    // happen now and the fit is measured on the page as drawn (Preact's render draws at once; flushSync costs nothing).
    for (display.rows = INLINE_MAX_ROWS; ; display.rows--) {
      flushSync(() => root.render(page()));
      if (!inline || display.rows === 1 || documentHeight() <= limit) break;
    }
    // The control the change names (sorting, paging, going back) takes the focus: it may be a new one. Should the
    // change have disabled it (the last page reached), the control it names as its counterpart takes the focus,
    // so the keyboard is never left on a control that cannot hold it.
    if (focus) {
      const named = app.querySelector<HTMLElement>(`[data-focus="${CSS.escape(focus)}"]`);
      const counterpart = named?.matches(':disabled') && named.dataset.focusElse;
      (counterpart ? app.querySelector<HTMLElement>(`[data-focus="${CSS.escape(counterpart)}"]`) : named)?.focus();
    }
    html.dataset.display = display.mode;
    html.style.maxHeight = inline && documentHeight() > limit ? `${limit}px` : '';
  };
  const update: Update<State> = (change, focus) => {
    state = change(state!);
    draw(focus);
  };

  const host = connectToHost(
    { name: `jev-${spec.title.toLowerCase().replace(/\W+/g, '-')}`, version: '0.1.0' },
    {
      toolInput: (input) => (args = input),
      toolResult: (result: CallToolResult) =>
        void host.then((bridge: Host) => {
          if (result.isError)
            message = `The tool answered with an error: ${result.content.map((item) => (item.type === 'text' ? item.text : '')).join(' ')}`;
          else state = spec.start(args, (result.structuredContent ?? {}) as Record<string, unknown>, bridge, update);
          draw();
        }),
      toolCancelled: (reason) => {
        message = `The tool call was cancelled${reason ? `: ${reason}` : ''}.`;
        draw();
      },
      hostContext: (changed) => {
        context = changed;
        applyHostContext(context);
        if (context.displayMode) display.mode = context.displayMode === 'fullscreen' ? 'fullscreen' : 'inline';
        display.canFullscreen = context.availableDisplayModes?.includes('fullscreen') ?? false;
        env = { ...env, ...(context.timeZone ? { timeZone: context.timeZone } : {}) };
        draw();
      },
    },
  );
  void host.then((bridge) => (connected = bridge));
  window.addEventListener('resize', () => {
    if (window.innerWidth === env.width) return;
    env = { ...env, width: window.innerWidth };
    draw();
  });
  host.catch((error: unknown) => {
    message = `Could not reach the host: ${error instanceof Error ? error.message : String(error)}`;
    draw();
  });
  draw();
}
