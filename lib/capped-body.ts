// Reading a response body from a provider (sports data, the classifier's model) with a cap on its size,
// counted as the bytes arrive (after any decompression), so an answer of any size never holds more than the
// cap in memory. A larger answer is refused as a failed fetch by the caller.

/** Default cap on one provider answer: 20 MB (the largest real answers, a full odds slate, are a few MB). */
export const DEFAULT_MAX_BODY_BYTES = 20 * 1024 * 1024;

export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`answer larger than ${formatBytes(maxBytes)}`);
    this.name = 'BodyTooLargeError';
  }
}

export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / (1024 * 1024)).toFixed(2)} MB` : `${bytes} bytes`;
}

/** The body as text, at most `maxBytes` bytes of it; past that the stream is cancelled and BodyTooLargeError thrown. */
export async function readTextCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  const encoded = response.headers.get('content-encoding');
  if (!encoded && Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new BodyTooLargeError(maxBytes);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(maxBytes);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}
