import { describe, expect, it, vi } from 'vitest';
import {
  BrowserMissingError,
  browserPath,
  CANDIDATES,
  DEBIAN_CHROMIUM,
  ensureBrowser,
  findBrowser,
  INSTRUCTION,
  type BrowserSystem,
} from '../../../scripts/browser.cjs';

// scripts/browser.cjs with a fake machine: which executables exist, who runs it, whether apt works.
function machine(opts: { files?: string[]; env?: Record<string, string>; root?: boolean; apt?: boolean; installs?: boolean } = {}) {
  const files = new Set(opts.files ?? []);
  if (opts.apt) files.add('/usr/bin/apt-get');
  const installChromium = vi.fn(() => {
    if (opts.installs) files.add(DEBIAN_CHROMIUM);
    return opts.installs ?? false;
  });
  const sys: BrowserSystem = {
    env: opts.env ?? {},
    isExecutable: (file) => files.has(file),
    isRoot: () => opts.root ?? false,
    installChromium,
    log: () => {},
  };
  return { sys, installChromium };
}

function missing(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BrowserMissingError);
    return (error as Error).message;
  }
  throw new Error('expected a BrowserMissingError');
}

describe('finding the browser for the Playwright tests (scripts/browser.cjs)', () => {
  it('takes CHROMIUM_PATH first, over any browser in a standard place', () => {
    const { sys } = machine({ files: ['/opt/my/chrome', DEBIAN_CHROMIUM], env: { CHROMIUM_PATH: '/opt/my/chrome' } });
    expect(findBrowser(sys)).toBe('/opt/my/chrome');
    expect(ensureBrowser(sys)).toBe('/opt/my/chrome');
  });

  it('refuses a CHROMIUM_PATH that is not an executable rather than falling back', () => {
    const { sys, installChromium } = machine({
      files: [DEBIAN_CHROMIUM],
      env: { CHROMIUM_PATH: '/opt/typo/chrome' },
      root: true,
      apt: true,
    });
    expect(missing(() => ensureBrowser(sys))).toBe('CHROMIUM_PATH is /opt/typo/chrome, which is not an executable file.');
    expect(installChromium).not.toHaveBeenCalled();
  });

  it("prefers Debian's Chromium, then an installed Chrome", () => {
    expect(CANDIDATES[0]).toBe('/usr/bin/chromium');
    expect(findBrowser(machine({ files: ['/usr/bin/google-chrome', DEBIAN_CHROMIUM] }).sys)).toBe(DEBIAN_CHROMIUM);
    expect(findBrowser(machine({ files: ['/usr/bin/google-chrome'] }).sys)).toBe('/usr/bin/google-chrome');
    expect(findBrowser(machine({ files: ['/opt/google/chrome/chrome'] }).sys)).toBe('/opt/google/chrome/chrome');
  });

  it('installs nothing when a browser is present', () => {
    const { sys, installChromium } = machine({ files: ['/usr/bin/google-chrome-stable'], root: true, apt: true });
    expect(ensureBrowser(sys)).toBe('/usr/bin/google-chrome-stable');
    expect(installChromium).not.toHaveBeenCalled();
  });

  it("installs Debian's Chromium when none is found, apt-get is there and it runs as root", () => {
    const { sys, installChromium } = machine({ root: true, apt: true, installs: true });
    expect(ensureBrowser(sys)).toBe(DEBIAN_CHROMIUM);
    expect(installChromium).toHaveBeenCalledOnce();
  });

  it('stops at once with the one-line instruction when it cannot install', () => {
    for (const opts of [
      { root: false, apt: true },
      { root: true, apt: false },
      { root: false, apt: false },
    ]) {
      const { sys, installChromium } = machine(opts);
      const message = missing(() => ensureBrowser(sys));
      expect(message).toBe(INSTRUCTION);
      expect(message).not.toContain('\n');
      expect(message).toContain('apt-get install -y chromium');
      expect(message).toContain('CHROMIUM_PATH');
      expect(installChromium).not.toHaveBeenCalled();
    }
  });

  it('says so when the install fails', () => {
    const { sys } = machine({ root: true, apt: true, installs: false });
    const message = missing(() => ensureBrowser(sys));
    expect(message).toContain('Installing Debian');
    expect(message).not.toContain('\n');
  });

  it('gives the Playwright config the path, or the instruction, and never installs', () => {
    expect(browserPath(machine({ files: [DEBIAN_CHROMIUM] }).sys)).toBe(DEBIAN_CHROMIUM);
    const { sys, installChromium } = machine({ root: true, apt: true, installs: true });
    expect(missing(() => browserPath(sys))).toBe(INSTRUCTION);
    expect(installChromium).not.toHaveBeenCalled();
  });
});
