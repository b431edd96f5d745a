import { cursorSigner, type CursorSigner } from '@/lib/paging';

// Cursors as a forger makes them: a server's own nextCursor with its payload rewritten, signed again with the
// server's key (a server started with NEXTAUTH_SECRET: CURSOR_TEST_SECRET), with another key, or not at all.

/** The session secret given to a server whose cursors a test signs as the server would. */
export const CURSOR_TEST_SECRET = 'cursor tests: the server secret, 32 or more characters';
/** Signs as a server started with CURSOR_TEST_SECRET does. */
export const SERVER_CURSORS = cursorSigner(() => CURSOR_TEST_SECRET);
/** Signs as any other server would. */
export const OTHER_CURSORS = cursorSigner(() => 'cursor tests: some other server secret, 32+ characters');

/** A cursor's payload: [version, fingerprint, issued at (s), sort key]. */
export type CursorPayload = [number, string, number, unknown[]];

export function payloadOf(cursor: string): CursorPayload {
  return JSON.parse(Buffer.from(cursor.split('.')[0]!, 'base64url').toString('utf8')) as CursorPayload;
}

const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');

/** `payload` signed by `signer`, as a server holding that key would issue it. */
export function signedCursor(payload: unknown, signer: CursorSigner = SERVER_CURSORS): string {
  const text = encode(payload);
  return `${text}.${signer.sign(text).toString('base64url')}`;
}

/** `payload` in place of the cursor's own, its signature kept. */
export function editedCursor(cursor: string, payload: unknown): string {
  return `${encode(payload)}.${cursor.split('.')[1] ?? ''}`;
}

/** Sort-key times no server issues: the ends of JavaScript's dates, past any number, year 10000, before 1900. */
export const FORGED_TIMES = [-8.64e15, 8.64e15, 1e300, Date.UTC(10000, 0, 1), Date.UTC(1899, 0, 1)];
