import { z } from 'zod';
import { about } from './setting-docs';
import { optionalString } from './value-schemas';

// The Operations settings: the cron and metrics secrets and the log level.

export const operationsSettings = {
  CRON_SECRET: optionalString
    .refine((value) => value === undefined || value.length >= 16, 'must be at least 16 characters')
    .meta(
      about(
        'Operations',
        'Bearer secret (at least 16 characters) for `POST /api/cron/ingest`, the scheduled ingestion of serverless hosts. Unset: ' +
          'that route answers 503.',
      ),
    ),
  METRICS_TOKEN: optionalString
    .refine((value) => value === undefined || value.length >= 16, 'must be at least 16 characters')
    .meta(
      about(
        'Operations',
        'Bearer secret (at least 16 characters) for `GET /api/metrics` (Prometheus; see ' +
          '[operations.md](operations.md#logs-request-ids-and-metrics)). Unset: that route answers 404.',
      ),
    ),
  // Read by server.mjs (lib/observe/runtime.mjs) before the app starts; validated here.
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .meta(
      about(
        'Operations',
        'Level of the JSON log on stdout (`npm start`): `fatal`, `error`, `warn`, `info` (one access line per API request), ' +
          '`debug`, `trace` or `silent`.',
      ),
    ),
};
