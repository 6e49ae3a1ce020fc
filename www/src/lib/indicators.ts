// Every indicator the overview shows, with its one-line meaning (shown on hover and focus).
import type { Indicators } from '../api/types';

export type IndicatorKind = 'money' | 'ratio' | 'percent';

export interface IndicatorInfo {
  key: keyof Indicators;
  abbr: string;
  name: string;
  meaning: string;
  kind: IndicatorKind;
}

export const INDICATORS: readonly IndicatorInfo[] = [
  {
    key: 'bac',
    abbr: 'BAC',
    name: 'Budget at completion',
    kind: 'money',
    meaning: 'Total planned cost of the folio (the latest cost baseline, else the draft).',
  },
  { key: 'pv', abbr: 'PV', name: 'Planned value', kind: 'money', meaning: 'The share of BAC planned to be done by the as-of date, by working days elapsed.' },
  {
    key: 'ev',
    abbr: 'EV',
    name: 'Earned value',
    kind: 'money',
    meaning: 'BAC times the progress of the folio’s scope items: the work actually done, in money.',
  },
  { key: 'ac', abbr: 'AC', name: 'Actual cost', kind: 'money', meaning: 'What was actually spent up to the as-of date (team members and actual expenses).' },
  { key: 'cv', abbr: 'CV', name: 'Cost variance', kind: 'money', meaning: 'EV minus AC: positive means under budget for the work done.' },
  { key: 'sv', abbr: 'SV', name: 'Schedule variance', kind: 'money', meaning: 'EV minus PV: positive means ahead of schedule.' },
  { key: 'cpi', abbr: 'CPI', name: 'Cost performance index', kind: 'ratio', meaning: 'EV divided by AC: value earned per unit spent; 1 or more is on budget.' },
  { key: 'spi', abbr: 'SPI', name: 'Schedule performance index', kind: 'ratio', meaning: 'EV divided by PV: 1 or more is on schedule.' },
  { key: 'cvPercent', abbr: 'CV %', name: 'Cost variance percent', kind: 'percent', meaning: 'CV as a percentage of EV.' },
  { key: 'svPercent', abbr: 'SV %', name: 'Schedule variance percent', kind: 'percent', meaning: 'SV as a percentage of PV.' },
  {
    key: 'eac',
    abbr: 'EAC',
    name: 'Estimate at completion',
    kind: 'money',
    meaning: 'Forecast total cost if the current cost performance (CPI) continues: BAC / CPI.',
  },
  { key: 'etc', abbr: 'ETC', name: 'Estimate to complete', kind: 'money', meaning: 'Forecast cost still to spend: EAC minus AC.' },
  {
    key: 'vac',
    abbr: 'VAC',
    name: 'Variance at completion',
    kind: 'money',
    meaning: 'BAC minus EAC: the expected overrun (negative) or saving (positive) at the end.',
  },
  {
    key: 'tcpi',
    abbr: 'TCPI',
    name: 'To-complete performance index',
    kind: 'ratio',
    meaning: 'The cost performance needed on the remaining work to finish on budget.',
  },
  {
    key: 'eacKnown',
    abbr: 'Scheduled cost',
    name: 'Scheduled cost: actual to date + scheduled',
    kind: 'money',
    meaning: 'AC plus the actual costs already scheduled after the as-of date: what is committed whatever the forecast says.',
  },
  {
    key: 'plannedCostToDate',
    abbr: 'Planned to date',
    name: 'Planned cost to date',
    kind: 'money',
    meaning: 'Planned cost dated on or before the as-of date.',
  },
  { key: 'reserve', abbr: 'Reserve', name: 'Management reserve', kind: 'money', meaning: 'The folio’s reserve percentage of BAC, held for unknown risks.' },
  {
    key: 'contingency',
    abbr: 'Contingency',
    name: 'Contingency',
    kind: 'money',
    meaning: 'The folio’s contingency percentage of the planned cost, for known risks.',
  },
  {
    key: 'contingencyToDate',
    abbr: 'Contingency to date',
    name: 'Contingency to date',
    kind: 'money',
    meaning: 'Contingency on the planned cost up to the as-of date.',
  },
  {
    key: 'plannedRevenue',
    abbr: 'Planned revenue',
    name: 'Planned revenue',
    kind: 'money',
    meaning: 'Total planned revenue of the folio (latest revenue baseline, else the draft).',
  },
  {
    key: 'plannedRevenueToDate',
    abbr: 'Planned revenue to date',
    name: 'Planned revenue to date',
    kind: 'money',
    meaning: 'Planned revenue dated on or before the as-of date: what the revenue light compares actual revenue with.',
  },
  { key: 'actualRevenue', abbr: 'Actual revenue', name: 'Actual revenue to date', kind: 'money', meaning: 'Revenue actually earned up to the as-of date.' },
  { key: 'profit', abbr: 'Profit', name: 'Profit to date', kind: 'money', meaning: 'Actual revenue minus actual cost, to date.' },
  { key: 'margin', abbr: 'Margin', name: 'Margin', kind: 'percent', meaning: 'Profit as a percentage of actual revenue.' },
];
