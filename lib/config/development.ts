import { about } from './setting-docs';
import { offSwitch } from './value-schemas';

// The Tests and development settings: switches for the tests' servers, never for a real one.

export const developmentSettings = {
  OAUTH_CIMD_ALLOW_LOOPBACK_FOR_TESTS: offSwitch.meta(
    about(
      'Tests and development',
      '**Tests only.** `true` lets an OAuth client metadata document be fetched over `http` and from loopback or private ' +
        "addresses (a test's own server). Never set it on a real server: it lets a stranger make JEV call into its own network.",
      'off',
    ),
  ),
  CHECK_ANSWERS: offSwitch.meta(
    about(
      'Tests and development',
      "`true`: check every tool answer against the tool's output schema before sending it; a mismatch is a 500 `internal` " +
        "naming the field. The tests' servers set it; it costs a copy and a check per call.",
      'off',
    ),
  ),
};
