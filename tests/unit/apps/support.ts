import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Host } from '@/lib/apps/bridge';
import type { ViewCallableTool } from '@/lib/apps/catalogue';
import { Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import type { Display, Env } from '@/lib/apps/env';
import type { Update, ViewSpec } from '@/lib/apps/run';
import { VIEW_ANSWERS_DIR } from '../../helpers/view-answers.mjs';

// Drives a view without a browser: its spec starts from a recorded answer, a fake host answers its calls with
// recorded answers, and the drawing is read back as a tree of elements: the view's React elements with its
// components drawn (they are plain functions of their props, no state of their own).

export const answer = (file: string): Record<string, any> => JSON.parse(readFileSync(path.join(VIEW_ANSWERS_DIR, `${file}.json`), 'utf8'));

/** A display the test reads back: full screen unless a test asks for the compact inline form. */
export function display(mode: Display['mode'] = 'fullscreen', rows = 5): Display & { requested: string[]; opened: string[] } {
  const requested: string[] = [];
  const opened: string[] = [];
  return {
    mode,
    canFullscreen: true,
    rows,
    requested,
    opened,
    request: (to) => void requested.push(to),
    openLink: (url) => void opened.push(url),
  };
}

export const ENV: Env = { timeZone: 'America/New_York', width: 900, display: display() };

export interface Call {
  name: ViewCallableTool;
  args: Record<string, unknown>;
}

/** A host whose tool calls answer from `answers` (a tool's answer, or a function of its arguments). */
export function fakeHost(answers: Partial<Record<ViewCallableTool, unknown>>): Host & { calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    async callTool<Answer>(name: ViewCallableTool, args: Record<string, unknown>) {
      calls.push({ name, args });
      const given = answers[name];
      if (given === undefined) throw new Error(`no answer for ${name}`);
      if (given instanceof Error) throw given;
      return (typeof given === 'function' ? (given as (args: Record<string, unknown>) => unknown)(args) : structuredClone(given)) as Answer;
    },
  };
}

/** Lets every pending call's answer arrive. */
export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

export function drive<State>(
  spec: ViewSpec<State>,
  args: Record<string, unknown>,
  modelAnswer: Record<string, unknown>,
  host: Host,
  env = ENV,
) {
  let state: State;
  let focus: string | undefined;
  const update: Update<State> = (change, next) => {
    state = change(state);
    focus = next;
  };
  state = spec.start(args, modelAnswer, host, update);
  return {
    get state() {
      return state;
    },
    get focus() {
      return focus;
    },
    render: (): Node => tree(spec.render(state, env, update)),
  };
}

/** An element as the tests read it: its tag, its attributes as the page has them, its click handler, its children. */
export interface Node {
  tag: string;
  attrs: Record<string, string | number | boolean | undefined>;
  on: { click?: (event: { preventDefault(): void }) => void };
  children: (Node | string)[];
}

/** The elements a view drew, its components called with their props, down to tags and text. */
export function tree(element: ReactElement): Node {
  const [node] = flatten(element);
  if (!node || typeof node === 'string') throw new Error('a view draws one element');
  return node;
}

function flatten(child: ReactNode): (Node | string)[] {
  if (child === null || child === undefined || typeof child === 'boolean') return [];
  if (typeof child === 'string' || typeof child === 'number' || typeof child === 'bigint') return [String(child)];
  if (Array.isArray(child)) return child.flatMap(flatten);
  if (!isValidElement(child)) throw new Error(`not something a view draws: ${typeof child}`);
  const { type, props } = child as ReactElement<Record<string, unknown> & { children?: ReactNode }>;
  if (type === Fragment) return flatten(props.children);
  if (typeof type === 'function') return flatten((type as (props: unknown) => ReactNode)(props));
  const { children, onClick, className, ...attrs } = props;
  if (className !== undefined) attrs.class = className;
  return [
    {
      tag: String(type),
      attrs: attrs as Node['attrs'],
      on: onClick ? { click: onClick as Node['on']['click'] } : {},
      children: flatten(children),
    },
  ];
}

export function* walk(node: Node | string): Generator<Node> {
  if (typeof node === 'string') return;
  yield node;
  for (const child of node.children) yield* walk(child);
}

export const textOf = (node: Node | string): string => (typeof node === 'string' ? node : node.children.map(textOf).join(''));

/** The nodes of a tree that `match`. */
export const findAll = (tree: Node, match: (node: Node) => boolean) => [...walk(tree)].filter(match);

/** The one node of a tree that `match`es. */
export function find(tree: Node, match: (node: Node) => boolean): Node {
  const found = findAll(tree, match);
  if (found.length !== 1) throw new Error(`expected one node, found ${found.length}`);
  return found[0]!;
}

export const byAttr = (name: string, value?: string | boolean) => (node: Node) =>
  value === undefined ? node.attrs[name] !== undefined : node.attrs[name] === value;

/** The exact numbers a node shows (its data-number attributes), in order. */
export const numbersIn = (node: Node) => findAll(node, byAttr('data-number')).map((n) => Number(n.attrs['data-number']));

export const click = (node: Node) => node.on.click!({ preventDefault() {} });
