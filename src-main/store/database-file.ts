// The database's file name in the data folder, alone so that a read-only reader (stored-evaluations.ts)
// names it without loading the migrations.
export const DATABASE_FILE = 'account-monitor.sqlite';
