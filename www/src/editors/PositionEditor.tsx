// Add or change a position. Creating sends one POST /position with the first allocation period
// and rate, and the further ones as `moreAllocations` and `moreRates`: the server makes the whole
// position or nothing, and a refusal is shown at its row.
// Changing: the header is one PUT /position, which replaces the record: its body is the position
// as GET /folio/{id}/items gave it (every field, those this editor does not show included), with
// only the fields the user changed over it (`replacement`). Each rate and each allocation period
// (of every kind of position) is saved, added or deleted by itself.
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api/budgets';
import { ApiError } from '../api/client';
import type { AllocationBody, Changes, Folio, OvertimeRule, Position, PositionCreateBody, PositionKind, RateBody, Schemas } from '../api/types';
import { num } from '../api/json';
import { placeRefusal, type Refusal } from '../api/errors';
import { POSITION_DERIVED, replacement } from '../lib/records';
import { requireText, type FieldErrors } from '../lib/validate';
import { checkAllocation, checkRate, createFields, prefixed, type AllocationValues, type RateValues } from '../lib/periods';
import type { PositionItem } from '../lib/items';
import { Checkbox, Field, FormErrors, SelectField, bind } from '../components/ui';
import { Dialog } from '../components/Dialog';
import { ItemHistory } from '../components/History';
import { CustomFieldInputs, useCustomFields } from '../components/CustomFieldInputs';
import { PeriodRows } from './PeriodRows';
import { coreMessage, loadCore } from '../api/wasm';
import { checkEstimate, estimateBody, estimateDraft, EstimateFields, type EstimateDraft } from './EstimateFields';
import { CompleteField, RealisesField } from '../components/Realises';
import type { Realisable } from '../lib/costLines';
import { typed } from '../lib/numbers';

export type PositionChoice = 'team' | 'plannedCost' | 'plannedRevenue' | 'consulting';
const CHOICES: { value: PositionChoice; label: string }[] = [
  { value: 'team', label: 'Team member (actual cost)' },
  { value: 'plannedCost', label: 'Planned position (planned cost)' },
  { value: 'plannedRevenue', label: 'Planned position (planned revenue)' },
  { value: 'consulting', label: 'Consulting revenue (actual revenue)' },
];

const KIND: Record<PositionChoice, PositionKind> = {
  team: '.TeamMember',
  plannedCost: '.PlannedPositionByTimeFrame',
  plannedRevenue: '.PlannedPositionByTimeFrame',
  consulting: '.ConsultingRevenue',
};

const allocationBody = (a: AllocationValues): AllocationBody => ({ startDate: a.startDate, endDate: a.endDate, percentage: typed(a.percentage) });
const rateBody = (r: RateValues): RateBody => ({ rate: typed(r.rate), startDate: r.startDate });

function choiceOf(item: PositionItem): PositionChoice {
  if (item.section === 'team') return 'team';
  if (item.section === 'consulting') return 'consulting';
  return item.position.revenue ? 'plannedRevenue' : 'plannedCost';
}

const HEADER_FIELDS = [
  'kind',
  'name',
  'title',
  'member',
  'description',
  'otRuleId',
  'realises',
  'complete',
  'estimate',
  'estimate.low',
  'estimate.likely',
  'estimate.high',
];
const CREATE_FIELDS = [...HEADER_FIELDS, 'allocations.0.startDate', 'allocations.0.endDate', 'allocations.0.percentage'];

/** The header fields as the form shows them. */
function headerOf(p: Position | undefined) {
  return {
    name: p?.name ?? '',
    title: p?.title ?? '',
    member: p?.member && p.member !== 'unassigned' ? p.member : '',
    description: p?.description ?? '',
    otRuleId: p?.otRuleId ?? '',
    realises: p?.realises ?? '',
  };
}

export function PositionEditor({
  folio,
  item,
  initial = 'team',
  rules,
  planned = [],
  onClose,
  onSaved,
  onChanged,
}: {
  folio: Folio;
  item?: PositionItem;
  initial?: PositionChoice;
  rules: OvertimeRule[];
  /** The folio's planned positions, which a team member or consulting revenue may realise. */
  planned?: readonly (Realisable & { revenue: boolean })[];
  onClose: () => void;
  onSaved: (message: string) => void;
  onChanged: () => void;
}) {
  const p = item?.position;
  const [choice, setChoice] = useState<PositionChoice>(item ? choiceOf(item) : initial);
  const [h, setH] = useState(() => headerOf(p));
  const [allocations, setAllocations] = useState<AllocationValues[]>(
    item?.allocations.length
      ? item.allocations.map((a) => ({ startDate: a.startDate, endDate: a.endDate, percentage: a.percentage }))
      : [{ startDate: folio.startDate, endDate: folio.endDate, percentage: '100' }],
  );
  const [rates, setRates] = useState<RateValues[]>([{ rate: '', startDate: folio.startDate }]);
  // S7.4: TEAM definitions are for positions of every kind.
  const custom = useCustomFields(folio.id, 'TEAM', item?.position);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [busy, setBusy] = useState(false);
  const team = choice === 'team';
  // S9.12: a team member realises a planned cost position, a consulting revenue a planned
  // revenue one; a planned position's line may be complete.
  const actual = choice === 'team' || choice === 'consulting';
  const choices = planned.filter((q) => q.revenue === (choice === 'consulting') && q.id !== p?.id);
  const [complete, setComplete] = useState(p?.complete ?? false);
  // S14.1: a planned cost position's three points of its remaining cost.
  const [estimate, setEstimate] = useState<EstimateDraft>(() => estimateDraft(p?.estimate));
  const estimated = choice === 'plannedCost';
  // A folio's budget (BAC) is its planned items: a first team member of a folio that plans no
  // position is actual cost only. The editor says so and offers to plan the person as well.
  const noPlannedPositions = !item && team && !planned.some((q) => !q.revenue);
  const [planToo, setPlanToo] = useState(false);
  const realises = actual ? h.realises : '';
  const completed = actual ? false : complete;
  // The period checks are the wasm core's: loaded while the editor opens, not when Save is
  // clicked (loaded then, it delayed the first save by its download and compilation, about 50 ms).
  useEffect(() => {
    loadCore().catch(() => undefined);
  }, []);
  const setHeader = (k: keyof typeof h) => (v: string) => setH((x) => ({ ...x, [k]: v }));

  const headerBody = (allocation: AllocationValues, rate: RateValues): PositionCreateBody => {
    const body: PositionCreateBody = {
      folioId: num(folio.id),
      name: h.name.trim(),
      title: h.title.trim(),
      description: h.description,
      kind: KIND[choice],
      allocation: allocationBody(allocation),
      rate: rateBody(rate),
    };
    if (choice === 'team') body.member = h.member.trim() || 'unassigned';
    if (choice === 'plannedCost' || choice === 'plannedRevenue') body.revenue = choice === 'plannedRevenue';
    if (h.otRuleId) body.otRuleId = num(h.otRuleId);
    if (realises) body.realises = num(realises);
    if (completed) body.complete = true;
    const three = estimated ? estimateBody(estimate) : undefined;
    if (three) body.estimate = three;
    return body;
  };

  const checkHeader = (errors: FieldErrors) => {
    requireText(errors, 'name', h.name, 'Name');
    requireText(errors, 'title', h.title, 'Title');
    if (estimated) checkEstimate(errors, estimate);
    custom.check(errors);
  };

  // Creating: everything checked first, then one request that the server makes whole or refuses.
  const create = async () => {
    const errors: FieldErrors = {};
    checkHeader(errors);
    const periods = team ? allocations : allocations.slice(0, 1);
    // Each row against the ones before it, as the server checks them.
    const messages: string[] = [];
    const add = (refused: Refusal | null, prefix: string) => {
      if (!refused) return;
      Object.assign(errors, prefixed(refused.fields, prefix));
      messages.push(...refused.messages);
    };
    setBusy(true);
    try {
      // A row is compared with the rows before it that passed (a refused one would not be stored).
      const periodsOk: AllocationValues[] = [];
      for (const [i, a] of periods.entries()) {
        const refused = await checkAllocation(KIND[choice], a, periodsOk);
        add(refused, `allocations.${i}`);
        if (!refused) periodsOk.push(a);
      }
      const ratesOk: RateValues[] = [];
      for (const [i, r] of rates.entries()) {
        const refused = await checkRate(r, ratesOk);
        add(refused, `rates.${i}`);
        if (!refused) ratesOk.push(r);
      }
    } catch (e) {
      messages.push(`The rules could not be checked here (${coreMessage(e)}); the server checks them.`);
    } finally {
      setBusy(false);
    }
    if (Object.keys(errors).length || messages.length) {
      setRefusal({ status: 0, messages, fields: errors });
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const body = headerBody(periods[0]!, rates[0]!);
      if (periods.length > 1) body.moreAllocations = periods.slice(1).map(allocationBody);
      if (rates.length > 1) body.moreRates = rates.slice(1).map(rateBody);
      const values = custom.body();
      if (values) body.customFields = values;
      if (noPlannedPositions && planToo) {
        // The planned position first (the same periods and rates), then the team member realising it.
        const plan: PositionCreateBody = { ...body, kind: KIND.plannedCost, revenue: false };
        // A planned position has one allocation period (its time frame): the first.
        delete plan.moreAllocations;
        delete plan.member;
        delete plan.realises;
        delete plan.customFields;
        const planId = await api.createPosition(plan);
        body.realises = num(planId);
        await api.createPosition(body);
        onSaved(`“${h.name.trim()}” added, with a planned position of the same rate and allocation in the budget.`);
        return;
      }
      await api.createPosition(body);
      onSaved(`“${h.name.trim()}” added.`);
    } catch (error) {
      const r = error instanceof ApiError ? error.refusal : { status: 0, messages: [String(error)], fields: {} };
      const fields = createFields(r.fields);
      const shown = [
        ...CREATE_FIELDS,
        ...custom.fields,
        ...periods.flatMap((_a, i) => [`allocations.${i}.startDate`, `allocations.${i}.endDate`, `allocations.${i}.percentage`]),
        ...rates.flatMap((_r, i) => [`rates.${i}.rate`, `rates.${i}.startDate`]),
      ];
      const placed = placeRefusal({ ...r, fields }, shown);
      setRefusal({ ...placed, messages: [...placed.messages, 'Nothing was saved.'] });
    } finally {
      setBusy(false);
    }
  };

  // Changing the header: one PUT of the whole record as the server sent it, the fields the user
  // changed over it. Its first allocation period and rate go back as the server holds them (they
  // are changed in their own rows below); the overtime rule set to None removes `otRuleId`.
  const update = async () => {
    if (!item) return;
    const errors: FieldErrors = {};
    checkHeader(errors);
    if (Object.keys(errors).length) {
      setRefusal({ status: 0, messages: [], fields: errors });
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const was = headerOf(item.position);
      const changes: Changes<Schemas['Position']> = {};
      if (h.name !== was.name) changes.name = h.name.trim();
      if (h.title !== was.title) changes.title = h.title.trim();
      if (h.description !== was.description) changes.description = h.description;
      if (team && h.member !== was.member) changes.member = h.member.trim() || 'unassigned';
      if (h.otRuleId !== was.otRuleId) changes.otRuleId = h.otRuleId ? num(h.otRuleId) : undefined;
      if (realises !== was.realises) changes.realises = realises ? num(realises) : undefined;
      if (completed !== (item.position.complete ?? false)) changes.complete = completed || undefined;
      const stored = estimateDraft(item.position.estimate);
      if (estimated && (estimate.low !== stored.low || estimate.likely !== stored.likely || estimate.high !== stored.high))
        changes.estimate = estimateBody(estimate);
      const values = custom.body();
      if (values) changes.customFields = values;
      await api.updatePosition(replacement(item.position, POSITION_DERIVED, changes));
      onSaved(`“${h.name.trim()}” saved.`);
    } catch (error) {
      const r = error instanceof ApiError ? error.refusal : { status: 0, messages: [String(error)], fields: {} };
      const placed = placeRefusal(r, [...HEADER_FIELDS, ...custom.fields]);
      setRefusal({ ...placed, messages: [...placed.messages, 'Nothing was saved.'] });
    } finally {
      setBusy(false);
    }
  };

  const err = (k: string) => refusal?.fields[k];
  const setAllocation = (i: number, k: keyof AllocationValues) => (v: string) => setAllocations((all) => all.map((a, j) => (j === i ? { ...a, [k]: v } : a)));
  const setRate = (i: number, k: keyof RateValues) => (v: string) => setRates((all) => all.map((a, j) => (j === i ? { ...a, [k]: v } : a)));
  // Whether the user typed or chose anything: Escape then asks before dropping it.
  const [touched, setTouched] = useState(false);
  const title = item ? `Edit “${item.position.name}”` : 'Add a position';

  return (
    <Dialog title={title} onClose={onClose} wide dirty={touched}>
      <form
        class="form"
        noValidate
        onInput={() => setTouched(true)}
        onChange={() => setTouched(true)}
        onSubmit={(e) => {
          e.preventDefault();
          void (item ? update() : create());
        }}
      >
        <FormErrors refusal={refusal} />
        <div class="grid-2">
          {item ? (
            <div class="field">
              <span class="label-like">Kind</span>
              <span>{CHOICES.find((c) => c.value === choice)?.label}</span>
            </div>
          ) : (
            <SelectField label="Kind" name="kind" value={choice} onValue={(v) => setChoice(v as PositionChoice)} options={CHOICES} error={err('kind')} />
          )}
          <Field label="Name" {...bind(h, setHeader, err, 'name')} maxLength={255} />
        </div>
        <div class="grid-3">
          <Field label="Title (role)" {...bind(h, setHeader, err, 'title')} hint="Team members are grouped by title." maxLength={255} />
          {team ? <Field label="Member (user key)" {...bind(h, setHeader, err, 'member')} hint="Empty: unassigned." maxLength={128} /> : <span />}
          <SelectField
            label="Overtime rule"
            {...bind(h, setHeader, err, 'otRuleId')}
            options={[
              { value: '', label: 'None' },
              ...rules.map((r) => ({ value: r.id, label: `${r.name} (${r.frequency.toLowerCase()}, ${r.regularHours} h, ×${r.coefficient})` })),
            ]}
          />
        </div>
        {noPlannedPositions ? (
          <div class="alert alert-info" role="note" data-testid="no-planned-positions">
            <p>
              <strong>This folio plans no position yet.</strong> Its budget (BAC) is made of planned positions and planned expenses; a team member is actual
              cost, which is measured against that budget. Without a planned position, this person's cost is not in the budget.
            </p>
            <Checkbox
              label="Also plan this person: add a planned position with the same rate and allocation, which this team member realises"
              name="planToo"
              checked={planToo}
              onValue={setPlanToo}
            />
          </div>
        ) : null}
        {actual ? (
          <RealisesField
            planned={choices}
            value={h.realises}
            onValue={setHeader('realises')}
            names={[h.name, h.title]}
            noun={choice === 'consulting' ? 'planned revenue position' : 'planned position'}
            error={err('realises')}
          />
        ) : (
          <CompleteField checked={complete} onValue={setComplete} />
        )}
        {estimated ? <EstimateFields draft={estimate} onDraft={setEstimate} err={err} /> : null}
        <div class="field">
          <label for="position-description">Description</label>
          <textarea
            id="position-description"
            name="description"
            rows={2}
            maxLength={500}
            value={h.description}
            onInput={(e) => setHeader('description')(e.currentTarget.value)}
          />
        </div>

        {!item ? (
          <fieldset>
            <legend>{team ? 'Allocation periods' : 'Allocation period'}</legend>
            {(team ? allocations : allocations.slice(0, 1)).map((a, i) => (
              <div class="grid-4 period-row" key={i} data-row={i}>
                <Field
                  label={`Start date${team ? ` (period ${i + 1})` : ''}`}
                  name={`allocations.${i}.startDate`}
                  type="date"
                  value={a.startDate}
                  onValue={setAllocation(i, 'startDate')}
                  error={err(`allocations.${i}.startDate`)}
                />
                <Field
                  label={`End date${team ? ` (period ${i + 1})` : ''}`}
                  name={`allocations.${i}.endDate`}
                  type="date"
                  value={a.endDate}
                  onValue={setAllocation(i, 'endDate')}
                  error={err(`allocations.${i}.endDate`)}
                />
                <Field
                  label={`Percentage${team ? ` (period ${i + 1})` : ''}`}
                  name={`allocations.${i}.percentage`}
                  inputMode="decimal"
                  value={a.percentage}
                  onValue={setAllocation(i, 'percentage')}
                  error={err(`allocations.${i}.percentage`)}
                  hint="0 to 100 % of the working capacity"
                />
                {team && i > 0 ? (
                  <div class="field end">
                    <button type="button" class="btn btn-small btn-danger" onClick={() => setAllocations((all) => all.filter((_a, j) => j !== i))}>
                      Remove period {i + 1}
                    </button>
                  </div>
                ) : null}
              </div>
            ))}
            {team ? (
              <button type="button" class="btn btn-small" onClick={() => setAllocations((all) => [...all, { startDate: '', endDate: '', percentage: '100' }])}>
                Add an allocation period
              </button>
            ) : null}
          </fieldset>
        ) : null}

        {!item ? (
          <fieldset>
            <legend>Rates (per hour, {folio.currencyCode})</legend>
            {rates.map((r, i) => (
              <div class="grid-3 period-row" key={i} data-row={i}>
                <Field
                  label={`Rate ${i + 1}`}
                  name={`rates.${i}.rate`}
                  inputMode="decimal"
                  value={r.rate}
                  onValue={setRate(i, 'rate')}
                  error={err(`rates.${i}.rate`)}
                />
                <Field
                  label={`Effective from (rate ${i + 1})`}
                  name={`rates.${i}.startDate`}
                  type="date"
                  value={r.startDate}
                  onValue={setRate(i, 'startDate')}
                  error={err(`rates.${i}.startDate`)}
                />
                {i > 0 ? (
                  <div class="field end">
                    <button type="button" class="btn btn-small btn-danger" onClick={() => setRates((all) => all.filter((_r, j) => j !== i))}>
                      Remove rate {i + 1}
                    </button>
                  </div>
                ) : null}
              </div>
            ))}
            <button type="button" class="btn btn-small" onClick={() => setRates((all) => [...all, { rate: '', startDate: '' }])}>
              Add a rate change
            </button>
          </fieldset>
        ) : null}

        <CustomFieldInputs state={custom} err={err} />
        <div class="form-actions">
          <button type="button" class="btn" onClick={onClose}>
            {item ? 'Close' : 'Cancel'}
          </button>
          <button type="submit" class="btn btn-primary" disabled={busy}>
            {busy ? 'Saving…' : item ? 'Save details' : 'Add position'}
          </button>
        </div>
      </form>

      {item ? (
        <div class="stack history">
          <PeriodRows<AllocationValues>
            caption={team ? 'Allocation periods' : 'Allocation period'}
            fields={[
              { key: 'startDate', label: 'Start date', type: 'date' },
              { key: 'endDate', label: 'End date', type: 'date' },
              { key: 'percentage', label: 'Percentage', inputMode: 'decimal' },
            ]}
            rows={item.allocations.flatMap((a) =>
              a.id != null ? [{ id: a.id, values: { startDate: a.startDate, endDate: a.endDate, percentage: a.percentage } }] : [],
            )}
            validate={(v, replacing) => checkAllocation(KIND[choice], v, item.allocations, replacing)}
            onSave={async (id, v) => {
              await api.updateAllocation(id, allocationBody(v));
              onChanged();
            }}
            onAdd={async (v) => {
              await api.addAllocation(item.position.id, allocationBody(v));
              onChanged();
            }}
            onDelete={async (id) => {
              await api.deleteAllocation(id);
              onChanged();
            }}
            addLabel="Add period"
            emptyRow={{ startDate: '', endDate: '', percentage: '100' }}
            canAdd={team}
            canDelete={item.allocations.length > 1}
            note={team ? undefined : 'A planned position or consulting revenue has one allocation period; change its dates and percentage here.'}
          />
          <PeriodRows<RateValues>
            caption={`Rate history (per hour, ${folio.currencyCode})`}
            fields={[
              { key: 'rate', label: 'Rate', inputMode: 'decimal' },
              { key: 'startDate', label: 'Effective from', type: 'date' },
            ]}
            rows={item.rates.flatMap((r) => (r.id != null ? [{ id: r.id, values: { rate: r.rate, startDate: r.startDate } }] : []))}
            validate={(v, replacing) => checkRate(v, item.rates, replacing)}
            onSave={async (id, v) => {
              await api.updateRate(id, rateBody(v));
              onChanged();
            }}
            onAdd={async (v) => {
              await api.addRate(item.position.id, rateBody(v));
              onChanged();
            }}
            onDelete={async (id) => {
              await api.deleteRate(id);
              onChanged();
            }}
            addLabel="Add rate"
            emptyRow={{ rate: '', startDate: '' }}
            canDelete={item.rates.length > 1}
          />
          <ItemHistory folio={folio.id} kind="position" id={item.position.id} name={`“${item.position.name}”`} />
        </div>
      ) : null}
    </Dialog>
  );
}
