// Shared by the server (authorize) and the sign-in form, so it imports nothing.

/** next-auth passes an error thrown by authorize() on to the sign-in form as its message: this one. */
export const TOO_MANY_ATTEMPTS = 'TooManyAttempts';

/** Sign-in failed on the service side (the database down, say): the details stay in the log, never in the URL. */
export const SIGN_IN_UNAVAILABLE = 'SignInUnavailable';
