// A folio's settings (`/folios/{id}/settings`): its record (SettingsForm), its closing (close on a
// date, reopen: the status is `closed` from that date, S7.1), who it is shared with (Sharing), and
// its deletion, confirmed by name. Its owner and budget administrators change it; a user it is
// shared with, or an admin of a portfolio holding it, sees the same screen read only (S11.5).
import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api } from '../../api/budgets';
import type { Folio } from '../../api/types';
import { FOLIO_DERIVED, replacement } from '../../lib/records';
import { folioChanged, keys, queryClient } from '../../lib/queries';
import { checkDate } from '../../lib/validate';
import * as fmt from '../../lib/format';
import { announce, mayChangeFolio } from '../../state';
import { useSubmit } from '../../components/useSubmit';
import { Field, FolioStatus, FormErrors } from '../../components/ui';
import { SettingsForm } from '../SettingsForm';
import { Sharing } from '../Sharing';
import { CustomFields } from '../CustomFields';
import type { FolioProps } from '../FolioProps';

export function Settings({ folio, asOf }: FolioProps) {
  const mayChange = mayChangeFolio(folio) && !folio.deletedOn;
  return (
    <div class="settings">
      {!mayChange ? (
        <p class="alert alert-info" data-read-only>
          {folio.deletedOn
            ? `This folio was deleted on ${fmt.date(folio.deletedOn)}: its settings are shown as they were.`
            : `You read this folio; its owner (${folio.owner}) and budget administrators change it.`}
        </p>
      ) : null}
      <SettingsForm key={folio.id} folio={folio} mayChange={mayChange} />
      <Closing folio={folio} asOf={asOf} mayChange={mayChange} />
      <CustomFields folio={folio} mayChange={mayChange} />
      <Sharing folio={folio} mayChange={mayChange} />
      {mayChange ? <DeleteFolio folio={folio} /> : null}
    </div>
  );
}

/** Closes the folio on a date (its status is `closed` from then on), or reopens it. */
function Closing({ folio, asOf, mayChange }: { folio: Folio; asOf: string; mayChange: boolean }) {
  const [day, setDay] = useState(asOf);
  const submit = useSubmit(['closedDate']);
  const send = async (closedDate: string | null) => {
    const errors: Record<string, string> = {};
    if (closedDate !== null) checkDate(errors, 'closedDate', closedDate, 'Closing date');
    await submit.run(errors, async () => {
      await api.updateFolio(replacement(folio, FOLIO_DERIVED, { closedDate }));
      await folioChanged(folio.id);
      announce(closedDate ? `“${folio.name}” closes on ${fmt.date(closedDate)}.` : `“${folio.name}” is open again.`);
    });
  };
  const closed = folio.closedDate;
  return (
    <section class="card" aria-labelledby="closing-title">
      <h2 id="closing-title">Closing</h2>
      <p>
        Status on {fmt.date(asOf)}: {folio.status ? <FolioStatus status={folio.status} /> : '—'}{' '}
        {closed ? (
          <span data-closed-date={closed}>
            Closed from {fmt.date(closed)}: the folio is <em>closed</em> on every day from then on.
          </span>
        ) : (
          <span>Not closed: the status follows the folio’s dates.</span>
        )}
      </p>
      <FormErrors refusal={submit.refusal} />
      {mayChange ? (
        closed ? (
          <div class="form-actions start">
            <button type="button" class="btn" disabled={submit.busy} onClick={() => void send(null)}>
              {submit.busy ? 'Reopening…' : 'Reopen the folio'}
            </button>
          </div>
        ) : (
          <form
            class="form inline-form"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void send(day);
            }}
          >
            <Field label="Closing date" name="closedDate" type="date" value={day} onValue={setDay} error={submit.err('closedDate')} />
            <div class="form-actions start">
              <button type="submit" class="btn" disabled={submit.busy}>
                {submit.busy ? 'Closing…' : 'Close the folio'}
              </button>
            </div>
          </form>
        )
      ) : null}
    </section>
  );
}

/** Deletes the folio once the user confirms, the folio named in the question and the button. */
function DeleteFolio({ folio }: { folio: Folio }) {
  const { route } = useLocation();
  const [asking, setAsking] = useState(false);
  const submit = useSubmit([]);
  const remove = () =>
    submit.run({}, async () => {
      await api.deleteFolio(folio.id);
      announce(`Folio “${folio.name}” deleted.`);
      await Promise.all([folioChanged(folio.id), queryClient.invalidateQueries({ queryKey: keys.folios() })]);
      route('/');
    });
  return (
    <section class="card danger-zone" aria-labelledby="delete-title">
      <h2 id="delete-title">Delete this folio</h2>
      <p class="muted">
        A deleted folio leaves the lists and rollups; it can still be read by its address, and its deletion is kept for the audit. Its items and baselines go
        with it.
      </p>
      <FormErrors refusal={submit.refusal} />
      {asking ? (
        <div class="confirm" role="group" aria-labelledby="delete-question">
          <p id="delete-question">
            <strong>Delete “{folio.name}”?</strong>
          </p>
          <div class="form-actions start">
            <button type="button" class="btn btn-danger" disabled={submit.busy} onClick={() => void remove()}>
              {submit.busy ? 'Deleting…' : `Delete “${folio.name}”`}
            </button>
            <button type="button" class="btn" onClick={() => setAsking(false)}>
              Keep it
            </button>
          </div>
        </div>
      ) : (
        <div class="form-actions start">
          <button type="button" class="btn btn-danger" onClick={() => setAsking(true)}>
            Delete folio…
          </button>
        </div>
      )}
    </section>
  );
}
