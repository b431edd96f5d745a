import { readFileSync } from 'node:fs';
import path from 'node:path';
import { VIEWS_BUILD_DIR, type View } from './catalogue';

// The views' HTML documents, as `npm run build` writes them (scripts/build-views.mts), read on the server when a
// host first asks for one. They never change while the process runs.

const documents = new Map<string, string>();

export function viewDocument(view: View): string {
  let html = documents.get(view.key);
  if (html === undefined) {
    const file = path.join(process.cwd(), VIEWS_BUILD_DIR, `${view.key}.html`);
    try {
      html = readFileSync(file, 'utf8');
    } catch {
      throw new Error(`The view ${view.uri} is not built: \`npm run build\` writes ${VIEWS_BUILD_DIR}/${view.key}.html.`);
    }
    documents.set(view.key, html);
  }
  return html;
}
