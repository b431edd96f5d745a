import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { toolRoute } from '@/lib/root/routes';
import { TOOL_DEFINITIONS, type ToolName } from '@/lib/tools/registry';
import { toolRouteSource, writeToolRoutes } from '../../../scripts/tool-routes.mjs';

let dir: string;
beforeEach(async () => (dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'jev-routes-')), '(catalogue)')));
afterEach(() => rm(path.dirname(dir), { recursive: true, force: true }));

describe('static tool routes (scripts/tool-routes.mts)', () => {
  it('writes one route per catalogue tool, each serving that tool on the shared gateway', async () => {
    await writeToolRoutes(
      dir,
      TOOL_DEFINITIONS.map((tool) => tool.name),
    );
    expect((await readdir(dir)).sort()).toEqual(TOOL_DEFINITIONS.map((tool) => tool.name).sort());
    const source = await readFile(path.join(dir, 'calc_no_vig_odds', 'route.ts'), 'utf8');
    expect(source).toContain("import { notAllowedRoute, toolRoute } from '@/lib/root/routes';");
    expect(source).toContain("export const POST = toolRoute('calc_no_vig_odds');");
    // Every other method answers the API's 405, not Next's empty one.
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) expect(source).toMatch(new RegExp(`export const ${method} = `));
  });

  it('serves catalogue tools only: a route naming any other tool does not compile (checked by tsc)', () => {
    expectTypeOf<Parameters<typeof toolRoute>[0]>().toEqualTypeOf<ToolName>();
  });

  it('rewrites a route that is out of date and leaves one that is right untouched', async () => {
    await writeToolRoutes(dir, ['calc_ev', 'calc_parlay']);
    const stale = path.join(dir, 'calc_parlay', 'route.ts');
    await writeFile(stale, '// edited by hand');
    const { mtimeMs } = await stat(path.join(dir, 'calc_ev', 'route.ts'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeToolRoutes(dir, ['calc_ev', 'calc_parlay']);
    expect(await readFile(stale, 'utf8')).toBe(toolRouteSource('calc_parlay'));
    expect((await stat(path.join(dir, 'calc_ev', 'route.ts'))).mtimeMs).toBe(mtimeMs);
  });

  it('leaves nothing behind for a tool that was renamed or removed', async () => {
    await mkdir(path.join(dir, 'old_tool'), { recursive: true });
    await writeFile(path.join(dir, 'old_tool', 'route.ts'), '');
    await writeToolRoutes(dir, ['calc_ev']);
    expect(await readdir(dir)).toEqual(['calc_ev']);
  });

  it('refuses a name Next would not serve as a plain segment, before touching the routes', async () => {
    await writeToolRoutes(dir, ['calc_ev']);
    for (const name of ['_private', '[name]', '(group)', '@slot', 'a/b', 'Calc', '']) {
      expect(() => toolRouteSource(name)).toThrow(/cannot be a static route segment/);
      await expect(writeToolRoutes(dir, ['calc_ev', name])).rejects.toThrow();
    }
    expect(await readdir(dir)).toEqual(['calc_ev']);
  });
});
