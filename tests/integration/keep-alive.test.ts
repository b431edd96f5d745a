import { describe, expect, it } from 'vitest';
import { testApp } from '../helpers/test-app';

// A kept-alive connection outlives a client's pause: a client busy for a while (its event loop held, so its own idle
// timers cannot run) reuses a connection it had, as a balancer in front reuses one for up to its idle timeout. Before,
// the server closed idle connections after Node's default (5 s and its 1 s buffer), and the reuse after the longest
// spell below failed with "other side closed" (as a CI run did: a test validated the 135 KB OpenAPI document for
// seconds, then fetched again). The spells run in turn, each leaving its connections to the next, as a test file does.

describe('kept-alive connections', () => {
  const app = testApp('sqlite');

  for (const busyMs of [4_500, 5_600, 7_000]) {
    it(`are still open after the client was busy for ${busyMs} ms`, async () => {
      await (await fetch(`${app.server.origin}/api/v1/openapi.json`)).json();
      const busyUntil = Date.now() + busyMs;
      while (Date.now() < busyUntil) {
        // Hold the event loop, as synchronous work in a client does.
      }
      const again = await fetch(`${app.server.origin}/api/v1/openapi.json`);
      expect(again.status).toBe(200);
      await again.text();
    }, 30_000);
  }
});
