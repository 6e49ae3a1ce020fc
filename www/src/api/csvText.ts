// A CSV the server writes (a folio's payments, its cost lines), as text: from the server with the
// session's cookie, or offline from the wasm core that answers the same request. A refusal is the
// interface's, as every other answer's.
import { refusalOf } from './errors';
import { parseJson } from './json';
import { activeTransport, ApiError, serverTransport } from './client';

/** The CSV text at `url` (an address of the budgeting interface). */
export async function csvText(url: string): Promise<string> {
  const transport = activeTransport();
  if (transport !== serverTransport) {
    const answer = await transport('GET', url, undefined);
    if (answer.status < 200 || answer.status > 299) throw new ApiError(refusalOf(answer.status, safeJson(answer.text), answer.header('Retry-After')));
    return answer.text;
  }
  const response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'text/csv' }, cache: 'no-store' });
  const text = await response.text();
  if (!response.ok) throw new ApiError(refusalOf(response.status, safeJson(text), response.headers.get('Retry-After')));
  return text;
}

function safeJson(text: string): unknown {
  try {
    return parseJson(text);
  } catch {
    return null;
  }
}
