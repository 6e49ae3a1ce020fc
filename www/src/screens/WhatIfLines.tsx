// What-if: the cost lines a what-if moves (S9.12). Shown on request: the sandbox's lines of the
// saved draft (its pending changes undone, costed, redone) against its lines now, both by the
// wasm core (`Sandbox.lines`), the lines whose plan, actual, scheduled or forecast differ listed
// with both forecasts and their difference (subtracted by the core). Nothing is added here.
import { useMemo, useState } from 'preact/hooks';
import type { CostLine, FolioLines } from '../api/types';
import { parseJson } from '../api/json';
import { sameDecimal } from '../lib/decimal';
import * as fmt from '../lib/format';
import { Rag } from '../components/ui';
import { Col, EmptyRow } from '../components/Table';

/** The figures that, when they differ, make a line moved. */
const MOVES = ['plan', 'actual', 'scheduled', 'forecast'] as const;

/** A line's key: its item's kind and id. */
const keyOf = (line: CostLine) => `${line.itemKind}-${line.itemId}`;

/** The lines of `now` that differ from `saved` (or that `saved` has not), with their saved line; then those `now` no longer has. */
export function movedLines(saved: readonly CostLine[], now: readonly CostLine[]): { key: string; saved?: CostLine; now?: CostLine }[] {
  const before = new Map(saved.map((l) => [keyOf(l), l]));
  const moved: { key: string; saved?: CostLine; now?: CostLine }[] = [];
  for (const line of now) {
    const key = keyOf(line);
    const was = before.get(key);
    before.delete(key);
    if (!was || MOVES.some((f) => !sameDecimal(was.figures[f], line.figures[f])) || was.complete !== line.complete || was.deleted !== line.deleted) {
      moved.push(was ? { key, saved: was, now: line } : { key, now: line });
    }
  }
  for (const [key, was] of before) moved.push({ key, saved: was });
  return moved;
}

export function WhatIfLines({
  asOf,
  currency,
  version,
  linesOf,
  savedLinesOf,
  difference,
}: {
  asOf: string;
  currency: string;
  /** Changes with every change of the sandbox: the lines are read again. */
  version: number;
  /** The sandbox's lines now (JSON text). */
  linesOf: () => string;
  /** The sandbox's lines without its pending changes (JSON text). */
  savedLinesOf: () => string;
  /** `a - b` by the wasm core. */
  difference: (a: string, b: string) => string;
}) {
  const [open, setOpen] = useState(false);
  const moved = useMemo(() => {
    if (!open) return null;
    const saved = parseJson(savedLinesOf()) as FolioLines;
    const now = parseJson(linesOf()) as FolioLines;
    return movedLines(saved.lines, now.lines);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read again at each change of the sandbox
  }, [open, version, asOf]);
  return (
    <details class="whatif-lines" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Cost lines this what-if moves</summary>
      {moved ? (
        <div class="table-scroll" tabIndex={0} role="region" aria-label="Cost lines moved">
          <table class="table" data-section="moved-lines">
            <caption>
              Each line whose plan, actual or forecast the changes move — in {currency} as of {fmt.date(asOf)}
            </caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <Col align="right">Forecast, saved</Col>
                <Col align="right">Forecast, what-if</Col>
                <Col align="right">Difference</Col>
                <Col align="right">Variance, what-if</Col>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {moved.map(({ key, saved, now }) => {
                const line = now ?? saved;
                if (!line) return null;
                const a = saved?.figures.forecast ?? '0';
                const b = now?.figures.forecast ?? '0';
                return (
                  <tr key={key} data-moved={key}>
                    <th scope="row">
                      {line.name}
                      <div class="sub">{!saved ? 'a new line' : !now ? 'no longer a line' : line.planned ? 'planned' : 'unplanned'}</div>
                    </th>
                    <td class="right num" data-field="savedForecast" data-value={a}>
                      {fmt.money(a, currency)}
                    </td>
                    <td class="right num" data-field="forecast" data-value={b}>
                      {fmt.money(b, currency)}
                    </td>
                    <td class="right num changed" data-field="difference">
                      {fmt.money(difference(b, a), currency)}
                    </td>
                    <td class="right num" data-field="vac" data-value={now?.figures.vac ?? ''}>
                      {now ? fmt.money(now.figures.vac, currency) : '—'}
                    </td>
                    <td>{now ? <Rag status={now.figures.status} /> : null}</td>
                  </tr>
                );
              })}
              <EmptyRow columns={6} when={moved.length === 0}>
                No cost line moves: the changes leave every line as it is.
              </EmptyRow>
            </tbody>
          </table>
        </div>
      ) : null}
    </details>
  );
}
