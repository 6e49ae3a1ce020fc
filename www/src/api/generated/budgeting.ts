// Generated from docs/openapi.json by www/gen-types.mjs (npm run gen:types): do not edit.
// The schemas of the budgeting, host operations. Every JSON number is a WireNum, which
// src/api/types.ts maps to the planner's exact forms.
import type { WireNum } from '../wire';

export type paths = Record<string, never>;
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    Action: 'created' | 'updated' | 'deleted' | 'restored';
    ActualsImport: {
      columns: components['schemas']['ImportColumns'];
      dateOrder?: components['schemas']['DateOrder'] | null;
      decimalMark?: components['schemas']['DecimalMark'] | null;
      file: string;
      fileName?: string | null;
      kind: components['schemas']['ActualsKind'];
    };
    ActualsKind: 'expenses' | 'hours';
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
      reason?: string | null;
    };
    ApproveWith: {
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
    BudgetChange: {
      at: string;
      bacAfter: WireNum;
      bacBefore: WireNum;
      baselineId?: WireNum | null;
      currencyCode: string;
      folioId: WireNum;
      id: WireNum;
      kind: components['schemas']['BudgetChangeKind'];
      reason?: string | null;
      reserveAfter: WireNum;
      reserveBefore: WireNum;
      reserveDrawn: WireNum;
      scenarioId?: WireNum | null;
      user?: string | null;
    };
    BudgetChangeKind: 'baseline' | 'promotion' | 'reserve' | 'withdrawal' | 'restatement';
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
    ComparedPlan: {
      differences?: components['schemas']['PlanDifferences'] | null;
      forecast?: components['schemas']['ForecastFigures'] | null;
      id: string;
      indicators: components['schemas']['Indicators'];
      lines: components['schemas']['FolioLines'];
      name: string;
      timeline: components['schemas']['TimelineBucket'][];
    };
    Correlation: WireNum;
    CostLineShown: {
      complete: boolean;
      deleted: boolean;
      figures: components['schemas']['LineFigures'];
      group: string;
      itemId: WireNum;
      itemKind: components['schemas']['LineItemKind'];
      name: string;
      planned: boolean;
      realisedBy: components['schemas']['RealisingItem'][];
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
    DateOrder: 'dayMonthYear' | 'monthDayYear';
    DecimalMark: 'point' | 'comma';
    DifferenceKind: 'added' | 'removed' | 'changed';
    EacMethod: 'cpi' | 'cpiSpi' | 'remainingAsPlanned' | 'scheduled';
    Estimate: {
      high: WireNum;
      likely: WireNum;
      low: WireNum;
    };
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
      complete?: boolean | null;
      convertedAmount?: WireNum | null;
      currencyCode: string;
      customFields?: components['schemas']['CustomFields'] | null;
      deletedOn?: string | null;
      description: string;
      estimate?: components['schemas']['Estimate'] | null;
      folioId: WireNum;
      id?: WireNum | null;
      kind: components['schemas']['ExpenseKind'];
      labels?: unknown[] | null;
      name: string;
      realises?: WireNum | null;
      recurrence: components['schemas']['Recurrence'];
      reporter?: string | null;
      sourceKey?: string | null;
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
    FieldDifference: {
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
      requireApprovalReason?: boolean | null;
      reserve: WireNum;
      revenuesAsClientCosts: boolean;
      savedFilterId: WireNum;
      startDate: string;
      status?: components['schemas']['FolioStatus'] | null;
      tolerance: WireNum;
      uncertainty?: components['schemas']['Uncertainty'] | null;
      usesUserRates: boolean;
      withEarned: boolean;
      withRevenue: boolean;
      workloadSchemeId: WireNum;
    };
    FolioBudgetChanges: {
      approvedBudget?: WireNum | null;
      changes: components['schemas']['BudgetChange'][];
      currentBudget?: WireNum | null;
      folioId: WireNum;
    };
    FolioForecast: {
      asOf: string;
      bounds: components['schemas']['ForecastBounds'];
      currencyCode: string;
      curve: components['schemas']['ForecastPoint'][];
      drivers: components['schemas']['ForecastDriver'][];
      figures: components['schemas']['ForecastFigures'];
      finish: components['schemas']['ForecastFinish'];
      folioId: WireNum;
      histogram: components['schemas']['ForecastBucket'][];
      method: components['schemas']['ForecastMethod'];
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
    FolioLine: {
      figures: components['schemas']['LineFigures'];
      folioCurrencyCode: string;
      folioId: WireNum;
      lines: WireNum;
      name: string;
    };
    FolioLines: {
      asOf: string;
      budgetBaselineId?: WireNum | null;
      currencyCode: string;
      folioId: WireNum;
      groupBy: components['schemas']['LineGrouping'];
      groups: components['schemas']['LineGroup'][];
      lineCount: WireNum;
      lines: components['schemas']['CostLineShown'][];
      next?: WireNum | null;
      total: components['schemas']['LineFigures'];
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
    ForecastBounds: {
      cpi?: WireNum | null;
      cpiHigh?: WireNum | null;
      cpiLow?: WireNum | null;
      eacHigh?: WireNum | null;
      eacLow?: WireNum | null;
      meanLogCpi?: WireNum | null;
      months: WireNum;
      plannedMonths: WireNum;
      reason?: string | null;
      sdLogCpi?: WireNum | null;
      source: string;
    };
    ForecastBucket: {
      count: WireNum;
      from: WireNum;
      to: WireNum;
    };
    ForecastDriver: {
      estimate: components['schemas']['Estimate'];
      estimateFrom: string;
      folioId: WireNum;
      itemId: WireNum;
      itemKind: string;
      name: string;
      p10: WireNum;
      p90: WireNum;
      rankCorrelation: WireNum;
      remaining: WireNum;
    };
    ForecastFigures: {
      ac: WireNum;
      bac: WireNum;
      bacWithReserve: WireNum;
      chanceWithinBudget: WireNum;
      chanceWithinReserve: WireNum;
      max: WireNum;
      mean: WireNum;
      min: WireNum;
      p10: WireNum;
      p50: WireNum;
      p80: WireNum;
      p90: WireNum;
      plannedAtCompletion: WireNum;
      remaining: WireNum;
    };
    ForecastFinish: {
      p10: string;
      p50: string;
      p90: string;
      planned: string;
    };
    ForecastMethod: {
      certainLines: WireNum;
      correlation: WireNum;
      defaultEstimate: components['schemas']['Estimate'];
      defaultFrom: string;
      generator: string;
      iterations: WireNum;
      iterationsAsked: WireNum;
      seed: WireNum;
      steady: boolean;
      uncertainLines: WireNum;
    };
    ForecastPoint: {
      percent: WireNum;
      value: WireNum;
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
    ImportColumns: {
      amount?: string | null;
      category?: string | null;
      currency?: string | null;
      date?: string | null;
      description?: string | null;
      from?: string | null;
      hours?: string | null;
      key?: string | null;
      name?: string | null;
      overtimeHours?: string | null;
      person?: string | null;
      realises?: string | null;
      type?: string | null;
      until?: string | null;
    };
    ImportLine: {
      amount?: WireNum | null;
      currencyCode?: string | null;
      date?: string | null;
      itemId?: WireNum | null;
      name?: string | null;
      outcome: components['schemas']['ImportOutcome'];
      refusals?: components['schemas']['ImportRefusal'][];
      row: WireNum;
      until?: string | null;
    };
    ImportOutcome: 'create' | 'change' | 'unchanged' | 'refused';
    ImportRefusal: {
      column: string;
      message: string;
      value: string;
    };
    ImportReport: {
      changed: WireNum;
      created: WireNum;
      decimalMark: components['schemas']['DecimalMark'];
      dryRun: boolean;
      header: string[];
      lines: components['schemas']['ImportLine'][];
      mappingRefusals?: {
        [key: string]: string;
      };
      more: WireNum;
      refused: WireNum;
      rows: WireNum;
      unchanged: WireNum;
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
    ItemDifference: {
      change: components['schemas']['DifferenceKind'];
      fields: components['schemas']['FieldDifference'][];
      id: WireNum;
      item: string;
      moneyAfter: WireNum;
      moneyBefore: WireNum;
      moneyMoved: WireNum;
      name: string;
    };
    LineFigures: {
      actual: WireNum;
      budget: WireNum;
      forecast: WireNum;
      plan: WireNum;
      planVariance: WireNum;
      planVariancePercent?: WireNum | null;
      scheduled: WireNum;
      status: components['schemas']['IndexStatus'];
      vac: WireNum;
      vacPercent?: WireNum | null;
    };
    LineGroup: {
      figures: components['schemas']['LineFigures'];
      key: string;
      lines: WireNum;
      name: string;
    };
    LineGrouping: 'account' | 'category' | 'kind' | 'none';
    LineItemKind: 'position' | 'expense';
    NewScenario: {
      description?: string | null;
      from?: components['schemas']['ScenarioSource'];
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
    PlanDifferences: {
      bacMoved: WireNum;
      items: components['schemas']['ItemDifference'][];
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
      forecastCorrelation?: components['schemas']['Correlation'] | null;
      id?: WireNum | null;
      isPrivate: boolean;
      name: string;
      ordering?: components['schemas']['PortfolioOrdering'] | null;
      owner: string;
      parentId?: WireNum | null;
      portfolios: components['schemas']['Portfolio'][];
    };
    PortfolioBudgetChange: {
      at: string;
      bacAfter: WireNum;
      bacBefore: WireNum;
      baselineId?: WireNum | null;
      currencyCode: string;
      folioId: WireNum;
      folioName: string;
      id: WireNum;
      kind: components['schemas']['BudgetChangeKind'];
      reason?: string | null;
      reserveAfter: WireNum;
      reserveBefore: WireNum;
      reserveDrawn: WireNum;
      scenarioId?: WireNum | null;
      user?: string | null;
    };
    PortfolioBudgetChanges: {
      changes: components['schemas']['PortfolioBudgetChange'][];
      portfolioId: WireNum;
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
    PortfolioForecast: {
      asOf: string;
      currencyCode: string;
      curve: components['schemas']['ForecastPoint'][];
      drivers: components['schemas']['ForecastDriver'][];
      figures: components['schemas']['ForecastFigures'];
      folioCorrelation: WireNum;
      folios: components['schemas']['PortfolioForecastFolio'][];
      histogram: components['schemas']['ForecastBucket'][];
      method: components['schemas']['ForecastMethod'];
      portfolioId: WireNum;
    };
    PortfolioForecastFolio: {
      folioCurrencyCode: string;
      folioId: WireNum;
      lines: WireNum;
      name: string;
    };
    PortfolioLines: {
      asOf: string;
      currencyCode: string;
      folios: components['schemas']['FolioLine'][];
      groupBy: components['schemas']['LineGrouping'];
      groups: components['schemas']['LineGroup'][];
      portfolioId: WireNum;
      total: components['schemas']['LineFigures'];
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
      complete?: boolean | null;
      customFields?: components['schemas']['CustomFields'] | null;
      deletedOn?: string | null;
      description: string;
      estimate?: components['schemas']['Estimate'] | null;
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
      realises?: WireNum | null;
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
    Promoted: {
      baselineId?: WireNum | null;
      budgetChangeId?: WireNum | null;
      itemsDeleted: WireNum;
      itemsPut: WireNum;
      previousDraftId: WireNum;
      rebased: boolean;
      scenarioId: WireNum;
    };
    Promotion: {
      approve?: components['schemas']['ApproveWith'] | null;
      reason: string;
      rebase?: boolean;
    };
    Rate: {
      deletedOn?: string | null;
      id?: WireNum | null;
      rate: WireNum;
      startDate: string;
    };
    RealisingItem: {
      itemId: WireNum;
      itemKind: components['schemas']['LineItemKind'];
      name: string;
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
    Scenario: {
      changedItems: WireNum;
      created?: string | null;
      createdBy?: string | null;
      description?: string | null;
      draftChanged: boolean;
      expenses: WireNum;
      folioId: WireNum;
      from: components['schemas']['ScenarioSource'];
      id: WireNum;
      name: string;
      positions: WireNum;
      promoted?: string | null;
      promotedBy?: string | null;
    };
    ScenarioComparison: {
      asOf: string;
      currencyCode: string;
      folioId: WireNum;
      plans: components['schemas']['ComparedPlan'][];
    };
    ScenarioNaming: {
      description?: string | null;
      name: string;
    };
    ScenarioSource: string;
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
      realises?: WireNum | null;
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
    Uncertainty: {
      byCategory?: {
        [key: string]: components['schemas']['Estimate'];
      } | null;
      correlation?: components['schemas']['Correlation'] | null;
      correlationByCategory?: {
        [key: string]: components['schemas']['Correlation'];
      } | null;
      default?: components['schemas']['Estimate'] | null;
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
export type operations = Record<string, never>;
