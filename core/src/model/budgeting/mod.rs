//! Wire types of the budgeting interface (`/budgets/1`, budgeting-api.md): folios and everything
//! inside them, the `{success}` wrapper and the error body.
//!
//! Fields the documents mark required are plain fields; optional ones are `Option` and are left
//! out when absent. A few fields the documents mark required are `Option` because a create request
//! may leave them out and the service fills them in (`id` of a folio, a portfolio, an overtime rule
//! or a custom-field definition; `teamRoleId` of a position): they are always present in what the
//! service returns.

mod analytics;
mod closes;
mod envelope;
mod expense;
mod folio;
mod forecast;
mod imports;
mod items;
mod lines;
mod periods;
mod plan;
mod portfolio;
mod position;
mod scenario;
mod scope;

pub use analytics::{FolioIndicators, IndexStatus, Indicators, TimelineBucket};
pub use closes::{
    ClosedMonth, ClosedMonthShown, FigureChange, PeriodClose, PeriodFigures, PortfolioClosedMonth,
};
pub use envelope::{BudgetErrorBody, Success};
pub use expense::{
    CustomFields, Expense, ExpenseCategory, ExpenseKind, ExpensePayment, Recurrence, RecurrenceBy,
    RecurrenceKind,
};
pub use folio::{
    Baseline, CustomFieldCatalog, CustomFieldDefinition, CustomFieldStyle, CustomFieldType,
    EacMethod, ExpenditureType, Expenditures, Folio, FolioPreview, FolioStatus, FolioSummary,
    ItemChange, PlannedValueMethod,
};
pub use forecast::{
    Correlation, Estimate, FolioForecast, ForecastBounds, ForecastBucket, ForecastDriver,
    ForecastFigures, ForecastFinish, ForecastMethod, ForecastPoint, PortfolioForecast,
    PortfolioForecastFolio, Uncertainty, MAX_UNCERTAINTY_CATEGORIES,
};
pub use imports::{
    ActualsImport, ActualsKind, DateOrder, DecimalMark, ImportColumns, ImportLine, ImportOutcome,
    ImportRefusal, ImportReport,
};
pub use items::{ExpenseItem, FolioItems, FolioPayments, PaidItem, PositionItem};
pub use lines::{
    CostLineShown, FolioLine, FolioLines, LineFigures, LineGroup, LineGrouping, LineItemKind,
    LineOrder, PortfolioLines, RealisingItem,
};
pub use periods::{Allocation, ExchangeRate, HoursPeriod, Rate};
pub use plan::{PlanCalendar, PlanDocument, PlanHoliday, PlanImport, PlanPosition, SyncedDay};
pub use portfolio::{Portfolio, PortfolioOrdering};
pub use position::{OvertimeFrequency, OvertimeRule, Position, PositionKind, Team, TeamMember};
pub use scenario::{
    ApproveWith, BudgetChange, BudgetChangeKind, ComparedPlan, DifferenceKind, FieldDifference,
    FolioBudgetChanges, ItemDifference, NewScenario, PlanDifferences, PortfolioBudgetChange,
    PortfolioBudgetChanges, Promoted, Promotion, Scenario, ScenarioComparison, ScenarioNaming,
    ScenarioSource,
};
pub use scope::{ScopeAnswer, ScopeHistory, ScopeItem, ScopeItems, ScopeMeasurement, ScopeVersion};
