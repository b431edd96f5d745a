// Builds JEV's MCP Apps views (lib/apps/catalogue.ts) into one self-contained HTML document each, in build/views/
// (npm `prebuild`; not committed). esbuild bundles each view's script; the
// script and the stylesheets (the views' own and the one they share with the console) are inlined, so a view
// fetches nothing: the server serves the documents as they are (lib/mcp/views.ts) and hosts render them in a
// sandboxed frame.
import { build, transform } from 'esbuild';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { VIEW_DOCUMENT_CSP, VIEWS, VIEWS_BUILD_DIR, type View } from '@/lib/apps/catalogue';

const ROOT = path.join(import.meta.dirname, '..');
const SOURCES = path.join(ROOT, 'lib', 'apps');

/** A view's largest size: a host reads it whole (resources/read) before it draws anything. */
export const MAX_VIEW_BYTES = 150 * 1024;

/** The HTML document of one view, its script and styles inlined. */
export async function viewDocument(view: View): Promise<string> {
  const bundle = await build({
    entryPoints: [path.join(SOURCES, 'main', `${view.key}.ts`)],
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    // The views and the components they share with the console are written for React; Preact runs them at a
    // tenth of its size (a view may be at most MAX_VIEW_BYTES).
    jsx: 'automatic',
    alias: {
      react: 'preact/compat',
      'react-dom': 'preact/compat',
      'react-dom/client': 'preact/compat/client',
      'react/jsx-runtime': 'preact/compat/jsx-runtime',
    },
    legalComments: 'none',
    write: false,
  });
  const stylesheets = [
    path.join(ROOT, 'lib', 'present', 'palette.css'),
    path.join(SOURCES, 'views.css'),
    path.join(ROOT, 'lib', 'present', 'present.css'),
  ];
  const css = (await Promise.all(stylesheets.map((file) => readFile(file, 'utf8')))).join('\n');
  const styles = await transform(css, { loader: 'css', minify: true });
  // Inside a script element, "</script" would end it early, wherever it appears (a string, a regular expression).
  const script = bundle.outputFiles[0]!.text.replace(/<\/(script)/gi, '<\\/$1');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta http-equiv="Content-Security-Policy" content="${VIEW_DOCUMENT_CSP}">`,
    `<title>${view.title} · JEV</title>`,
    `<style>${styles.code.trim()}</style>`,
    '</head>',
    '<body>',
    '<div id="app"></div>',
    `<script>${script.trim()}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * Writes every view to `dir` and returns their sizes. Each file is replaced whole (written aside, then renamed),
 * so a server reading one while a build runs beside it never sees half of it.
 */
export async function buildViews(dir: string): Promise<{ view: View; bytes: number }[]> {
  await mkdir(dir, { recursive: true });
  const built = [];
  for (const view of VIEWS) {
    const html = await viewDocument(view);
    const bytes = Buffer.byteLength(html);
    if (bytes > MAX_VIEW_BYTES) throw new Error(`${view.uri} is ${bytes} bytes; a view may be at most ${MAX_VIEW_BYTES}.`);
    const file = path.join(dir, `${view.key}.html`);
    await writeFile(`${file}.${process.pid}.tmp`, html);
    await rename(`${file}.${process.pid}.tmp`, file);
    built.push({ view, bytes });
  }
  return built;
}

if (process.argv[1] === import.meta.filename) {
  const built = await buildViews(path.join(ROOT, VIEWS_BUILD_DIR));
  console.log(
    `build-views: ${built.map(({ view, bytes }) => `${view.uri} ${(bytes / 1024).toFixed(1)} KB`).join(', ')} in ${VIEWS_BUILD_DIR}`,
  );
}
