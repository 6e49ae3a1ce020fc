// A fake server for component tests: installed as the planner's transport (api/client.ts), it
// records every request with its body as the exact JSON text the planner sends (numbers written as
// typed), and answers from the handlers a test gives it.
import { afterEach } from 'vitest';
import { serverTransport, setTransport, type Answer, type Method } from '../api/client';
import { toJson } from '../api/json';

export interface Sent {
  method: Method;
  path: string;
  /** The body as sent: the JSON text `toJson` writes (what the server receives). */
  body: string | undefined;
}

/** An answer: a status and a body (written as JSON unless it is text already). */
export interface Reply {
  status?: number;
  body?: unknown;
}

type Handler = (request: Sent) => Reply | undefined;

const json = (status: number, body: unknown): Answer => {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return { status, text, header: (name) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) };
};

/**
 * Installs a fake server answering with `handler` (200 `{success: true}` when it answers nothing);
 * returns the requests it receives. The real transport is back after each test.
 */
export function fakeServer(handler: Handler = () => undefined): Sent[] {
  const sent: Sent[] = [];
  setTransport((method, path, body) => {
    const request: Sent = { method, path, body: body === undefined ? undefined : toJson(body) };
    sent.push(request);
    const reply = handler(request) ?? { body: { success: true } };
    return Promise.resolve(json(reply.status ?? 200, reply.body));
  });
  return sent;
}

afterEach(() => setTransport(serverTransport));

/** The budgeting interface's refusal of fields, as the server writes it. */
export function refused(errors: Record<string, string>, errorMessages: string[] = []): Reply {
  return { status: 400, body: { errors, errorMessages } };
}

/** The requests that change something (the reads an editor makes as it opens left out). */
export function changesOf(sent: readonly Sent[]): Sent[] {
  return sent.filter((s) => s.method !== 'GET');
}
