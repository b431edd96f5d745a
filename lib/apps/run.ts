import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { connectToHost, type Host } from './bridge';
import { h, mount, type Node } from './dom';
import { frame } from './frame';

// How a view runs in the host: it connects, waits for the answer the model received, draws it, and draws again
// whenever its state or the host's context (theme, width, time zone) changes.

export interface Env {
  /** The user's time zone, as the host gives it. */
  timeZone: string;
  /** The width the view has, in CSS pixels. */
  width: number;
}

/** Changes the state and draws it; `focus` names the control (its data-focus) the keyboard continues from. */
export type Update<State> = (change: (state: State) => State, focus?: string) => void;

export interface ViewSpec<State> {
  title: string;
  /** The state drawn first, from the tool's arguments and its answer as the model received it. */
  start(args: Record<string, unknown>, answer: Record<string, unknown>, host: Host, update: Update<State>): State;
  render(state: State, env: Env, update: Update<State>): Node;
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
  const root = document.getElementById('app')!;
  // Until the host says otherwise, the system's theme.
  applyHostContext({ theme: matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light' });
  let args: Record<string, unknown> = {};
  let state: State | undefined;
  let message = 'Waiting for the answer…';
  let env: Env = { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, width: window.innerWidth };

  const draw = (focus?: string) =>
    mount(
      root,
      state === undefined
        ? frame({ title: spec.title, notes: [], body: [h('p', { class: 'status', role: 'status' }, message)] })
        : spec.render(state, env, update),
      focus,
    );
  const update: Update<State> = (change, focus) => {
    state = change(state!);
    draw(focus);
  };

  const host = connectToHost(
    { name: `jev-${spec.title.toLowerCase().replace(/\W+/g, '-')}`, version: '0.1.0' },
    {
      toolInput: (input) => (args = input),
      toolResult: (result: CallToolResult) =>
        void host.then((connected) => {
          if (result.isError)
            message = `The tool answered with an error: ${result.content.map((item) => (item.type === 'text' ? item.text : '')).join(' ')}`;
          else state = spec.start(args, (result.structuredContent ?? {}) as Record<string, unknown>, connected, update);
          draw();
        }),
      toolCancelled: (reason) => {
        message = `The tool call was cancelled${reason ? `: ${reason}` : ''}.`;
        draw();
      },
      hostContext: (context) => {
        applyHostContext(context);
        env = { ...env, ...(context.timeZone ? { timeZone: context.timeZone } : {}) };
        draw();
      },
    },
  );
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
