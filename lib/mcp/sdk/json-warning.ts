// Written for the SDK release in ./version.ts, whose createMcpHandler prints a warning with console.warn each
// time it is given `responseMode: 'json'`, and offers no way to say the choice is deliberate: every process
// that builds the composition root (each `jev` command, each build worker, the server) printed it. JEV answers
// 2026-07-28 requests with one JSON answer by design (docs/contract.md, "MCP"), and no tool sends notifications
// in the middle of a call, so nothing is dropped. That one warning is kept from the console while the handler
// is made (synchronously, so nothing else can print in between); any other warning still goes out.

export const JSON_MODE_WARNING = "responseMode: 'json' drops mid-call notifications.";

export function withoutJsonModeWarning<T>(make: () => T): T {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith(JSON_MODE_WARNING)) return;
    warn.apply(console, args);
  };
  try {
    return make();
  } finally {
    console.warn = warn;
  }
}
