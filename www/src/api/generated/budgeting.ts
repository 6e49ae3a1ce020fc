// Generated from docs/openapi.json by www/gen-types.mjs (npm run gen:types): do not edit.
// The schemas of the budgeting, host operations. Every JSON number is a WireNum, which
// src/api/types.ts maps to the planner's exact forms.
import type { WireNum } from '../wire';

export interface paths {
  '/budgets/1/allocation/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Update an allocation */
    put: operations['putAllocationById'];
    post?: never;
    /** Delete an allocation */
    delete: operations['deleteAllocationById'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/baseline/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete a baseline */
    delete: operations['deleteBaselineById'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/billablehours/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Update billable hours */
    put: operations['putBillablehoursById'];
    post?: never;
    /** Delete billable hours */
    delete: operations['deleteBillablehoursById'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/customfield': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Update a custom-field definition (S7.4) */
    put: operations['putCustomfield'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/customfield/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete a custom-field definition */
    delete: operations['deleteCustomfieldById'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/exchangerate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List exchange rates */
    get: operations['getExchangerate'];
    /** Put an exchange rate */
    put: operations['putExchangerate'];
    post?: never;
    /** Remove an exchange rate, unless an expense needs it (S5.6) */
    delete: operations['deleteExchangerate'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/expense': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Update an expense */
    put: operations['putExpense'];
    /** Add an expense to a folio */
    post: operations['postExpense'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/expense/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get an expense */
    get: operations['getExpenseById'];
    put?: never;
    post?: never;
    /** Delete an expense */
    delete: operations['deleteExpenseById'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/expense/{id}/explain': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An expense's money explained by its payments, each converted at its exchange rate */
    get: operations['getExpenseByIdExplain'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/expense/{id}/history': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Changes of an expense, newest first */
    get: operations['getExpenseByIdHistory'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/expense/{id}/payments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Payments of an expense */
    get: operations['getExpenseByIdPayments'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/folio': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List folios visible to the caller, in id order (a page of at most 4 MiB: more in the `Link` header's next page) */
    get: operations['getFolio'];
    /** Update a folio; with dryRun=true, what the update would change, storing nothing (S8.7) */
    put: operations['putFolio'];
    /** Create and configure a folio */
    post: operations['postFolio'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/folio/import': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Import a plan document: a new folio and everything in it, all or nothing */
    post: operations['postFolioImport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/folio/indicators': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Indicators of many folios: those named by id (at most 100), or a page of those the caller may view */
    get: operations['getFolioIndicators'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/folio/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a folio (a deleted one too, with its deletedOn, S5.1) */
    get: operations['getFolioById'];
    put?: never;
    post?: never;
    /** Delete a folio */
    delete: operations['deleteFolioById'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/folio/{id}/activity': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Changes of a folio and of everything in it, newest first, each naming its record */
    get: operations['getFolioByIdActivity'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/folio/{id}/baseline': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Approve a baseline (S8.1) */
    post: operations['postFolioByIdBaseline'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/folio/{id}/baselines': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Baselines of a folio */
    get: operations['getFolioByIdBaselines'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/folio/{id}/customfield': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Add a custom-field definition (S7.4) */
    post: operations['postFolioByIdCustomfield'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/folio/{id}/customfields': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Custom-field definitions of a folio, in id order (a page of at most 4 MiB: more in the `Link` header's next page) */
    get: operations['getFolioByIdCustomfields'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/folio/{id}/expenditures': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Expenditures of a folio (S8.4) */
    get: operations['getFolioByIdExpenditures'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/folio/{id}/explain': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A figure of a folio explained: its formula, its inputs and the lines it adds up */
    get: operations['getFolioByIdExplain'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/folio/{id}/history': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Changes of a folio (its fields and sharing), newest first */
    get: operations['getFolioByIdHistory'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/folio/{id}/indicators': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Indicators of a folio (S9) */
    get: operations['getFolioByIdIndicators'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/folio/{id}/items': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Items of a folio, with their money */
    get: operations['getFolioByIdItems'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/folio/{id}/payments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Payments of a folio (format=csv: the columns of costfolio plan --csv) */
    get: operations['getFolioByIdPayments'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/folio/{id}/periods': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The closed months, the earliest first, each beside its figures computed now for the same day (S9.11) */
    get: operations['getFolioByIdPeriods'];
    put?: never;
    /** Close a month: its month-end BAC, PV, EV, AC, EAC, ETC, VAC, CPI and SPI are kept as they are (S9.11) */
    post: operations['postFolioByIdPeriods'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/folio/{id}/plan': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A folio as a plan document */
    get: operations['getFolioByIdPlan'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/folio/{id}/scope': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The scope of a folio in force on a day, and every measurement (S9.3, S9.10) */
    get: operations['getFolioByIdScope'];
    /** Put the scope as measured on a day, today by default (S9.3, S9.10) */
    put: operations['putFolioByIdScope'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/folio/{id}/scope/history': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Measurements of a folio's scope as they were put, newest first (S9.10) */
    get: operations['getFolioByIdScopeHistory'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/folio/{id}/team': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Team of a folio */
    get: operations['getFolioByIdTeam'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/folio/{id}/timeline': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Timeline of a folio (S9.6) */
    get: operations['getFolioByIdTimeline'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/folio/{id}/viewers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Who a folio is shared with */
    get: operations['getFolioByIdViewers'];
    /** Share a folio */
    put: operations['putFolioByIdViewers'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/overtimerule': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List overtime rules */
    get: operations['getOvertimerule'];
    /** Update an overtime rule */
    put: operations['putOvertimerule'];
    /** Create an overtime rule */
    post: operations['postOvertimerule'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/overtimerule/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete an overtime rule */
    delete: operations['deleteOvertimeruleById'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/portfolio': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List portfolios in tree order, sub-portfolios nested (a page of at most 4 MiB: more in the `Link` header's next page, whose first portfolios may belong under one of this page) */
    get: operations['getPortfolio'];
    /** Update a portfolio */
    put: operations['putPortfolio'];
    /** Create a portfolio */
    post: operations['postPortfolio'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/portfolio/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete a portfolio */
    delete: operations['deletePortfolioById'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/portfolio/{id}/explain': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A figure of a portfolio's rollup explained: its members' own figures, converted (S9.9) */
    get: operations['getPortfolioByIdExplain'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/portfolio/{id}/history': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Changes of a portfolio, newest first */
    get: operations['getPortfolioByIdHistory'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/portfolio/{id}/indicators': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Portfolio indicators (S9.9) */
    get: operations['getPortfolioByIdIndicators'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/portfolio/{id}/periods': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The months every folio of a portfolio running in them has closed, rolled up as closed and as computed now (S9.11, S9.9) */
    get: operations['getPortfolioByIdPeriods'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/position': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Update a position */
    put: operations['putPosition'];
    /** Add a position (with its further periods and rates, all or nothing) */
    post: operations['postPosition'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/position/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a position */
    get: operations['getPositionById'];
    put?: never;
    post?: never;
    /** Delete a position */
    delete: operations['deletePositionById'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/position/{id}/allocation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Add an allocation */
    post: operations['postPositionByIdAllocation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/position/{id}/billablehours': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Add billable hours to a consulting revenue */
    post: operations['postPositionByIdBillablehours'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/position/{id}/billedhours': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Put the billed hours of a consulting revenue (S6.5c) */
    put: operations['putPositionByIdBilledhours'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/position/{id}/explain': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A position's money explained by its days: hours, rate and amount */
    get: operations['getPositionByIdExplain'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/position/{id}/history': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Changes of a position, its allocation periods, rates and hours, newest first */
    get: operations['getPositionByIdHistory'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/position/{id}/payments': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Payments of a position */
    get: operations['getPositionByIdPayments'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/position/{id}/rate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Add a rate */
    post: operations['postPositionByIdRate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/position/{id}/workedhours': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Add worked hours to a team member */
    post: operations['postPositionByIdWorkedhours'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/rate/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Update a rate */
    put: operations['putRateById'];
    post?: never;
    /** Delete a rate */
    delete: operations['deleteRateById'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Users to pick from (owners, viewers, members), matching a query */
    get: operations['getUsers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/budgets/1/workedhours/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Update worked hours */
    put: operations['putWorkedhoursById'];
    post?: never;
    /** Delete worked hours */
    delete: operations['deleteWorkedhoursById'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/healthz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** 200 while the process serves */
    get: operations['getHealthz'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** This document */
    get: operations['getOpenapi.json'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/readyz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** 200 when caught up with the journal and the database answers; 503 otherwise */
    get: operations['getReadyz'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/session': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Who is signed in to the planner */
    get: operations['getSession'];
    put?: never;
    /** Sign in to the planner: an HttpOnly, SameSite=Strict cookie */
    post: operations['postSession'];
    /** Sign out */
    delete: operations['deleteSession'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    Action: 'created' | 'updated' | 'deleted' | 'restored';
    Allocation: {
      deletedOn?: string | null;
      endDate: string;
      id?: WireNum | null;
      percentage: WireNum;
      startDate: string;
    };
    Approval: {
      approvedBy: string;
      description?: string | null;
      expenditureType: components['schemas']['ExpenditureType'];
      name: string;
    };
    Baseline: {
      approvedBy: string;
      created: string;
      deletedOn?: string | null;
      description?: string | null;
      expenditureType: components['schemas']['ExpenditureType'];
      folioId: WireNum;
      id: WireNum;
      name: string;
    };
    BilledDay: {
      date: string;
      hours: WireNum;
    };
    BilledDays: {
      days: components['schemas']['BilledDay'][];
    };
    BudgetErrorBody: {
      error?: string | null;
      errorMessages?: string[] | null;
      errors?: {
        [key: string]: string;
      } | null;
    };
    Change: {
      action: components['schemas']['Action'];
      at?: string | null;
      fields: components['schemas']['FieldChange'][];
      record?: components['schemas']['ChangedRecord'] | null;
      seq: WireNum;
      user?: string | null;
    };
    ChangedRecord: {
      id: WireNum;
      kind: string;
      name?: string | null;
    };
    ClosedMonthShown: {
      asOf: string;
      changes: components['schemas']['FigureChange'][];
      closed: components['schemas']['PeriodFigures'];
      closedBy: string;
      closedOn: string;
      currencyCode: string;
      month: string;
      now: components['schemas']['PeriodFigures'];
    };
    CustomFieldCatalog: {
      customFields: {
        [key: string]: components['schemas']['CustomFieldDefinition'][];
      };
    };
    CustomFieldDefinition: {
      deletedOn?: string | null;
      id?: WireNum | null;
      name: string;
      options?: unknown[] | null;
      required: boolean;
      style: components['schemas']['CustomFieldStyle'];
      type: components['schemas']['CustomFieldType'];
    };
    CustomFieldStyle: 'TEXT' | 'SELECT' | 'DATE' | 'NUMBER' | 'AMOUNT' | 'USER';
    CustomFieldType: 'ACTUAL' | 'TEAM' | 'REVENUE' | 'FOLIO';
    CustomFields: {
      values: {
        [key: string]: unknown;
      };
    };
    EacMethod: 'cpi' | 'cpiSpi' | 'remainingAsPlanned' | 'scheduled';
    ExchangeRate: {
      effectiveDate: string;
      from: string;
      rate: WireNum;
      to: string;
    };
    ExpenditureType: 'ACTUAL' | 'BUDGET' | 'PLANNED' | 'REVENUE';
    Expenditures: {
      expenses: components['schemas']['Expense'][];
      positions: components['schemas']['Position'][];
    };
    Expense: {
      amortized?: boolean | null;
      amount: WireNum;
      baselineId?: WireNum | null;
      category: components['schemas']['ExpenseCategory'];
      convertedAmount?: WireNum | null;
      currencyCode: string;
      customFields?: components['schemas']['CustomFields'] | null;
      deletedOn?: string | null;
      description: string;
      folioId: WireNum;
      id?: WireNum | null;
      kind: components['schemas']['ExpenseKind'];
      labels?: unknown[] | null;
      name: string;
      recurrence: components['schemas']['Recurrence'];
      reporter?: string | null;
      type: string;
    };
    ExpenseCategory: 'OPEX' | 'CAPEX' | 'FINEX' | 'OPERATING' | 'NON_OPERATING';
    ExpenseItem: {
      expense: components['schemas']['Expense'];
      refusal?: string | null;
      toDate?: WireNum | null;
      total?: WireNum | null;
    };
    ExpenseKind: '.ActualExpense' | '.PlannedRevenue' | '.ActualRevenue' | '.PlannedExpense';
    ExpensePayment: {
      amount: WireNum;
      date: string;
      effort?: WireNum | null;
      overtimeAmount?: WireNum | null;
      overtimeEffort?: WireNum | null;
      rate?: WireNum | null;
      totalAmount?: WireNum | null;
      totalEffort?: WireNum | null;
    };
    ExplainedInput: {
      explain?: string | null;
      figure: string;
      value: unknown;
    };
    ExplainedLine: {
      allocation?: WireNum | null;
      amount: WireNum;
      capacityHours?: WireNum | null;
      coefficient?: WireNum | null;
      date?: string | null;
      explain?: string | null;
      fxDate?: string | null;
      fxInverse?: boolean | null;
      fxRate?: WireNum | null;
      hours?: WireNum | null;
      hoursFrom?: string | null;
      itemId: WireNum;
      itemName?: string | null;
      kind: string;
      overtimeAmount?: WireNum | null;
      overtimeHours?: WireNum | null;
      paid?: WireNum | null;
      paidCurrency?: string | null;
      rate?: WireNum | null;
      rateFrom?: string | null;
    };
    Explanation: {
      currencyCode: string;
      figure: string;
      formula: string;
      inputs: components['schemas']['ExplainedInput'][];
      lines: components['schemas']['ExplainedLine'][];
      linesTotal?: WireNum | null;
      next?: WireNum | null;
      plan?: string | null;
      planName?: string | null;
      value: unknown;
    };
    FieldChange: {
      after: unknown;
      before: unknown;
      path: string;
    };
    FigureChange: {
      closed?: WireNum | null;
      difference?: WireNum | null;
      figure: string;
      now?: WireNum | null;
    };
    Folio: {
      closedDate?: string | null;
      contingency: WireNum;
      currencyCode: string;
      customFields?: components['schemas']['CustomFields'] | null;
      deletedOn?: string | null;
      description: string;
      eacMethod?: components['schemas']['EacMethod'] | null;
      endDate: string;
      holidaySchemeId: WireNum;
      hoursPerDay?: WireNum | null;
      id?: WireNum | null;
      isSynchronizedWithAccounts?: boolean | null;
      isSynchronizedWithServiceBilledHours: boolean;
      isSynchronizedWithWorkLogs: boolean;
      name: string;
      owner: string;
      plannedValueMethod?: components['schemas']['PlannedValueMethod'] | null;
      reserve: WireNum;
      revenuesAsClientCosts: boolean;
      savedFilterId: WireNum;
      startDate: string;
      status?: components['schemas']['FolioStatus'] | null;
      tolerance: WireNum;
      usesUserRates: boolean;
      withEarned: boolean;
      withRevenue: boolean;
      workloadSchemeId: WireNum;
    };
    FolioIndicators: {
      folioId: WireNum;
      indicators?: components['schemas']['Indicators'] | null;
      refusal?: string | null;
    };
    FolioItems: {
      expenses: components['schemas']['ExpenseItem'][];
      positions: components['schemas']['PositionItem'][];
    };
    FolioPayments: {
      expenses: components['schemas']['PaidItem'][];
      positions: components['schemas']['PaidItem'][];
      timeline: components['schemas']['TimelineBucket'][];
    };
    FolioPreview: {
      draftCostAfter: WireNum;
      draftCostBefore: WireNum;
      folio: components['schemas']['Folio'];
      items: components['schemas']['ItemChange'][];
    };
    FolioStatus: 'pending' | 'executing' | 'expired' | 'closed';
    FolioSummary: {
      closedDate?: string | null;
      endDate: string;
      id: WireNum;
      name: string;
      owner: string;
      startDate: string;
      status: components['schemas']['FolioStatus'];
      withEarned?: boolean | null;
      withRevenue?: boolean | null;
    };
    History: {
      changes: components['schemas']['Change'][];
      next?: WireNum | null;
    };
    HolidayKind: 'FIXED' | 'FLOATING';
    HoursPeriod: {
      deletedOn?: string | null;
      effort: WireNum;
      endDate: string;
      id?: WireNum | null;
      otEffort: WireNum;
      reporter?: string | null;
      startDate: string;
    };
    IndexStatus: 'green' | 'amber' | 'red' | 'grey';
    Indicators: {
      ac: WireNum;
      actualRevenue?: WireNum | null;
      bac: WireNum;
      contingency: WireNum;
      contingencyToDate: WireNum;
      cpi?: WireNum | null;
      cpiStatus: components['schemas']['IndexStatus'];
      currencyCode: string;
      cv?: WireNum | null;
      cvPercent?: WireNum | null;
      eac?: WireNum | null;
      eacBelowScheduled?: WireNum | null;
      eacKnown: WireNum;
      eacMethod?: components['schemas']['EacMethod'] | null;
      etc?: WireNum | null;
      ev?: WireNum | null;
      margin?: WireNum | null;
      marginStatus?: components['schemas']['IndexStatus'];
      plannedCostToDate: WireNum;
      plannedRevenue?: WireNum | null;
      plannedRevenueToDate?: WireNum | null;
      plannedValueMethod?: components['schemas']['PlannedValueMethod'] | null;
      profit?: WireNum | null;
      pv?: WireNum | null;
      reserve: WireNum;
      revenueStatus?: components['schemas']['IndexStatus'];
      spi?: WireNum | null;
      spiStatus: components['schemas']['IndexStatus'];
      status?: components['schemas']['FolioStatus'] | null;
      sv?: WireNum | null;
      svPercent?: WireNum | null;
      tcpi?: WireNum | null;
      vac?: WireNum | null;
    };
    ItemChange: {
      after?: WireNum | null;
      before?: WireNum | null;
      id: WireNum;
      kind: string;
      name: string;
    };
    OvertimeFrequency: 'DAILY' | 'WEEKLY';
    OvertimeRule: {
      coefficient: WireNum;
      deletedOn?: string | null;
      frequency: components['schemas']['OvertimeFrequency'];
      id?: WireNum | null;
      name: string;
      regularHours: WireNum;
    };
    PaidItem: {
      id: WireNum;
      lines: components['schemas']['ExpensePayment'][];
      name: string;
      toDate: WireNum;
      total: WireNum;
    };
    PeriodClose: {
      month: string;
    };
    PeriodFigures: {
      ac: WireNum;
      bac: WireNum;
      cpi?: WireNum | null;
      eac?: WireNum | null;
      etc?: WireNum | null;
      ev?: WireNum | null;
      pv?: WireNum | null;
      spi?: WireNum | null;
      vac?: WireNum | null;
    };
    PlanCalendar: {
      holidays?: components['schemas']['PlanHoliday'][];
      workload?: components['schemas']['WorkloadDay'][];
    };
    PlanDocument: {
      asOf?: string | null;
      exchangeRates?: components['schemas']['ExchangeRate'][];
      expenses?: components['schemas']['Expense'][];
      folio: components['schemas']['Folio'];
      holidays?: components['schemas']['PlanHoliday'][];
      overtimeRules?: components['schemas']['OvertimeRule'][];
      positions?: components['schemas']['PlanPosition'][];
      scope?: components['schemas']['ScopeItem'][];
      scopeHistory?: components['schemas']['ScopeVersion'][];
      workload?: components['schemas']['WorkloadDay'][];
    };
    PlanHoliday: {
      date: string;
      durationSeconds: WireNum;
      name: string;
      type: components['schemas']['HolidayKind'];
    };
    PlanImport: {
      expenses: WireNum[];
      folioId: WireNum;
      notImported: string[];
      positions: WireNum[];
    };
    PlanPosition: {
      allocations?: components['schemas']['Allocation'][];
      calendar?: components['schemas']['PlanCalendar'] | null;
      hours?: components['schemas']['HoursPeriod'][];
      position: components['schemas']['Position'];
      rates?: components['schemas']['Rate'][];
      syncedHours?: components['schemas']['SyncedDay'][] | null;
    };
    PlannedValueMethod: 'workingDays' | 'plan';
    Portfolio: {
      admins: string[];
      color: string;
      currencyCode: string;
      description?: string | null;
      folios: components['schemas']['FolioSummary'][];
      id?: WireNum | null;
      isPrivate: boolean;
      name: string;
      ordering?: components['schemas']['PortfolioOrdering'] | null;
      owner: string;
      parentId?: WireNum | null;
      portfolios: components['schemas']['Portfolio'][];
    };
    PortfolioClosedMonth: {
      asOf: string;
      changes: components['schemas']['FigureChange'][];
      closed: components['schemas']['PeriodFigures'];
      currencyCode: string;
      folios: WireNum;
      month: string;
      now: components['schemas']['PeriodFigures'];
    };
    PortfolioOrdering: {
      ascendingOrder: boolean;
      rankingFieldId: WireNum;
    };
    Position: {
      accountKey?: string | null;
      allocation: components['schemas']['Allocation'];
      baselineId?: WireNum | null;
      billableHours?: components['schemas']['HoursPeriod'][] | null;
      category?: string | null;
      customFields?: components['schemas']['CustomFields'] | null;
      deletedOn?: string | null;
      description: string;
      folioId: WireNum;
      holidaySchemeId?: WireNum | null;
      id?: WireNum | null;
      kind?: components['schemas']['PositionKind'] | null;
      member?: string | null;
      moreAllocations?: components['schemas']['Allocation'][] | null;
      moreRates?: components['schemas']['Rate'][] | null;
      name: string;
      otRuleId?: WireNum | null;
      rate: components['schemas']['Rate'];
      reporter?: string | null;
      revenue?: boolean | null;
      synchedWithTracker?: boolean | null;
      teamId?: WireNum | null;
      teamMemberId?: WireNum | null;
      teamRoleId?: WireNum | null;
      title: string;
      userRates?: boolean | null;
      workloadSchemeId?: WireNum | null;
    };
    PositionItem: {
      allocations: components['schemas']['Allocation'][];
      hours: components['schemas']['HoursPeriod'][];
      position: components['schemas']['Position'];
      rates: components['schemas']['Rate'][];
      refusal?: string | null;
      toDate?: WireNum | null;
      total?: WireNum | null;
    };
    PositionKind: '.PlannedPositionByTimeFrame' | '.TeamMember' | '.ConsultingRevenue';
    Rate: {
      deletedOn?: string | null;
      id?: WireNum | null;
      rate: WireNum;
      startDate: string;
    };
    Recurrence: {
      endDate?: string | null;
      interval?: WireNum | null;
      kind: components['schemas']['RecurrenceKind'];
      occurrences?: WireNum | null;
      recurrenceBy?: components['schemas']['RecurrenceBy'] | null;
      recurrenceOn?: WireNum[] | null;
      startDate: string;
    };
    RecurrenceBy: 'DAY_OF_MONTH' | 'DAY_OF_WEEK';
    RecurrenceKind: '.Once' | '.Daily' | '.Weekly' | '.Monthly' | '.Yearly';
    ScopeAnswer: {
      asOf?: string | null;
      items: components['schemas']['ScopeItem'][];
      measurements: components['schemas']['ScopeMeasurement'][];
    };
    ScopeItem: {
      done: boolean;
      key: string;
      logged: WireNum;
      progressive: boolean;
      remaining: WireNum;
      weight: WireNum;
    };
    ScopeItems: {
      asOf?: string | null;
      items: components['schemas']['ScopeItem'][];
    };
    ScopeMeasurement: {
      asOf: string;
      items: WireNum;
      progress?: WireNum | null;
    };
    ScopeVersion: {
      asOf: string;
      items: components['schemas']['ScopeItem'][];
    };
    SyncedDay: {
      date: string;
      seconds: WireNum;
    };
    Team: {
      members: components['schemas']['TeamMember'][];
    };
    TeamMember: {
      allocations: components['schemas']['Allocation'][];
      baselineId?: WireNum | null;
      customFields: components['schemas']['CustomFields'];
      deletedOn?: string | null;
      description: string;
      folioId: WireNum;
      holidaySchemeId: WireNum;
      id: WireNum;
      kind: components['schemas']['PositionKind'];
      member: string;
      name: string;
      otRuleId?: WireNum | null;
      rates: components['schemas']['Rate'][];
      reporter: string;
      synchedWithTracker: boolean;
      teamId?: WireNum | null;
      teamMemberId?: WireNum | null;
      teamRoleId: WireNum;
      title: string;
      usesUserRates: boolean;
      workedHours: components['schemas']['HoursPeriod'][];
      workloadSchemeId: WireNum;
    };
    TimelineBucket: {
      ac: WireNum;
      actualCost: WireNum;
      actualRevenue?: WireNum | null;
      contingency: WireNum;
      end: string;
      ev?: WireNum | null;
      plannedCost: WireNum;
      plannedRevenue?: WireNum | null;
      pv?: WireNum | null;
      start: string;
    };
    UserChoice: {
      displayName: string;
      key: string;
    };
    Viewers: {
      users: string[];
    };
    WeekdayName: 'MONDAY' | 'TUESDAY' | 'WEDNESDAY' | 'THURSDAY' | 'FRIDAY' | 'SATURDAY' | 'SUNDAY';
    WorkloadDay: {
      day: components['schemas']['WeekdayName'];
      requiredSeconds: WireNum;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  putAllocationById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Allocation'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: boolean;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  deleteAllocationById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: boolean;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  deleteBaselineById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: boolean;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  putBillablehoursById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['HoursPeriod'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: boolean;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  deleteBillablehoursById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: boolean;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  putCustomfield: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CustomFieldDefinition'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['CustomFieldDefinition'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  deleteCustomfieldById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: boolean;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getExchangerate: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['ExchangeRate'][];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  putExchangerate: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ExchangeRate'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: boolean;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  deleteExchangerate: {
    parameters: {
      query: {
        from: string;
        to: string;
        effectiveDate: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: boolean;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  putExpense: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Expense'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['Expense'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  postExpense: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Expense'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: WireNum;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getExpenseById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['Expense'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  deleteExpenseById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: boolean;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getExpenseByIdExplain: {
    parameters: {
      query?: {
        asOf?: string;
        figure?: string;
        limit?: WireNum;
        after?: WireNum;
      };
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['Explanation'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getExpenseByIdHistory: {
    parameters: {
      query?: {
        limit?: WireNum;
        before?: WireNum;
        since?: string;
      };
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['History'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getExpenseByIdPayments: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['ExpensePayment'][];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getFolio: {
    parameters: {
      query?: {
        limit?: WireNum;
        after?: WireNum;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['FolioSummary'][];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  putFolio: {
    parameters: {
      query?: {
        dryRun?: boolean;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Folio'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['Folio'] | components['schemas']['FolioPreview'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  postFolio: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Folio'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: WireNum;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  postFolioImport: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PlanDocument'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['PlanImport'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getFolioIndicators: {
    parameters: {
      query?: {
        asOf?: string;
        id?: WireNum;
        offset?: WireNum;
        limit?: WireNum;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['FolioIndicators'][];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getFolioById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['Folio'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  deleteFolioById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: boolean;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getFolioByIdActivity: {
    parameters: {
      query?: {
        limit?: WireNum;
        before?: WireNum;
        since?: string;
      };
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['History'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  postFolioByIdBaseline: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Approval'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: WireNum;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getFolioByIdBaselines: {
    parameters: {
      query?: {
        costs?: boolean;
        revenues?: boolean;
      };
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['Baseline'][];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  postFolioByIdCustomfield: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CustomFieldDefinition'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: WireNum;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getFolioByIdCustomfields: {
    parameters: {
      query?: {
        limit?: WireNum;
        after?: WireNum;
      };
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['CustomFieldCatalog'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getFolioByIdExpenditures: {
    parameters: {
      query?: {
        baselineId?: WireNum;
        actual?: boolean;
        revenue?: boolean;
      };
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['Expenditures'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getFolioByIdExplain: {
    parameters: {
      query?: {
        asOf?: string;
        figure?: string;
        plan?: string;
        start?: string;
        granularity?: string;
        limit?: WireNum;
        after?: WireNum;
      };
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['Explanation'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getFolioByIdHistory: {
    parameters: {
      query?: {
        limit?: WireNum;
        before?: WireNum;
        since?: string;
      };
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['History'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getFolioByIdIndicators: {
    parameters: {
      query?: {
        asOf?: string;
        plan?: string;
      };
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['Indicators'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getFolioByIdItems: {
    parameters: {
      query?: {
        asOf?: string;
      };
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['FolioItems'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getFolioByIdPayments: {
    parameters: {
      query?: {
        asOf?: string;
        format?: string;
      };
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['FolioPayments'];
          };
          'text/csv': string;
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getFolioByIdPeriods: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['ClosedMonthShown'][];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  postFolioByIdPeriods: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PeriodClose'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['ClosedMonthShown'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getFolioByIdPlan: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['PlanDocument'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getFolioByIdScope: {
    parameters: {
      query?: {
        asOf?: string;
      };
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['ScopeAnswer'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  putFolioByIdScope: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ScopeItems'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: boolean;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getFolioByIdScopeHistory: {
    parameters: {
      query?: {
        limit?: WireNum;
        before?: WireNum;
        since?: string;
      };
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['History'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getFolioByIdTeam: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['Team'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getFolioByIdTimeline: {
    parameters: {
      query?: {
        asOf?: string;
        granularity?: string;
        plan?: string;
      };
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['TimelineBucket'][];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getFolioByIdViewers: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['Viewers'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  putFolioByIdViewers: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Viewers'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: boolean;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getOvertimerule: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['OvertimeRule'][];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  putOvertimerule: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['OvertimeRule'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['OvertimeRule'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  postOvertimerule: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['OvertimeRule'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: WireNum;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  deleteOvertimeruleById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: boolean;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getPortfolio: {
    parameters: {
      query?: {
        limit?: WireNum;
        after?: WireNum;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['Portfolio'][];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  putPortfolio: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Portfolio'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['Portfolio'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  postPortfolio: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Portfolio'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: WireNum;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  deletePortfolioById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: boolean;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getPortfolioByIdExplain: {
    parameters: {
      query?: {
        asOf?: string;
        figure?: string;
        limit?: WireNum;
        after?: WireNum;
      };
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['Explanation'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getPortfolioByIdHistory: {
    parameters: {
      query?: {
        limit?: WireNum;
        before?: WireNum;
        since?: string;
      };
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['History'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getPortfolioByIdIndicators: {
    parameters: {
      query?: {
        asOf?: string;
      };
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['Indicators'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getPortfolioByIdPeriods: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['PortfolioClosedMonth'][];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  putPosition: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Position'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['Position'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  postPosition: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Position'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: WireNum;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getPositionById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['Position'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  deletePositionById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: boolean;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  postPositionByIdAllocation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Allocation'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: boolean;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  postPositionByIdBillablehours: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['HoursPeriod'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: WireNum | null;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  putPositionByIdBilledhours: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['BilledDays'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: boolean;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getPositionByIdExplain: {
    parameters: {
      query?: {
        asOf?: string;
        figure?: string;
        limit?: WireNum;
        after?: WireNum;
      };
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['Explanation'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getPositionByIdHistory: {
    parameters: {
      query?: {
        limit?: WireNum;
        before?: WireNum;
        since?: string;
      };
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['History'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getPositionByIdPayments: {
    parameters: {
      query?: {
        granularity?: string;
      };
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['ExpensePayment'][];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  postPositionByIdRate: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Rate'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: WireNum | null;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  postPositionByIdWorkedhours: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['HoursPeriod'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: WireNum | null;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  putRateById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Rate'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['Rate'];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  deleteRateById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: boolean;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getUsers: {
    parameters: {
      query?: {
        query?: string;
        limit?: WireNum;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: components['schemas']['UserChoice'][];
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  putWorkedhoursById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['HoursPeriod'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: boolean;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  deleteWorkedhoursById: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: WireNum;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            success: boolean;
          };
        };
      };
      '4XX': {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BudgetErrorBody'];
        };
      };
    };
  };
  getHealthz: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/plain': string;
        };
      };
    };
  };
  'getOpenapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': Record<string, never>;
        };
      };
    };
  };
  getReadyz: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/plain': string;
        };
      };
    };
  };
  getSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            budgetAdmin: boolean;
            csrf: string;
            expiresAt: string;
            user: string;
          };
        };
      };
    };
  };
  postSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          password: string;
          username: string;
        };
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            budgetAdmin: boolean;
            csrf: string;
            expiresAt: string;
            user: string;
          };
        };
      };
    };
  };
  deleteSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}
