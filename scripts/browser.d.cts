// Types for scripts/browser.cjs (imported by playwright.config.ts and tests/unit/tooling).
export interface BrowserSystem {
  env: Record<string, string | undefined>;
  isExecutable(file: string): boolean;
  isRoot(): boolean;
  installChromium(): boolean;
  log(line: string): void;
}
export declare const DEBIAN_CHROMIUM: string;
export declare const CANDIDATES: readonly string[];
export declare const INSTRUCTION: string;
export declare class BrowserMissingError extends Error {}
export declare function isExecutable(file: string): boolean;
export declare function findBrowser(sys?: Partial<BrowserSystem>): string | undefined;
export declare function ensureBrowser(sys?: Partial<BrowserSystem>): string;
export declare function browserPath(sys?: Partial<BrowserSystem>): string;
