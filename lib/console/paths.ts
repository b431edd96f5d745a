/** Where to go after signing in: a path on this site only, so a crafted link cannot send people elsewhere. */
export function safeCallbackPath(callbackUrl: string | undefined, fallback = '/connect'): string {
  if (!callbackUrl || !callbackUrl.startsWith('/') || callbackUrl.startsWith('//') || callbackUrl.includes('\\')) {
    return fallback;
  }
  return callbackUrl;
}
