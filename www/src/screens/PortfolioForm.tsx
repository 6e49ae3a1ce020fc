// Make or change a portfolio (`/portfolios/new`, `/portfolios/{id}/edit`): name, description,
// colour, currency, whether it is private, its admins, its folios (picked among those the caller
// sees) and its parent. One request (POST or PUT /portfolio); the server decides what the caller
// may do (S11.5: a folio joins only by a caller who may change it, an admin is named only by one
// who may change every folio, a parent chain never loops) and refuses at the field.
import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { useQuery } from '@tanstack/preact-query';
import { api } from '../api/budgets';
import type { FolioSummary, Portfolio } from '../api/types';
import { num } from '../api/json';
import { keys, queryClient } from '../lib/queries';
import { flatten, folioIdsUnder, type Placed } from '../lib/portfolios';
import { portfolioHref } from '../lib/routes';
import { checkCurrency, requireText, type FieldErrors } from '../lib/validate';
import { announce, session } from '../state';
import { useSubmit } from '../components/useSubmit';
import { UserField } from '../components/UserField';
import { Checkbox, ErrorBox, Field, FormErrors, Loading, SelectField, bind, bindCheck } from '../components/ui';

const FIELDS = ['name', 'description', 'color', 'currencyCode', 'owner', 'admins', 'folios', 'parentId', 'isPrivate'];

interface Draft {
  name: string;
  description: string;
  color: string;
  currencyCode: string;
  isPrivate: boolean;
  owner: string;
  admins: string;
  folios: string[];
  parentId: string;
}

function draftOf(p: Portfolio | undefined, parentId: string | null): Draft {
  return {
    name: p?.name ?? '',
    description: p?.description ?? '',
    color: p?.color ?? 'steelblue',
    currencyCode: p?.currencyCode ?? 'EUR',
    isPrivate: p?.isPrivate ?? false,
    owner: p?.owner ?? session.value?.user ?? '',
    admins: (p?.admins ?? []).join(', '),
    folios: (p?.folios ?? []).map((f) => f.id),
    parentId: parentId ?? '',
  };
}

/** The admins as typed: user keys separated by commas or spaces. */
export const adminsOf = (text: string): string[] => [...new Set(text.split(/[\s,]+/).filter(Boolean))];

/** `/portfolios/new` (`id` absent) and `/portfolios/{id}/edit`. */
export function PortfolioForm({ id }: { id?: string }) {
  const list = useQuery({ queryKey: keys.portfolios(), queryFn: ({ signal }) => api.portfolios(signal) });
  const folios = useQuery({ queryKey: keys.folios(), queryFn: ({ signal }) => api.folios(signal) });
  if (list.error) return <ErrorBox error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data || !folios.data) return <Loading label="Loading the portfolios and folios" />;
  const all = flatten(list.data);
  const placed = id ? all.find((p) => p.portfolio.id === id) : undefined;
  if (id && !placed)
    return (
      <div class="page">
        <h1>Portfolio</h1>
        <ErrorBox error={new Error('This portfolio does not exist or you may not see it.')} />
      </div>
    );
  return <Editor key={id ?? 'new'} stored={placed?.portfolio} parentId={placed?.parentId ?? null} all={all} folios={folios.data} />;
}

function Editor({ stored, parentId, all, folios }: { stored: Portfolio | undefined; parentId: string | null; all: Placed[]; folios: FolioSummary[] }) {
  const { route } = useLocation();
  const [d, setD] = useState(() => draftOf(stored, parentId));
  const submit = useSubmit(FIELDS);
  const admin = session.value?.budgetAdmin === true;
  const set =
    <K extends keyof Draft>(k: K) =>
    (v: Draft[K]) =>
      setD((p) => ({ ...p, [k]: v }));
  // A portfolio cannot sit under itself or under one of its own sub-portfolios.
  const below = stored ? new Set(flatten([stored]).map((p) => p.portfolio.id)) : new Set<string>();
  const parents = all.filter((p) => !below.has(p.portfolio.id));
  // Its folios as the list gave them, then those the caller sees; a folio it holds that the caller
  // cannot see stays (the server keeps it).
  const choices = [...(stored?.folios ?? []), ...folios.filter((f) => !stored?.folios.some((s) => s.id === f.id))];
  const inSubs = stored ? folioIdsUnder({ ...stored, folios: [] }) : new Set<string>();

  const save = async (e: Event) => {
    e.preventDefault();
    const errors: FieldErrors = {};
    requireText(errors, 'name', d.name, 'Name');
    checkCurrency(errors, 'currencyCode', d.currencyCode);
    requireText(errors, 'color', d.color, 'Colour');
    await submit.run(errors, async () => {
      const body = {
        ...(stored ? { id: num(stored.id) } : {}),
        name: d.name.trim(),
        description: d.description.trim() || null,
        color: d.color.trim(),
        currencyCode: d.currencyCode.trim(),
        isPrivate: d.isPrivate,
        owner: d.owner.trim(),
        admins: adminsOf(d.admins),
        folios: choices.filter((f) => d.folios.includes(f.id)).map((f) => ({ ...f, id: num(f.id) })),
        portfolios: [],
        parentId: d.parentId ? num(d.parentId) : null,
        ...(stored?.ordering ? { ordering: { ...stored.ordering, rankingFieldId: num(stored.ordering.rankingFieldId) } } : {}),
      };
      const saved = stored ? (await api.updatePortfolio(body), stored.id) : await api.createPortfolio(body);
      await queryClient.invalidateQueries({ queryKey: keys.portfolios() });
      await queryClient.invalidateQueries({ queryKey: ['portfolio'] });
      announce(`Portfolio “${body.name}” saved.`);
      route(portfolioHref(saved));
    });
  };
  const err = submit.err;
  const title = stored ? `Edit “${stored.name}”` : 'New portfolio';
  return (
    <div class="page narrow">
      <nav class="crumbs" aria-label="Breadcrumb">
        <a href="/portfolios">Portfolios</a> <span aria-hidden="true">/</span>{' '}
        {stored ? (
          <>
            <a href={portfolioHref(stored.id)}>{stored.name}</a> <span aria-hidden="true">/</span>{' '}
          </>
        ) : null}
        <span aria-current="page">{stored ? 'Edit' : 'New portfolio'}</span>
      </nav>
      <h1>{title}</h1>
      <form class="card form" onSubmit={(e) => void save(e)} noValidate>
        <FormErrors refusal={submit.refusal} note={submit.refusal && submit.refusal.status !== 0 ? 'Nothing was saved.' : undefined} />
        <Field label="Name" {...bind(d, set, err, 'name')} required maxLength={255} />
        <Field label="Description" {...bind(d, set, err, 'description')} maxLength={500} />
        <div class="grid-3">
          <div class="color-field">
            <Field label="Colour" {...bind(d, set, err, 'color')} hint="A CSS colour: a name or #rrggbb" maxLength={32} />
            <span class="swatch-dot big" style={{ background: d.color }} aria-hidden="true" />
          </div>
          <Field
            label="Currency"
            name="currencyCode"
            value={d.currencyCode}
            onValue={(v) => set('currencyCode')(v.toUpperCase())}
            error={err('currencyCode')}
            maxLength={3}
            hint="The rollup converts every folio into it"
          />
          <SelectField
            label="Parent portfolio"
            {...bind(d, set, err, 'parentId')}
            options={[
              { value: '', label: 'None (a top portfolio)' },
              ...parents.map((p) => ({ value: p.portfolio.id, label: `${'· '.repeat(p.depth)}${p.portfolio.name}` })),
            ]}
          />
        </div>
        <Checkbox {...bindCheck(d, set, 'isPrivate')} label="Private (only its owner, admins and budget administrators see it)" />
        <div class="grid-2">
          {admin ? (
            <UserField
              label="Owner"
              name="owner"
              value={d.owner}
              onValue={set('owner')}
              error={err('owner')}
              hint="Budget administrators hand a portfolio to another user."
            />
          ) : (
            <Field label="Owner" {...bind(d, set, err, 'owner')} readOnly />
          )}
          <Field label="Admins" {...bind(d, set, err, 'admins')} hint="User keys, separated by commas: they change the portfolio and read its folios" />
        </div>
        <fieldset class={`folio-picks${err('folios') ? ' has-error' : ''}`}>
          <legend>Folios ({d.folios.length} chosen)</legend>
          {choices.length === 0 ? <p class="muted">No folio to choose from.</p> : null}
          <ul class="picks">
            {choices.map((f) => (
              <li key={f.id}>
                <Checkbox
                  label={inSubs.has(f.id) ? `${f.name} (also in a sub-portfolio)` : f.name}
                  name={`folio-${f.id}`}
                  checked={d.folios.includes(f.id)}
                  onValue={(on) => set('folios')(on ? [...d.folios, f.id] : d.folios.filter((x) => x !== f.id))}
                />
              </li>
            ))}
          </ul>
          {err('folios') ? (
            <small class="field-error" data-field="folios">
              {err('folios')}
            </small>
          ) : null}
        </fieldset>
        <div class="form-actions">
          <a class="btn" href={stored ? portfolioHref(stored.id) : '/portfolios'}>
            Cancel
          </a>
          <button type="submit" class="btn btn-primary" disabled={submit.busy}>
            {submit.busy ? 'Saving…' : stored ? 'Save portfolio' : 'Create portfolio'}
          </button>
        </div>
      </form>
    </div>
  );
}
