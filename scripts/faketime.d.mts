// Types for scripts/faketime.mjs (imported by bench/clock.ts).
export declare const INSTALL_FAKETIME: string;
export declare function libfaketime(): string | undefined;
export declare function faketimeEnv(library: string, offsetSeconds: number): { LD_PRELOAD: string; FAKETIME: string };
