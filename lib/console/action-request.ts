// What a console server action request must be before Next reads it (proxy.ts). Next answers 500 to an action
// request it cannot read (a multipart body whose boundary is broken or missing, a reply that is not the encoding
// its headers say, references to parts the body does not hold) and to one whose Origin names another host than
// the request's Host: all of them the sender's doing, none the service's. The console's forms always send the
// same thing (React's reply for a form: multipart/form-data whose root field "0" is JSON holding plain values
// and "$K" references to the form's own fields), so anything else is refused here with 4xx and a sentence.

/** A request Next would treat as a server action: one naming an action, or any multipart POST to a page. */
export function isActionRequest(headers: Headers): boolean {
  return headers.has('next-action') || isMultipart(headers);
}

function isMultipart(headers: Headers): boolean {
  return (headers.get('content-type') ?? '').trim().toLowerCase().startsWith('multipart/form-data');
}

/**
 * Next compares an action's Origin with the first X-Forwarded-Host, else Host, and answers 500 when they differ.
 * The message when they would, or null.
 */
export function actionOriginRefusal(headers: Headers): string | null {
  const origin = headers.get('origin');
  if (origin === null) return null;
  const host = headers.get('x-forwarded-host')?.split(',')[0]?.trim() || headers.get('host');
  let originHost: string | null;
  try {
    originHost = new URL(origin).host;
  } catch {
    originHost = null;
  }
  return originHost !== null && originHost === host ? null : 'This form was sent from another address than the one it was served at.';
}

/** Values React writes inline (never a reference to another part of the body): `$$…` is a string beginning with `$`. */
const INLINE_VALUE = /^\$(?:\$|undefined$|NaN$|Infinity$|-Infinity$|-0$|D|n-?\d+$|K[0-9a-f]+$)/;

/** Whether a reply's root (JSON) holds only values written inline and references to the form's own fields. */
function plainReply(value: unknown, depth = 0): boolean {
  if (depth > 32) return false;
  if (typeof value === 'string') return !value.startsWith('$') || INLINE_VALUE.test(value);
  if (Array.isArray(value)) return value.every((item) => plainReply(item, depth + 1));
  if (value && typeof value === 'object') return Object.values(value).every((item) => plainReply(item, depth + 1));
  return true;
}

function parsesAsPlainReply(text: string): boolean {
  try {
    return plainReply(JSON.parse(text));
  } catch {
    return false;
  }
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Why the action request's body cannot be a console form's, or null when it can. Reads a copy of the body. */
export async function actionBodyRefusal(request: Request): Promise<string | null> {
  const named = request.headers.has('next-action');
  if (!isMultipart(request.headers)) {
    return named ? 'A console form is sent as multipart/form-data.' : null;
  }
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    return 'The form could not be read: its multipart body does not match its Content-Type (boundary).';
  }
  if (named) {
    const root = form.get('0');
    if (typeof root !== 'string' || !parsesAsPlainReply(root)) return 'The form could not be read: its fields are not a form’s reply.';
    return null;
  }
  // A form posted without JavaScript: the arguments bound to the action it names (JSON, which may refer to each
  // other), if any.
  for (const [name, value] of form) {
    if (/^\$ACTION_\d+:\d+$/.test(name) && (typeof value !== 'string' || !parsesAsJson(value))) {
      return 'The form could not be read: its fields are not a form’s reply.';
    }
  }
  return null;
}
