import { glob, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VIEW_DOCUMENT_CSP, VIEWS } from '@/lib/apps/catalogue';
import { buildViews, MAX_VIEW_BYTES } from '../../../scripts/build-views.mjs';

// The views as `npm run build` makes them (its prebuild step runs scripts/build-views.mts): one small HTML
// document each that fetches nothing and writes no markup from strings.

describe('the built views', () => {
  it('are built by npm run build', async () => {
    const { scripts } = JSON.parse(await readFile('package.json', 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.prebuild).toContain('tsx scripts/build-views.mts');
  });

  it('are drawn from sources that never pass markup as a string', async () => {
    const sources: string[] = [];
    for await (const file of glob('lib/{apps,present}/**/*.{ts,tsx}')) sources.push(file);
    expect(sources.length).toBeGreaterThan(10);
    for (const file of sources) expect(await readFile(file, 'utf8'), file).not.toMatch(/dangerouslySetInnerHTML|innerHTML/);
  });

  it('are one self-contained document each, under 150 KB, that reaches nothing outside itself', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'jev-views-'));
    try {
      const built = await buildViews(dir);
      expect(built.map(({ view }) => view.uri)).toEqual(VIEWS.map((view) => view.uri));
      for (const { view, bytes } of built) {
        const html = await readFile(path.join(dir, `${view.key}.html`), 'utf8');
        expect(Buffer.byteLength(html)).toBe(bytes);
        expect(bytes, view.uri).toBeLessThan(MAX_VIEW_BYTES);
        expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
        expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${VIEW_DOCUMENT_CSP}">`);
        // One inline script and one inline stylesheet; nothing loaded from anywhere.
        expect(html.match(/<script/g)).toHaveLength(1);
        expect(html).not.toMatch(/<script[^>]*\bsrc=|<link\b|@import|url\(|<iframe|<img/i);
        // No network from the script, and no markup made from strings: text is only ever text. (Preact holds
        // innerHTML for dangerouslySetInnerHTML, which no view or shared component passes: see below.)
        expect(html).not.toMatch(
          /\bfetch\(|XMLHttpRequest|WebSocket|EventSource|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function/,
        );
        // The only addresses are the namespaces of the elements Preact makes.
        const addresses = new Set(html.match(/https?:\/\/[^\s"'<>)]*/g));
        expect([...addresses].filter((address) => !/^http:\/\/www\.w3\.org\/\d{4}\/[\w/]+$/.test(address))).toEqual([]);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
