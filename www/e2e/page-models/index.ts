// Page models of the planner's screens: their locators and actions, one model per screen, so that
// the end-to-end tests say what they do and a changed label is one edit here.
export { Shell } from './shell';
export { SignInPage } from './signIn';
export { FoliosPage, NewFolioPage } from './folios';
export { FolioPage, ForecastScreen, BaselinesScreen, ExportScreen, HistoryList, type FolioTab } from './folio';
export { CostsScreen, PositionEditor, ExpenseEditor, type PositionSection } from './costs';
export { WhatIfScreen } from './whatif';
export { PortfoliosPage, PortfolioPage, PortfolioFormPage } from './portfolios';
export { ExchangeRatesPage, OvertimeRulesPage } from './rates';
export { SettingsScreen } from './settings';
export { ScopeScreen } from './scope';
export { HoursScreen } from './hours';
export { ScenariosScreen } from './scenarios';
