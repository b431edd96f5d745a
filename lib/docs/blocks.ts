// Generated blocks inside a hand-written document: the text between `<!-- generated: name -->` and
// `<!-- /generated -->` is written from code (docs/contract.md's definitions and rules text), the rest is left as
// written. Every block the code offers must appear exactly once, and every marker must name one of them. The closing
// marker takes the opening one's indent, so markers indented under a list item leave the list whole.

const BLOCK = /^([ \t]*)<!-- generated: ([a-z0-9-]+) -->\n[\s\S]*?<!-- \/generated -->/gm;

/** The document with each generated block's text replaced by the code's; throws on a missing, repeated or unknown block. */
export function fillBlocks(document: string, blocks: Readonly<Record<string, string>>, file = 'the document'): string {
  const seen = new Map<string, number>();
  const filled = document.replace(BLOCK, (_whole, indent: string, name: string) => {
    seen.set(name, (seen.get(name) ?? 0) + 1);
    const text = blocks[name];
    if (text === undefined)
      throw new Error(`${file}: <!-- generated: ${name} --> names no block (known: ${Object.keys(blocks).join(', ')})`);
    return `${indent}<!-- generated: ${name} -->\n${text.trimEnd()}\n${indent}<!-- /generated -->`;
  });
  const problems = Object.keys(blocks).flatMap((name) => {
    const count = seen.get(name) ?? 0;
    return count === 1 ? [] : [`${name} appears ${count} times`];
  });
  if (problems.length > 0) throw new Error(`${file}: each generated block must appear exactly once: ${problems.join('; ')}`);
  return filled;
}
