// The app API's shapes the window uses. They are declared once, in the contract
// (src-shared/app-api.ts), which the service's handlers are typed against too.
export type {
  AccountSummary,
  ForecastAnswer,
  LedgerEntry,
  LedgerFilter,
  LedgerPage,
  RecurringCharge,
  Resolved,
  Series,
  SeriesEvent,
  SeriesPoint,
  Settings,
  SettingsEdit,
  Status,
  When,
} from '../../src-shared/app-api.ts';
