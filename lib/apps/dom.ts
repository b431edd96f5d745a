// The views draw with plain data (a tree of nodes) and one function that turns it into the page. Text from the
// data (team and player names, notes, labels) only ever becomes text nodes: nothing is parsed as HTML, no
// attribute is an event handler, and handlers are functions of the view's own code. A tree is easy to test
// without a browser.

type Attribute = string | number | boolean | undefined;

export interface Node {
  tag: string;
  attrs: Record<string, Attribute>;
  on: Partial<Record<'click', () => void>>;
  children: (Node | string)[];
}

export type Child = Node | string | number | null | undefined | false | readonly Child[];

interface Props {
  [attribute: string]: Attribute | (() => void);
  onClick?: () => void;
}

function flatten(children: readonly Child[], into: (Node | string)[]): (Node | string)[] {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) flatten(child as readonly Child[], into);
    else into.push(typeof child === 'number' ? String(child) : (child as Node | string));
  }
  return into;
}

export function h(tag: string, props: Props | null = null, ...children: Child[]): Node {
  const { onClick, ...attrs } = props ?? {};
  for (const name of Object.keys(attrs)) {
    if (/^on/i.test(name)) throw new Error(`"${name}" is not an attribute a view sets: handlers are passed as onClick`);
  }
  return { tag, attrs: attrs as Record<string, Attribute>, on: onClick ? { click: onClick } : {}, children: flatten(children, []) };
}

const SVG = 'http://www.w3.org/2000/svg';
const SVG_TAGS = new Set(['svg', 'g', 'path', 'line', 'circle', 'text', 'title', 'rect']);

function build(node: Node | string, document: Document): globalThis.Node {
  if (typeof node === 'string') return document.createTextNode(node);
  const element = SVG_TAGS.has(node.tag) ? document.createElementNS(SVG, node.tag) : document.createElement(node.tag);
  for (const [name, value] of Object.entries(node.attrs)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  const click = node.on.click;
  // A link's handler opens it through the host: the sandboxed frame itself may not navigate.
  if (click) element.addEventListener('click', (event) => (node.tag === 'a' && event.preventDefault(), click()));
  for (const child of node.children) element.appendChild(build(child, document));
  return element;
}

/**
 * Draws `node` as the whole content of `root`. The control named `focus` (by its `data-focus`) gets the focus,
 * else the one that had it has it again, so sorting, paging or going back from the keyboard keeps the user's place.
 */
export function mount(root: Element, node: Node, focus?: string): void {
  const document = root.ownerDocument;
  const key = focus ?? document.activeElement?.getAttribute('data-focus');
  root.replaceChildren(build(node, document));
  if (key) root.querySelector<HTMLElement>(`[data-focus="${CSS.escape(key)}"]`)?.focus();
}
