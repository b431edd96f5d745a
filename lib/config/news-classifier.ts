import { z } from 'zod';
import { DEFAULT_ALLOWLIST, parseAllowlist } from '@/lib/news-sources';
import { about } from './setting-docs';
import { optionalString } from './value-schemas';

// The News classifier settings: the model behind jev_classify and the sources it may read.

export const newsClassifierSettings = {
  CLASSIFIER_API_KEY: optionalString.meta(
    about(
      'News classifier',
      'Key for the chat-completions API behind `jev_classify`. Unset: the tool answers 503 `unavailable` (not set up). Local ' +
        'servers that ignore keys need any non-empty value.',
    ),
  ),
  CLASSIFIER_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://api.openai.com/v1' })
    .default('https://api.openai.com/v1')
    .transform((url) => url.replace(/\/+$/, ''))
    .meta(
      about(
        'News classifier',
        'Any OpenAI-compatible API up to its version path (hosted, or a local server such as `http://127.0.0.1:11434/v1`); it must ' +
          'support `response_format` `json_schema`.',
      ),
    ),
  CLASSIFIER_MODEL: z
    .string()
    .trim()
    .min(1, 'must name a model')
    .default('gpt-4o-mini')
    .meta(about('News classifier', 'Model name sent to that API.')),
  // Bounded well under the minute clients allow for a whole call.
  CLASSIFIER_TIMEOUT_SECONDS: z.coerce
    .number()
    .positive()
    .max(45, 'must be at most 45 (clients allow one minute for the whole call)')
    .default(25)
    .meta(about('News classifier', 'How long one model call may take (at most 45, well under the minute clients allow).')),
  NEWS_SOURCE_ALLOWLIST: optionalString
    .transform((value, ctx) => {
      if (value === undefined) return DEFAULT_ALLOWLIST;
      const allowlist = parseAllowlist(value);
      if (typeof allowlist === 'string') {
        ctx.addIssue({ code: 'custom', message: allowlist });
        return z.NEVER;
      }
      return allowlist;
    })
    .meta(
      about(
        'News classifier',
        'Comma-separated domains that **replace** the default allowlist of `jev_classify` sources (each also covers its ' +
          'subdomains). Social media, video and forum sites are refused even if listed.',
        'the list in `lib/news-sources.ts`',
      ),
    ),
};
