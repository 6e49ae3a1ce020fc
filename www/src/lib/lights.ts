// Traffic lights: all four are the server's statuses, judged in the core by the folio's tolerance
// (cpiStatus, spiStatus: S9.5; revenueStatus: actual revenue to date against plannedRevenueToDate;
// marginStatus: the margin against the tolerance). The planner only names them; grey is the
// server's "nothing to judge yet".
import type { Indicators, Status } from '../api/types';

export const STATUS_LABEL: Record<Status, string> = {
  green: 'On track',
  amber: 'At risk',
  red: 'Off track',
  grey: 'No data',
};

export interface Light {
  key: 'cost' | 'schedule' | 'revenue' | 'margin';
  label: string;
  status: Status;
  basis: string;
}

const known = (s: unknown): Status => (s === 'green' || s === 'amber' || s === 'red' || s === 'grey' ? s : 'grey');

export function lightsOf(ind: Indicators): Light[] {
  return [
    { key: 'cost', label: 'Cost', status: known(ind.cpiStatus), basis: 'CPI against 1, within the folio’s tolerance' },
    { key: 'schedule', label: 'Schedule', status: known(ind.spiStatus), basis: 'SPI against 1, within the folio’s tolerance' },
    { key: 'revenue', label: 'Revenue', status: known(ind.revenueStatus), basis: 'Actual revenue against planned revenue to date' },
    { key: 'margin', label: 'Margin', status: known(ind.marginStatus), basis: 'Margin against the folio’s tolerance' },
  ];
}

/** Orders statuses for sorting: red first. */
export const STATUS_RANK: Record<Status, number> = { red: 0, amber: 1, green: 2, grey: 3 };
