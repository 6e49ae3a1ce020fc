// Portfolios the caller may see (GET /portfolio).
import { api } from '../api/budgets';
import { useQuery } from '@tanstack/preact-query';
import { keys } from '../lib/queries';
import { flatten } from '../lib/portfolios';
import * as fmt from '../lib/format';
import { ErrorBox, Loading } from '../components/ui';
import { Col, EmptyRow } from '../components/Table';

export function Portfolios() {
  const list = useQuery({ queryKey: keys.portfolios(), queryFn: ({ signal }) => api.portfolios(signal) });
  const tree = list.data ? flatten(list.data) : [];
  return (
    <div class="page">
      <div class="page-head">
        <div>
          <h1>Portfolios</h1>
          <p class="muted">Groups of folios rolled up in one currency; a portfolio may hold sub-portfolios.</p>
        </div>
        <a class="btn btn-primary" href="/portfolios/new">
          New portfolio
        </a>
      </div>
      {list.error ? <ErrorBox error={list.error} onRetry={() => void list.refetch()} /> : null}
      {!list.data && !list.error ? <Loading label="Loading portfolios" /> : null}
      {list.data ? (
        <section class="card">
          <div class="table-scroll" tabIndex={0} role="region" aria-label="Portfolios table">
            <table class="table">
              <caption>Portfolios ({fmt.count(tree.length)})</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Currency</th>
                  <th scope="col">Owner</th>
                  <Col align="right">Folios</Col>
                  <th scope="col">Visibility</th>
                </tr>
              </thead>
              <tbody>
                {tree.map(({ portfolio: p, depth }) => (
                  <tr key={p.id} data-portfolio-id={p.id} data-depth={depth}>
                    <th scope="row" style={depth ? { paddingLeft: `${0.75 + depth * 1.25}rem` } : undefined}>
                      {depth ? <span class="sr-only">Sub-portfolio: </span> : null}
                      <span class="swatch-dot" style={{ background: p.color }} aria-hidden="true" /> <a href={`/portfolios/${p.id}`}>{p.name}</a>
                      {p.description ? <div class="sub">{p.description}</div> : null}
                    </th>
                    <td>{p.currencyCode}</td>
                    <td>{p.owner}</td>
                    <td class="right">{fmt.count(p.folios.length)}</td>
                    <td>{p.isPrivate ? 'Private' : 'Everyone'}</td>
                  </tr>
                ))}
                <EmptyRow columns={5} when={list.data.length === 0}>
                  No portfolio yet.
                </EmptyRow>
              </tbody>
            </table>
          </div>
        </section>
      ) : null}
    </div>
  );
}
