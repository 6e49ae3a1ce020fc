// Generated from docs/openapi.json by www/gen-types.mjs (npm run gen:types): do not edit.
// The budgeting interface's operations by method and path template (without /budgets/1): the ids
// their path holds, their query parameters, their body and the `success` they answer.
import type { components } from './budgeting';
import type { WireNum } from '../wire';

type S = components['schemas'];

export interface BudgetingOperations {
  'DELETE /allocation/{id}': { path: { id: WireNum }; query: never; body: never; answer: boolean };
  'PUT /allocation/{id}': { path: { id: WireNum }; query: never; body: S['Allocation']; answer: boolean };
  'DELETE /baseline/{id}': { path: { id: WireNum }; query: never; body: never; answer: boolean };
  'DELETE /billablehours/{id}': { path: { id: WireNum }; query: never; body: never; answer: boolean };
  'PUT /billablehours/{id}': { path: { id: WireNum }; query: never; body: S['HoursPeriod']; answer: boolean };
  'PUT /customfield': { path: never; query: never; body: S['CustomFieldDefinition']; answer: S['CustomFieldDefinition'] };
  'DELETE /customfield/{id}': { path: { id: WireNum }; query: never; body: never; answer: boolean };
  'DELETE /exchangerate': { path: never; query: { from: string; to: string; effectiveDate: string }; body: never; answer: boolean };
  'GET /exchangerate': { path: never; query: never; body: never; answer: S['ExchangeRate'][] };
  'PUT /exchangerate': { path: never; query: never; body: S['ExchangeRate']; answer: boolean };
  'POST /expense': { path: never; query: never; body: S['Expense']; answer: WireNum };
  'PUT /expense': { path: never; query: never; body: S['Expense']; answer: S['Expense'] };
  'DELETE /expense/{id}': { path: { id: WireNum }; query: never; body: never; answer: boolean };
  'GET /expense/{id}': { path: { id: WireNum }; query: never; body: never; answer: S['Expense'] };
  'GET /expense/{id}/explain': {
    path: { id: WireNum };
    query: { asOf?: string; figure?: string; limit?: string; after?: string };
    body: never;
    answer: S['Explanation'];
  };
  'GET /expense/{id}/history': { path: { id: WireNum }; query: { limit?: string; before?: string; since?: string }; body: never; answer: S['History'] };
  'GET /expense/{id}/payments': { path: { id: WireNum }; query: never; body: never; answer: S['ExpensePayment'][] };
  'GET /folio': { path: never; query: { limit?: string; after?: string }; body: never; answer: S['FolioSummary'][] };
  'POST /folio': { path: never; query: never; body: S['Folio']; answer: WireNum };
  'PUT /folio': { path: never; query: { dryRun?: string; reason?: string }; body: S['Folio']; answer: S['Folio'] | S['FolioPreview'] };
  'POST /folio/import': { path: never; query: never; body: S['PlanDocument']; answer: S['PlanImport'] };
  'GET /folio/indicators': { path: never; query: { asOf?: string; id?: string; offset?: string; limit?: string }; body: never; answer: S['FolioIndicators'][] };
  'DELETE /folio/{id}': { path: { id: WireNum }; query: never; body: never; answer: boolean };
  'GET /folio/{id}': { path: { id: WireNum }; query: never; body: never; answer: S['Folio'] };
  'GET /folio/{id}/activity': { path: { id: WireNum }; query: { limit?: string; before?: string; since?: string }; body: never; answer: S['History'] };
  'POST /folio/{id}/baseline': { path: { id: WireNum }; query: never; body: S['Approval']; answer: WireNum };
  'GET /folio/{id}/baselines': { path: { id: WireNum }; query: { costs?: string; revenues?: string }; body: never; answer: S['Baseline'][] };
  'GET /folio/{id}/budget-changes': { path: { id: WireNum }; query: never; body: never; answer: S['FolioBudgetChanges'] };
  'POST /folio/{id}/customfield': { path: { id: WireNum }; query: never; body: S['CustomFieldDefinition']; answer: WireNum };
  'GET /folio/{id}/customfields': { path: { id: WireNum }; query: { limit?: string; after?: string }; body: never; answer: S['CustomFieldCatalog'] };
  'GET /folio/{id}/editors': { path: { id: WireNum }; query: never; body: never; answer: S['Viewers'] };
  'PUT /folio/{id}/editors': { path: { id: WireNum }; query: never; body: S['Viewers']; answer: boolean };
  'GET /folio/{id}/expenditures': {
    path: { id: WireNum };
    query: { baselineId?: string; actual?: string; revenue?: string };
    body: never;
    answer: S['Expenditures'];
  };
  'GET /folio/{id}/explain': {
    path: { id: WireNum };
    query: { asOf?: string; figure?: string; plan?: string; start?: string; granularity?: string; limit?: string; after?: string };
    body: never;
    answer: S['Explanation'];
  };
  'GET /folio/{id}/forecast': { path: { id: WireNum }; query: { asOf?: string; seed?: string; iterations?: string }; body: never; answer: S['FolioForecast'] };
  'GET /folio/{id}/history': { path: { id: WireNum }; query: { limit?: string; before?: string; since?: string }; body: never; answer: S['History'] };
  'POST /folio/{id}/import/actuals': { path: { id: WireNum }; query: { dryRun?: string }; body: S['ActualsImport']; answer: S['ImportReport'] };
  'GET /folio/{id}/indicators': { path: { id: WireNum }; query: { asOf?: string; plan?: string }; body: never; answer: S['Indicators'] };
  'GET /folio/{id}/items': { path: { id: WireNum }; query: { asOf?: string }; body: never; answer: S['FolioItems'] };
  'GET /folio/{id}/lines': {
    path: { id: WireNum };
    query: { asOf?: string; groupBy?: string; order?: string; limit?: string; after?: string; format?: string };
    body: never;
    answer: S['FolioLines'];
  };
  'GET /folio/{id}/payments': { path: { id: WireNum }; query: { asOf?: string; format?: string }; body: never; answer: S['FolioPayments'] };
  'GET /folio/{id}/periods': { path: { id: WireNum }; query: never; body: never; answer: S['ClosedMonthShown'][] };
  'POST /folio/{id}/periods': { path: { id: WireNum }; query: never; body: S['PeriodClose']; answer: S['ClosedMonthShown'] };
  'GET /folio/{id}/plan': { path: { id: WireNum }; query: never; body: never; answer: S['PlanDocument'] };
  'GET /folio/{id}/scenarios': { path: { id: WireNum }; query: never; body: never; answer: S['Scenario'][] };
  'POST /folio/{id}/scenarios': { path: { id: WireNum }; query: never; body: S['NewScenario']; answer: S['Scenario'] };
  'GET /folio/{id}/scenarios/compare': {
    path: { id: WireNum };
    query: { ids: string; asOf?: string; forecast?: string; seed?: string; iterations?: string };
    body: never;
    answer: S['ScenarioComparison'];
  };
  'DELETE /folio/{id}/scenarios/{scenarioId}': { path: { id: WireNum; scenarioId: WireNum }; query: never; body: never; answer: boolean };
  'GET /folio/{id}/scenarios/{scenarioId}': { path: { id: WireNum; scenarioId: WireNum }; query: never; body: never; answer: S['Scenario'] };
  'PUT /folio/{id}/scenarios/{scenarioId}': { path: { id: WireNum; scenarioId: WireNum }; query: never; body: S['ScenarioNaming']; answer: S['Scenario'] };
  'GET /folio/{id}/scenarios/{scenarioId}/history': {
    path: { id: WireNum; scenarioId: WireNum };
    query: { limit?: string; before?: string; since?: string };
    body: never;
    answer: S['History'];
  };
  'POST /folio/{id}/scenarios/{scenarioId}/promote': { path: { id: WireNum; scenarioId: WireNum }; query: never; body: S['Promotion']; answer: S['Promoted'] };
  'GET /folio/{id}/scope': { path: { id: WireNum }; query: { asOf?: string }; body: never; answer: S['ScopeAnswer'] };
  'PUT /folio/{id}/scope': { path: { id: WireNum }; query: never; body: S['ScopeItems']; answer: boolean };
  'GET /folio/{id}/scope/history': { path: { id: WireNum }; query: { limit?: string; before?: string; since?: string }; body: never; answer: S['History'] };
  'GET /folio/{id}/team': { path: { id: WireNum }; query: never; body: never; answer: S['Team'] };
  'GET /folio/{id}/timeline': {
    path: { id: WireNum };
    query: { asOf?: string; granularity?: string; plan?: string };
    body: never;
    answer: S['TimelineBucket'][];
  };
  'GET /folio/{id}/viewers': { path: { id: WireNum }; query: never; body: never; answer: S['Viewers'] };
  'PUT /folio/{id}/viewers': { path: { id: WireNum }; query: never; body: S['Viewers']; answer: boolean };
  'GET /overtimerule': { path: never; query: never; body: never; answer: S['OvertimeRule'][] };
  'POST /overtimerule': { path: never; query: never; body: S['OvertimeRule']; answer: WireNum };
  'PUT /overtimerule': { path: never; query: never; body: S['OvertimeRule']; answer: S['OvertimeRule'] };
  'DELETE /overtimerule/{id}': { path: { id: WireNum }; query: never; body: never; answer: boolean };
  'GET /portfolio': { path: never; query: { limit?: string; after?: string }; body: never; answer: S['Portfolio'][] };
  'POST /portfolio': { path: never; query: never; body: S['Portfolio']; answer: WireNum };
  'PUT /portfolio': { path: never; query: never; body: S['Portfolio']; answer: S['Portfolio'] };
  'DELETE /portfolio/{id}': { path: { id: WireNum }; query: never; body: never; answer: boolean };
  'GET /portfolio/{id}/budget-changes': { path: { id: WireNum }; query: never; body: never; answer: S['PortfolioBudgetChanges'] };
  'GET /portfolio/{id}/explain': {
    path: { id: WireNum };
    query: { asOf?: string; figure?: string; limit?: string; after?: string };
    body: never;
    answer: S['Explanation'];
  };
  'GET /portfolio/{id}/forecast': {
    path: { id: WireNum };
    query: { asOf?: string; seed?: string; iterations?: string };
    body: never;
    answer: S['PortfolioForecast'];
  };
  'GET /portfolio/{id}/history': { path: { id: WireNum }; query: { limit?: string; before?: string; since?: string }; body: never; answer: S['History'] };
  'GET /portfolio/{id}/indicators': { path: { id: WireNum }; query: { asOf?: string }; body: never; answer: S['Indicators'] };
  'GET /portfolio/{id}/lines': { path: { id: WireNum }; query: { asOf?: string; groupBy?: string }; body: never; answer: S['PortfolioLines'] };
  'GET /portfolio/{id}/periods': { path: { id: WireNum }; query: never; body: never; answer: S['PortfolioClosedMonth'][] };
  'POST /position': { path: never; query: never; body: S['Position']; answer: WireNum };
  'PUT /position': { path: never; query: never; body: S['Position']; answer: S['Position'] };
  'DELETE /position/{id}': { path: { id: WireNum }; query: never; body: never; answer: boolean };
  'GET /position/{id}': { path: { id: WireNum }; query: never; body: never; answer: S['Position'] };
  'POST /position/{id}/allocation': { path: { id: WireNum }; query: never; body: S['Allocation']; answer: boolean };
  'POST /position/{id}/billablehours': { path: { id: WireNum }; query: never; body: S['HoursPeriod']; answer: WireNum | null };
  'PUT /position/{id}/billedhours': { path: { id: WireNum }; query: never; body: S['BilledDays']; answer: boolean };
  'GET /position/{id}/explain': {
    path: { id: WireNum };
    query: { asOf?: string; figure?: string; limit?: string; after?: string };
    body: never;
    answer: S['Explanation'];
  };
  'GET /position/{id}/history': { path: { id: WireNum }; query: { limit?: string; before?: string; since?: string }; body: never; answer: S['History'] };
  'GET /position/{id}/payments': { path: { id: WireNum }; query: { granularity?: string }; body: never; answer: S['ExpensePayment'][] };
  'POST /position/{id}/rate': { path: { id: WireNum }; query: never; body: S['Rate']; answer: WireNum | null };
  'POST /position/{id}/workedhours': { path: { id: WireNum }; query: never; body: S['HoursPeriod']; answer: WireNum | null };
  'DELETE /rate/{id}': { path: { id: WireNum }; query: never; body: never; answer: boolean };
  'PUT /rate/{id}': { path: { id: WireNum }; query: never; body: S['Rate']; answer: S['Rate'] };
  'GET /users': { path: never; query: { query?: string; limit?: string }; body: never; answer: S['UserChoice'][] };
  'DELETE /workedhours/{id}': { path: { id: WireNum }; query: never; body: never; answer: boolean };
  'PUT /workedhours/{id}': { path: { id: WireNum }; query: never; body: S['HoursPeriod']; answer: boolean };
}
