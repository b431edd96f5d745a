// The forms of a console page as a browser without JavaScript would submit them: React renders every server
// action's form with hidden fields naming the action ($ACTION_ID_… for a plain action, $ACTION_REF_… and
// $ACTION_…:n for one behind useActionState), and a multipart POST of the form to the page runs the action.
// A few regular expressions suffice for the markup React writes (double-quoted attributes, no nesting).

export interface HtmlForm {
  /** Hidden fields, React's action fields included, as rendered. */
  hidden: [string, string][];
  /** The fields a person fills in: name → the choices offered (a select's or radios' values; [] for free text). */
  inputs: Map<string, string[]>;
  /** What submitting it untouched sends: hidden fields, text as rendered, checked radios, selected options. */
  defaults: [string, string][];
}

const ENTITIES: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'", '#39': "'", '#x27': "'" };
const decode = (text: string) => text.replace(/&(#x27|#39|quot|amp|lt|gt|apos);/g, (_, name: string) => ENTITIES[name] ?? '');

function attributes(tag: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [, name, value] of tag.matchAll(/\s([\w$:-]+)(?:="([^"]*)")?/g)) found[name as string] = decode(value ?? '');
  return found;
}

export function htmlForms(html: string): HtmlForm[] {
  return [...html.matchAll(/<form\b[^>]*>(.*?)<\/form>/gs)].map(([, inner = '']) => {
    const hidden: [string, string][] = [];
    const inputs = new Map<string, string[]>();
    const defaults: [string, string][] = [];
    const offer = (name: string, value?: string) => {
      const choices = inputs.get(name) ?? [];
      if (value !== undefined) choices.push(value);
      inputs.set(name, choices);
    };
    for (const [tag] of inner.matchAll(/<input\b[^>]*>/g)) {
      const { name, value = '', type = 'text', checked } = attributes(tag);
      if (name === undefined) continue;
      if (type === 'hidden') hidden.push([name, value]);
      else if (type === 'radio' || type === 'checkbox') offer(name, value);
      else offer(name);
      if (type === 'hidden' || (type !== 'radio' && type !== 'checkbox') || checked !== undefined) defaults.push([name, value]);
    }
    for (const [, open = '', options = ''] of inner.matchAll(/<select\b([^>]*)>(.*?)<\/select>/gs)) {
      const { name } = attributes(open);
      if (name === undefined) continue;
      const values = [...options.matchAll(/<option\b([^>]*)>/g)].map(([, optionTag = '']) => attributes(optionTag));
      for (const option of values) offer(name, option.value ?? '');
      const chosen = values.find((option) => option.selected !== undefined) ?? values[0];
      defaults.push([name, chosen?.value ?? '']);
    }
    for (const [, open = '', text = ''] of inner.matchAll(/<textarea\b([^>]*)>(.*?)<\/textarea>/gs)) {
      const { name } = attributes(open);
      if (name === undefined) continue;
      offer(name);
      defaults.push([name, decode(text)]);
    }
    for (const [tag] of inner.matchAll(/<button\b[^>]*>/g)) {
      const { name, value } = attributes(tag);
      if (name !== undefined) offer(name, value ?? '');
    }
    return { hidden, inputs, defaults };
  });
}

/** A multipart/form-data body of these fields, as a browser sends a form. */
export function multipart(fields: readonly [string, string][]): { body: Buffer; contentType: string } {
  const boundary = `----jevform${Math.random().toString(16).slice(2)}`;
  const parts = fields.map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/"/g, '%22')}"\r\n\r\n${value}\r\n`,
  );
  return { body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), contentType: `multipart/form-data; boundary=${boundary}` };
}
