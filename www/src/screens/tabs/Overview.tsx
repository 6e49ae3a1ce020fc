// Screen 2: the folio's indicators at the as-of date (GET /folio/{id}/indicators?asOf=) and its
// traffic lights (the server's cpiStatus, spiStatus, revenueStatus and marginStatus). A folio the
// server cannot compute (S5.6) shows its refusal in their place. Below them, the approved and the
// current budget with the log of its changes (S15.7).
import { useState } from 'preact/hooks';
import { lazy } from 'preact-iso';
import { api } from '../../api/budgets';
import { useQuery } from '@tanstack/preact-query';
import { indicatorsQuery } from '../../lib/screenQueries';
import { Card, FiguresRefused, Loading, UncomputableNote } from '../../components/ui';
import { IndicatorGrid, Lights } from '../../components/IndicatorGrid';
import { Methods } from '../../components/Methods';
import { FolioBudgetChanges } from '../../components/BudgetChanges';
import * as fmt from '../../lib/format';
import type { FolioProps } from '../FolioProps';

const ExplainDialog = lazy(() => import('../../components/Explain').then((m) => m.ExplainDialog));

export function Overview({ folio, asOf }: FolioProps) {
  const [explaining, setExplaining] = useState<{ path: string; title: string } | null>(null);
  const ind = useQuery(indicatorsQuery(folio.id, asOf));
  if (ind.error)
    return (
      <FiguresRefused error={ind.error} onRetry={() => void ind.refetch()} title={<>Indicators as of {fmt.date(asOf)}</>}>
        <UncomputableNote folioId={folio.id} />
      </FiguresRefused>
    );
  if (!ind.data) return <Loading label="Computing the indicators" />;
  const i = ind.data;
  return (
    <div class="stack" aria-busy={ind.isFetching ? 'true' : undefined}>
      <Card title="Traffic lights">
        <Lights indicators={i} big explain={(figure, title) => setExplaining({ path: api.explainPath(folio.id, figure, asOf), title })} />
      </Card>
      <Card title={<>Indicators as of {fmt.date(asOf)}</>} actions={<span class="muted">All figures in {i.currencyCode}</span>}>
        {!folio.withEarned ? <p class="muted">This folio does not use earned value: EV and the figures built on it are empty.</p> : null}
        <Methods indicators={i} />
        <IndicatorGrid
          indicators={i}
          currency={i.currencyCode}
          explain={(figure, title) => setExplaining({ path: api.explainPath(folio.id, figure, asOf), title })}
        />
        <p class="muted">Select a figure to see how it is made up.</p>
      </Card>
      <FolioBudgetChanges folioId={folio.id} currency={i.currencyCode} />
      {explaining ? <ExplainDialog path={explaining.path} title={explaining.title} onClose={() => setExplaining(null)} /> : null}
    </div>
  );
}
