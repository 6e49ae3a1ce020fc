// The budgeting interface's refusals, `{error, errorMessages, errors}`, mapped onto a form:
// `errors[field]` at that field, everything else at the form's top.

export interface Refusal {
  status: number;
  /** Messages for the form's top. */
  messages: string[];
  /** Messages by field name. */
  fields: Record<string, string>;
  /** Seconds to wait (429). */
  retryAfter?: number;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** Reads an error body (any shape) of an answer with `status`. */
export function refusalOf(status: number, body: unknown, retryAfter?: string | null): Refusal {
  const messages: string[] = [];
  const fields: Record<string, string> = {};
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (typeof b.error === 'string' && b.error) messages.push(b.error);
    messages.push(...strings(b.errorMessages), ...strings(b.errorsMessages));
    if (b.errors && typeof b.errors === 'object') {
      for (const [k, v] of Object.entries(b.errors as Record<string, unknown>)) {
        if (typeof v === 'string') fields[k] = v;
        else if (Array.isArray(v)) fields[k] = strings(v).join(' ');
      }
    }
  }
  const refusal: Refusal = { status, messages, fields };
  const seconds = retryAfter ? parseInt(retryAfter, 10) : NaN;
  if (!Number.isNaN(seconds)) refusal.retryAfter = seconds;
  if (messages.length === 0 && Object.keys(fields).length === 0) messages.push(fallbackMessage(status, refusal.retryAfter));
  return refusal;
}

export function fallbackMessage(status: number, retryAfter?: number): string {
  switch (status) {
    case 0:
      return 'The server could not be reached. Check the connection and try again.';
    case 401:
      return 'Your session has ended. Please sign in again.';
    case 403:
      return 'You may read this but not change it.';
    case 404:
      return 'Not found: it does not exist or you lack permission to see it.';
    case 429:
      return `Too many attempts. Try again${retryAfter ? ` in ${retryAfter} s` : ' later'}.`;
    default:
      return status >= 500 ? `The server failed (${status}). Nothing was changed; try again.` : `The request was refused (${status}).`;
  }
}

/**
 * Moves field messages onto the fields a form shows: a message for a field the form does not
 * have goes to the top (prefixed by the field's name) so no refusal is ever hidden.
 * `aliases` maps a server field name to the form's field name.
 */
export function placeRefusal(refusal: Refusal, shown: readonly string[], aliases: Record<string, string> = {}): Refusal {
  const fields: Record<string, string> = {};
  const messages = [...refusal.messages];
  for (const [name, message] of Object.entries(refusal.fields)) {
    const target = aliases[name] ?? name;
    if (shown.includes(target)) fields[target] = fields[target] ? `${fields[target]} ${message}` : message;
    else messages.push(`${name}: ${message}`);
  }
  return { ...refusal, messages, fields };
}

/** Merges client-side field messages into a refusal shape (status 0: nothing was sent). */
export function localRefusal(fields: Record<string, string>, messages: string[] = []): Refusal | null {
  if (Object.keys(fields).length === 0 && messages.length === 0) return null;
  return { status: 0, messages, fields };
}

/** Every message of a refusal, one per line: its messages, then each field's as `field: message`. */
export function refusalLines(refusal: Refusal): string[] {
  return [...refusal.messages, ...Object.entries(refusal.fields).map(([field, message]) => `${field}: ${message}`)];
}
