import { z } from 'zod';
import { about } from './setting-docs';
import { optionalString } from './value-schemas';

// The Policies and directories settings: who runs the service and how to reach them, as the policy pages say.

export const policySettings = {
  OPERATOR_NAME: optionalString
    .refine((value) => value === undefined || value.length <= 100, 'must be at most 100 characters')
    .meta(
      about(
        'Policies and directories',
        'Who runs this service (a person or a company), as the privacy policy, terms and support pages (`/privacy`, `/terms`, ' +
          '`/support`) name it. Directories ask that it match the publisher of the listing.',
        "the operator of `APP_URL`'s hostname",
      ),
    ),
  SUPPORT_EMAIL: optionalString
    .refine((value) => value === undefined || z.email().safeParse(value).success, 'must be an email address such as help@example.com')
    .meta(
      about(
        'Policies and directories',
        'Where users write for help, for their data or to delete an account: shown on `/support`, `/privacy` and `/terms`.',
        "`support@` and `APP_URL`'s hostname",
      ),
    ),
  LOG_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(30)
    .meta(
      about(
        'Policies and directories',
        'How many days your log system keeps the lines JEV writes to stdout (one per API request: time, path, tool, status, user ' +
          'id). JEV keeps no log itself; the privacy page states this figure, so make it true where the logs go.',
      ),
    ),
  OPENAI_APPS_CHALLENGE: optionalString
    .refine(
      (value) => value === undefined || /^[\x21-\x7e]{1,1024}$/.test(value),
      'must be the token the OpenAI app submission shows: at most 1024 visible ASCII characters, no spaces',
    )
    .meta(
      about(
        'Policies and directories',
        "The domain-verification token of OpenAI's app submission, served as plain text at " +
          '`/.well-known/openai-apps-challenge` (404 while unset). See [listing.md](listing.md#chatgpt-openais-app-directory).',
      ),
    ),
};
