import { countTokens as claudeTokens } from '@anthropic-ai/tokenizer';
import { countTokens as openAiTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { Db } from '@/lib/db/client';
import { CALCULATOR_CALLS, leagueCalls, type ToolCall } from '../tests/helpers/default-calls';

// What each tool's default answer costs an agent on the bench slate (every game at ten books, a moved NFL
// week): bytes, Claude tokens (@anthropic-ai/tokenizer) and OpenAI tokens (o200k), beside the full answer
// of the same call. The budgets themselves are a test (tests/integration/answer-budgets.test.ts).

interface Size {
  call: string;
  bytes: number;
  claude: number;
  openAi: number;
  fullClaude?: number;
}

async function answerText(origin: string, token: string, [tool, args]: ToolCall): Promise<string> {
  const res = await fetch(`${origin}/api/v1/tools/${tool}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  if (!res.ok) throw new Error(`${tool} ${JSON.stringify(args)}: ${res.status} ${await res.text()}`);
  return JSON.stringify(((await res.json()) as { data: unknown }).data);
}

/** The NFL, NBA and EPL calls and the calculators, each default answer measured beside its full one. */
export async function answerSizes(origin: string, token: string, db: Db): Promise<Size[]> {
  const calls = [
    ...(await leagueCalls(db, 'nfl')),
    ...(await leagueCalls(db, 'nba')),
    ...(await leagueCalls(db, 'epl')),
    ...CALCULATOR_CALLS,
  ];
  const sizes: Size[] = [];
  for (const call of calls) {
    const text = await answerText(origin, token, call);
    const takesDetail = !call[0].startsWith('calc_') && call[0] !== 'get_team_stats' && call[0] !== 'get_player_stats';
    const full = takesDetail ? await answerText(origin, token, [call[0], { ...call[1], detail: 'full' }]) : undefined;
    sizes.push({
      call: `${call[0]} ${JSON.stringify(call[1]).slice(0, 70)}`,
      bytes: Buffer.byteLength(text),
      claude: claudeTokens(text),
      openAi: openAiTokens(text),
      ...(full ? { fullClaude: claudeTokens(full) } : {}),
    });
  }
  return sizes;
}

export function printAnswerSizes(sizes: Size[]): void {
  console.log('\nDefault answers on the bench slate (what an agent reads; budgets: 8,000 tokens, the value question 4,000)\n');
  console.log('| call | bytes | Claude tokens | OpenAI tokens | Claude tokens with detail: "full" |');
  console.log('|---|---:|---:|---:|---:|');
  for (const size of sizes) {
    console.log(`| ${size.call} | ${size.bytes} | ${size.claude} | ${size.openAi} | ${size.fullClaude ?? ''} |`);
  }
}
