// An OAuth refusal: the RFC 6749 §5.2 (token endpoint) or §4.1.2.1 (authorization endpoint) error code, a
// description for people, the HTTP status the token endpoint answers with, and how long to wait when the
// caller should retry (Retry-After).

export class OAuthFailure extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
    readonly retryAfterSeconds?: number,
  ) {
    super(description);
    this.name = 'OAuthFailure';
  }
}
