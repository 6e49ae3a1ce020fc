// Records as the server sends them, read as the planner reads them.
import type { Folio } from '../api/types';
import { parseRecords } from '../api/json';
import type { FolioItemsAnswer } from '../api/types';
import { itemsOf } from '../lib/items';

export const FOLIO: Folio = {
  id: '1',
  name: 'Harbour footbridge',
  description: '',
  startDate: '2027-01-04',
  endDate: '2027-12-17',
  owner: 'ada',
  status: 'executing',
  currencyCode: 'EUR',
  reserve: '10',
  contingency: '5',
  tolerance: '10',
  hoursPerDay: null,
  revenuesAsClientCosts: false,
  usesUserRates: false,
  isSynchronizedWithWorkLogs: false,
  isSynchronizedWithServiceBilledHours: false,
  savedFilterId: '1',
  holidaySchemeId: '1',
  workloadSchemeId: '1',
  withRevenue: true,
  withEarned: true,
};

/** `GET /folio/1/items` with one team member (two rates) and one expense, every optional field set. */
export const ITEMS_TEXT = `{"success":{"positions":[{"position":{"id":11,"folioId":1,"name":"Ada Lovelace","description":"","title":"Engineer",
"kind":".TeamMember","member":"ada","reporter":"demo","category":"Engineering","accountKey":"ACME-OPS","holidaySchemeId":1,"workloadSchemeId":1,
"customFields":{"values":{"5":12.50,"6":"007"}},"otRuleId":2,
"rate":{"id":21,"rate":80.00,"startDate":"2027-01-04"},"allocation":{"id":31,"startDate":"2027-01-04","endDate":"2027-06-30","percentage":100}},
"rates":[{"id":21,"rate":80.00,"startDate":"2027-01-04"},{"id":22,"rate":95.50,"startDate":"2027-07-01"}],
"allocations":[{"id":31,"startDate":"2027-01-04","endDate":"2027-06-30","percentage":100}],"hours":[],"total":12000.00,"toDate":4000.00}],
"expenses":[{"expense":{"id":41,"folioId":1,"name":"Site office rent","description":"","type":"Rental","category":"OPEX","kind":".PlannedExpense",
"amount":1200.50,"convertedAmount":14406.00,"currencyCode":"EUR","amortized":false,"labels":["site",42],"reporter":"demo",
"customFields":{"values":{"7":99.90}},"recurrence":{"kind":".Monthly","startDate":"2027-01-31","occurrences":12,"interval":1}},
"total":14406.00,"toDate":3601.50}]}}`;

export function items() {
  return itemsOf((parseRecords(ITEMS_TEXT) as { success: FolioItemsAnswer }).success);
}
