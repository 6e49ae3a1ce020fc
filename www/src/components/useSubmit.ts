// How every form of the planner sends: its own checks first (nothing is sent while a field is
// wrong), then one request; a refusal lands at the fields the form shows (`placeRefusal`), the
// rest at the form's top, and nothing is lost from what the user typed.
import { useState } from 'preact/hooks';
import { ApiError } from '../api/client';
import { localRefusal, placeRefusal, type Refusal } from '../api/errors';
import type { FieldErrors } from '../lib/validate';

/** A form's sending state: its refusal (the user's checks or the server's), whether it is busy. */
export interface Submit {
  refusal: Refusal | null;
  busy: boolean;
  /** The message at field `name`, if any. */
  err: (name: string) => string | undefined;
  /** Sends with `send` when `errors` is empty; otherwise shows them. Whether it was sent and taken. */
  run: (errors: FieldErrors, send: () => Promise<void>) => Promise<boolean>;
  /** Forgets the refusal (the form was reset). */
  clear: () => void;
}

/** The sending state of a form whose fields are `fields` (the server's names; `aliases` maps others). */
export function useSubmit(fields: readonly string[], aliases: Record<string, string> = {}): Submit {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (errors: FieldErrors, send: () => Promise<void>): Promise<boolean> => {
    const local = localRefusal(errors);
    if (local) {
      setRefusal(local);
      return false;
    }
    setBusy(true);
    setRefusal(null);
    try {
      await send();
      return true;
    } catch (error) {
      setRefusal(refusalOf(error, fields, aliases));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { refusal, busy, err: (name) => refusal?.fields[name], run, clear: () => setRefusal(null) };
}

/** What a failed send says, placed on `fields`: the server's refusal, or the failure's words. */
export function refusalOf(error: unknown, fields: readonly string[], aliases: Record<string, string> = {}): Refusal {
  if (error instanceof ApiError) return placeRefusal(error.refusal, fields, aliases);
  return { status: 0, messages: [error instanceof Error ? error.message : String(error)], fields: {} };
}
