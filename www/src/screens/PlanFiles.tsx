// Plan files in and out: "Download plan (JSON)" saves the folio's plan document
// (GET /folio/{id}/plan, the server's text as it is), and "Import a plan file" posts a document to
// POST /folio/import, which creates a new folio owned by the importer in one journal entry (or
// nothing, naming the item and field it refused). Offline, the same requests are answered in the
// browser by the wasm core.
import { saveFile } from '../lib/saveFile';
import { useState } from 'preact/hooks';
import { activeTransport, ApiError, request, settle } from '../api/client';
import { parseDocument } from '../lib/sandbox';
import { useLocation } from 'preact-iso';
import { announce } from '../state';
import { folioHref } from '../lib/routes';
import { keys, queryClient } from '../lib/queries';
import { refusalLines } from '../api/errors';
import { coreMessage } from '../api/wasm';
import { RawJson, toJson } from '../api/json';

/** The file name of a folio's plan document. */
export function planFileName(folioName: string): string {
  const base =
    folioName
      .trim()
      .replace(/[^\p{L}\p{N}._-]+/gu, '-')
      .replace(/^-+|-+$/g, '') || 'folio';
  return `${base}-plan.json`;
}

export function PlanDownload({ folioId, folioName }: { folioId: string | number; folioName: string }) {
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setError(null);
    try {
      const path = `/budgets/1/folio/${folioId}/plan`;
      const answer = await activeTransport()('GET', path, undefined);
      settle(path, answer);
      // The document is the answer's `success`, its numbers kept as the server wrote them.
      const doc = toJson((parseDocument(answer.text) as { success: unknown }).success);
      saveFile(doc, planFileName(folioName), 'application/json');
    } catch (e) {
      setError(e instanceof ApiError ? e.message : coreMessage(e));
    }
  };
  return (
    <div class="plan-download">
      <button type="button" class="btn" onClick={() => void download()}>
        Download plan (JSON)
      </button>
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function PlanImport() {
  const { route } = useLocation();
  const [messages, setMessages] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    setMessages([]);
    setBusy(true);
    try {
      const text = await file.text();
      let body: unknown;
      try {
        body = parseDocument(text);
      } catch (e) {
        if (e instanceof SyntaxError) {
          setMessages([`${file.name} is not JSON: ${coreMessage(e)}`]);
          return;
        }
        // JSON the browser's recursive parser cannot read (nested too deep: a RangeError, or
        // Firefox's InternalError): sent as it is, the core reads it and names the item at fault.
        body = new RawJson(text);
      }
      const answer = (await request('POST', '/budgets/1/folio/import', body)) as { success?: { folioId?: string; notImported?: string[] } };
      const id = answer.success?.folioId;
      const notes = answer.success?.notImported ?? [];
      if (id) {
        void queryClient.invalidateQueries({ queryKey: keys.folios() });
        route(folioHref(id));
        // What the server does not keep is said on the new folio's screen.
        announce(
          notes.length ? `Imported, except: ${notes.join(' ')}` : 'Imported: every item of the plan file is in this new folio.',
          notes.length ? 'error' : 'ok',
        );
      } else if (notes.length) setMessages(notes);
    } catch (e) {
      if (e instanceof ApiError) setMessages(refusalLines(e.refusal));
      else setMessages([coreMessage(e)]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="card plan-import" aria-labelledby="plan-import-title" aria-busy={busy}>
      <h2 id="plan-import-title">Import a plan file</h2>
      <p class="muted">A plan document (JSON, as “Download plan” saves it) becomes a new folio of yours, with all its items, or nothing at all.</p>
      <label>
        Plan file
        <input
          type="file"
          accept="application/json,.json"
          disabled={busy}
          onChange={(e) => {
            const f = (e.target as HTMLInputElement).files?.[0];
            if (f) void upload(f);
          }}
        />
      </label>
      {messages.length ? (
        <ul class="error" role="alert" data-import-errors>
          {messages.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
