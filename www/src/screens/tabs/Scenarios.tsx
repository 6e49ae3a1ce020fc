// Scenarios (`/folios/{id}/scenarios`, S15): named copies of the draft kept on the server. Fork
// one from the draft, a baseline or another scenario (POST /folio/{id}/scenarios), change it in
// What-if (its changes go to the scenario's own addresses), rename or delete it, compare two to
// five plans side by side (GET .../scenarios/compare), and promote one to be the draft with a
// reason, optionally approved as a baseline at once (POST .../scenarios/{sid}/promote). Editors
// fork and change scenarios; promoting is the owner's and budget administrators'.
import { useState } from 'preact/hooks';
import { useQuery } from '@tanstack/preact-query';
import { api } from '../../api/budgets';
import type { ExpenditureType, Scenario } from '../../api/types';
import { folioChanged, keys } from '../../lib/queries';
import { folioHref } from '../../lib/routes';
import * as fmt from '../../lib/format';
import { announce, mayChangeFolio } from '../../state';
import { useMayEdit } from '../../lib/editors';
import { Card, Checkbox, ErrorBox, Field, FormErrors, Loading, SelectField } from '../../components/ui';
import { Dialog, useConfirm } from '../../components/Dialog';
import { useSubmit } from '../../components/useSubmit';
import { ScenarioCompare } from '../../components/ScenarioCompare';
import type { FolioProps } from '../FolioProps';

/** The most plans one comparison holds (S15.5). */
const MOST_COMPARED = 5;

const TYPES: { value: ExpenditureType; label: string }[] = [
  { value: 'BUDGET', label: 'Budget (planned costs and revenues)' },
  { value: 'PLANNED', label: 'Planned costs only' },
];

export function Scenarios({ folio, asOf }: FolioProps) {
  const id = folio.id;
  const mayEdit = useMayEdit(folio);
  const mayPromote = mayChangeFolio(folio) && !folio.deletedOn;
  const list = useQuery({ queryKey: keys.scenarios(id), queryFn: ({ signal }) => api.scenarios(id, signal) });
  const [chosen, setChosen] = useState<string[]>(['draft']);
  const [compared, setCompared] = useState<string[] | null>(null);
  const [renaming, setRenaming] = useState<Scenario | null>(null);
  const [promoting, setPromoting] = useState<Scenario | null>(null);
  const confirm = useConfirm();
  const scenarios = list.data ?? [];
  const toggle = (plan: string, on: boolean) => setChosen((c) => (on ? [...c.filter((p) => p !== plan), plan] : c.filter((p) => p !== plan)));
  const remove = async (s: Scenario) => {
    const yes = await confirm.ask({
      title: `Delete scenario “${s.name}”?`,
      text: 'The scenario and its changes are deleted; the draft is not touched.',
      confirm: 'Delete scenario',
      danger: true,
    });
    if (!yes) return;
    try {
      await api.deleteScenario(id, s.id);
      setChosen((c) => c.filter((p) => p !== s.id));
      await folioChanged(id);
      announce(`Scenario “${s.name}” deleted.`);
    } catch (e) {
      announce(e instanceof Error ? e.message : String(e), 'error');
    }
  };
  return (
    <div class="stack scenarios">
      <Card title="Scenarios">
        <p class="muted">
          A scenario is a named copy of the draft kept on the server: change it in What-if, compare it with the draft and other scenarios, and promote the one
          chosen to be the draft, with the reason. The draft itself changes only when a scenario is promoted.
        </p>
        {list.error ? <ErrorBox error={list.error} onRetry={() => void list.refetch()} /> : null}
        {!list.data && !list.error ? <Loading label="Loading the scenarios" /> : null}
        {list.data ? (
          <div class="table-scroll" tabIndex={0} role="region" aria-label="Scenarios">
            <table class="table scenario-list">
              <caption class="sr-only">The draft and the folio's scenarios; choose two to five to compare</caption>
              <thead>
                <tr>
                  <th scope="col">Compare</th>
                  <th scope="col">Plan</th>
                  <th scope="col">Forked from</th>
                  <th scope="col">By, on</th>
                  <th scope="col" class="num">
                    Own changes
                  </th>
                  <th scope="col">State</th>
                  <th scope="col">
                    <span class="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                <tr data-scenario="draft">
                  <td>
                    <input
                      type="checkbox"
                      aria-label="Compare the draft"
                      checked={chosen.includes('draft')}
                      onChange={(e) => toggle('draft', e.currentTarget.checked)}
                    />
                  </td>
                  <th scope="row">Draft</th>
                  <td colSpan={4} class="muted">
                    What is planned now
                  </td>
                  <td />
                </tr>
                {scenarios.map((s) => (
                  <tr key={s.id} data-scenario={s.id}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Compare ${s.name}`}
                        checked={chosen.includes(s.id)}
                        onChange={(e) => toggle(s.id, e.currentTarget.checked)}
                      />
                    </td>
                    <th scope="row">
                      {s.name}
                      {s.description ? <div class="muted small">{s.description}</div> : null}
                    </th>
                    <td>{sourceLabel(s.from, scenarios)}</td>
                    <td>
                      {s.createdBy ?? fmt.NONE}
                      {s.created ? <div class="muted small">{fmt.date(s.created.slice(0, 10))}</div> : null}
                    </td>
                    <td class="num">{fmt.count(Number(s.changedItems))}</td>
                    <td>
                      {s.promoted ? (
                        <span class="badge badge-promoted">Promoted {fmt.date(s.promoted.slice(0, 10))}</span>
                      ) : s.draftChanged ? (
                        <span
                          class="badge badge-stale"
                          title="The draft changed since this scenario was forked: promoting it applies its own changes over the draft"
                        >
                          Draft changed since
                        </span>
                      ) : (
                        <span class="muted">Up to date with the draft</span>
                      )}
                    </td>
                    <td class="actions">
                      {mayEdit && !s.promoted ? (
                        <a class="btn btn-small" href={`${folioHref(id, 'whatif')}?scenario=${s.id}`}>
                          Change in What-if
                        </a>
                      ) : null}
                      {mayEdit ? (
                        <button type="button" class="btn btn-small" onClick={() => setRenaming(s)}>
                          Rename
                        </button>
                      ) : null}
                      {mayPromote && !s.promoted ? (
                        <button type="button" class="btn btn-small btn-primary" onClick={() => setPromoting(s)}>
                          Promote…
                        </button>
                      ) : null}
                      {mayEdit ? (
                        <button type="button" class="btn btn-small btn-ghost" onClick={() => void remove(s)}>
                          Delete
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <div class="form-actions start">
          <button
            type="button"
            class="btn btn-primary"
            disabled={chosen.length < 2 || chosen.length > MOST_COMPARED}
            onClick={() => setCompared([...chosen])}
            aria-describedby="compare-hint"
          >
            Compare {chosen.length} plan{chosen.length === 1 ? '' : 's'}
          </button>
          <small id="compare-hint" class="hint">
            Choose two to five; the first chosen is what the others are compared with.
          </small>
        </div>
      </Card>
      {mayEdit && list.data ? <ForkForm folioId={id} scenarios={scenarios} /> : null}
      {compared ? <Comparison folioId={id} plans={compared} asOf={asOf} /> : null}
      {renaming ? <RenameDialog folioId={id} scenario={renaming} onClose={() => setRenaming(null)} /> : null}
      {promoting ? <PromoteDialog folioId={id} scenario={promoting} onClose={() => setPromoting(null)} /> : null}
      {confirm.element}
    </div>
  );
}

/** Where a scenario was forked from, in words. */
function sourceLabel(from: string, scenarios: readonly Scenario[]): string {
  if (from === 'draft') return 'The draft';
  const [kind, id] = from.split(':');
  if (kind === 'scenario') return `Scenario “${scenarios.find((s) => s.id === id)?.name ?? id}”`;
  return `Baseline ${id}`;
}

function Comparison({ folioId, plans, asOf }: { folioId: string; plans: string[]; asOf: string }) {
  const comparison = useQuery({
    queryKey: keys.scenarioComparison(folioId, plans.join(','), asOf),
    queryFn: ({ signal }) => api.compareScenarios(folioId, plans, asOf, signal),
  });
  if (comparison.error) return <ErrorBox error={comparison.error} onRetry={() => void comparison.refetch()} />;
  if (!comparison.data) return <Loading label="Comparing the plans" />;
  return <ScenarioCompare comparison={comparison.data} />;
}

/** A scenario's name and description as a body (trimmed, no empty description), and the refusal
 * of a blank name, which nothing is sent with. */
function namingOf(name: string, description: string): { errors: Record<string, string>; body: { name: string; description?: string } } {
  const errors: Record<string, string> = {};
  if (!name.trim()) errors.name = 'Name the scenario';
  const body: { name: string; description?: string } = { name: name.trim() };
  if (description.trim()) body.description = description.trim();
  return { errors, body };
}

function ForkForm({ folioId, scenarios }: { folioId: string; scenarios: readonly Scenario[] }) {
  const baselines = useQuery({ queryKey: keys.baselines(folioId), queryFn: ({ signal }) => api.baselines(folioId, signal) });
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [from, setFrom] = useState('draft');
  const submit = useSubmit(['name', 'description', 'from']);
  const sources = [
    { value: 'draft', label: 'The draft' },
    ...scenarios.map((s) => ({ value: `scenario:${s.id}`, label: `Scenario “${s.name}”` })),
    ...(baselines.data ?? []).filter((b) => !b.deletedOn && b.id != null).map((b) => ({ value: `baseline:${b.id}`, label: `Baseline “${b.name}”` })),
  ];
  const fork = async (e: Event) => {
    e.preventDefault();
    const { errors, body: naming } = namingOf(name, description);
    await submit.run(errors, async () => {
      const body = { ...naming, from };
      const made = await api.forkScenario(folioId, body);
      await folioChanged(folioId);
      setName('');
      setDescription('');
      announce(`Scenario “${made.name}” forked.`);
    });
  };
  return (
    <Card title="Fork a scenario" headingLevel={2}>
      <form class="form" onSubmit={(e) => void fork(e)} noValidate aria-label="Fork a scenario">
        <FormErrors refusal={submit.refusal} />
        <div class="grid-3">
          <Field label="Name" name="name" value={name} onValue={setName} error={submit.err('name')} maxLength={255} />
          <SelectField label="Copy of" name="from" value={from} onValue={setFrom} options={sources} error={submit.err('from')} />
          <Field
            label="What it is for (optional)"
            name="description"
            value={description}
            onValue={setDescription}
            error={submit.err('description')}
            maxLength={500}
          />
        </div>
        <div class="form-actions">
          <button type="submit" class="btn btn-primary" disabled={submit.busy}>
            {submit.busy ? 'Forking…' : 'Fork scenario'}
          </button>
        </div>
      </form>
    </Card>
  );
}

function RenameDialog({ folioId, scenario, onClose }: { folioId: string; scenario: Scenario; onClose: () => void }) {
  const [name, setName] = useState(scenario.name);
  const [description, setDescription] = useState(scenario.description ?? '');
  const submit = useSubmit(['name', 'description']);
  const save = async (e: Event) => {
    e.preventDefault();
    const { errors, body } = namingOf(name, description);
    await submit.run(errors, async () => {
      await api.renameScenario(folioId, scenario.id, body);
      await folioChanged(folioId);
      announce(`Scenario renamed “${name.trim()}”.`);
      onClose();
    });
  };
  const dirty = name !== scenario.name || description !== (scenario.description ?? '');
  return (
    <Dialog title={`Rename “${scenario.name}”`} onClose={onClose} dirty={dirty}>
      <form class="form" onSubmit={(e) => void save(e)} noValidate>
        <FormErrors refusal={submit.refusal} />
        <Field label="Name" name="name" value={name} onValue={setName} error={submit.err('name')} maxLength={255} />
        <Field
          label="What it is for (optional)"
          name="description"
          value={description}
          onValue={setDescription}
          error={submit.err('description')}
          maxLength={500}
        />
        <div class="form-actions">
          <button type="submit" class="btn btn-primary" disabled={submit.busy}>
            {submit.busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function PromoteDialog({ folioId, scenario, onClose }: { folioId: string; scenario: Scenario; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [rebase, setRebase] = useState(false);
  const [approve, setApprove] = useState(false);
  const [baseline, setBaseline] = useState(`Budget: ${scenario.name}`.slice(0, 255));
  const [type, setType] = useState<ExpenditureType>('BUDGET');
  const submit = useSubmit(['reason', 'rebase', 'approve.name', 'approve.expenditureType']);
  const promote = async (e: Event) => {
    e.preventDefault();
    const errors: Record<string, string> = {};
    if (!reason.trim()) errors.reason = 'Say why this scenario becomes the draft: the reason is kept with the change';
    if (approve && !baseline.trim()) errors['approve.name'] = 'Name the baseline';
    await submit.run(errors, async () => {
      const done = await api.promoteScenario(folioId, scenario.id, {
        reason: reason.trim(),
        rebase,
        ...(approve ? { approve: { name: baseline.trim(), expenditureType: type } } : {}),
      });
      await folioChanged(folioId);
      announce(
        `“${scenario.name}” is now the draft: ${fmt.count(Number(done.itemsPut))} item${Number(done.itemsPut) === 1 ? '' : 's'} put, ${fmt.count(Number(done.itemsDeleted))} deleted${
          done.baselineId ? ', and approved as a baseline' : ''
        }. The draft before is kept as a scenario.`,
      );
      onClose();
    });
  };
  return (
    <Dialog title={`Promote “${scenario.name}” to be the draft`} onClose={onClose} dirty={reason.trim() !== ''}>
      <form class="form" onSubmit={(e) => void promote(e)} noValidate aria-label="Promote the scenario">
        <p>
          The draft’s positions and expenses become this scenario’s, in one change. The draft as it is now is kept as a scenario named “Draft before promoting{' '}
          {scenario.name}”.
        </p>
        <FormErrors refusal={submit.refusal} />
        <div class="field">
          <label for="promote-reason">Reason</label>
          <textarea
            id="promote-reason"
            name="reason"
            rows={3}
            maxLength={5000}
            value={reason}
            onInput={(e) => setReason(e.currentTarget.value)}
            aria-invalid={submit.err('reason') ? 'true' : undefined}
            aria-describedby={submit.err('reason') ? 'promote-reason-error' : undefined}
          />
          {submit.err('reason') ? (
            <small id="promote-reason-error" class="error">
              {submit.err('reason')}
            </small>
          ) : null}
        </div>
        {scenario.draftChanged ? (
          <Checkbox
            label="The draft changed since the fork: apply this scenario’s own changes over the draft as it is now"
            name="rebase"
            checked={rebase}
            onValue={setRebase}
            hint="Without it the promotion is refused, naming what changed. Items the scenario did not change stay as the draft has them."
          />
        ) : null}
        <Checkbox label="Approve it as a baseline at once" name="approve" checked={approve} onValue={setApprove} />
        {approve ? (
          <div class="grid-3">
            <Field label="Baseline name" name="baseline" value={baseline} onValue={setBaseline} error={submit.err('approve.name')} maxLength={255} />
            <SelectField
              label="What it freezes"
              name="expenditureType"
              value={type}
              onValue={(v) => setType(v as ExpenditureType)}
              options={TYPES}
              error={submit.err('approve.expenditureType')}
            />
          </div>
        ) : null}
        <div class="form-actions">
          <button type="submit" class="btn btn-primary" disabled={submit.busy}>
            {submit.busy ? 'Promoting…' : 'Promote'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
