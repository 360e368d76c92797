// One hook per write of the app API. A write puts its own answer in the cache (the saved
// settings, the added charge) instead of reading it again, and refreshes once what follows from
// it and only the service can work out (balances, running balances, the chart, the forecast);
// the change feed's report of that same write then skips those keys (live.ts).
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import type {
  AccountSummary,
  ConnectRequest,
  EndRecurringRequest,
  ImportQuery,
  NewEntryRequest,
  NewRecurringRequest,
  RecurringCharge,
  RecurringList,
  Settings,
  SettingsEdit,
  Status,
} from '../../src-shared/app-api.ts';
import { useAccount } from './account-context.ts';
import { balanceKeys, keys } from './keys.ts';
import { markHandled } from './live.ts';

/** Refreshes `stale` once now, and marks them and `written` as brought up to date by this write. */
async function followed(client: QueryClient, written: readonly QueryKey[], stale: readonly QueryKey[]): Promise<void> {
  markHandled(client, [...written, ...stale]);
  await Promise.all(stale.map((queryKey) => client.invalidateQueries({ queryKey })));
}

/** A summary in the status as the service now gives it (a refresh's answer). */
function withSummary(client: QueryClient, summary: AccountSummary): void {
  client.setQueryData<Status>(keys.status, (status) =>
    status === undefined
      ? status
      : { ...status, accounts: status.accounts.map((a) => (a.id === summary.id ? summary : a)) },
  );
}

export function useSaveSettings() {
  const client = useQueryClient();
  const { account, api: calls } = useAccount();
  return useMutation({
    mutationFn: (edit: SettingsEdit) => calls.saveSettings(edit),
    onSuccess: async (saved: Settings) => {
      client.setQueryData(keys.settings(account.id), saved);
      // The document shown as text, the warning line and the forecast against the level.
      await followed(
        client,
        [keys.settings(account.id)],
        [keys.settingsXml(account.id), keys.series(account.id), keys.forecast(account.id)],
      );
    },
  });
}

/** Ledger writes: every balance from the entry's date on moves, so they are read again once. */
function useLedgerWrite<V, R>(write: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  const { account } = useAccount();
  return useMutation({
    mutationFn: write,
    onSuccess: () => followed(client, [], balanceKeys(account.id)),
  });
}

export function useAddEntry() {
  const { api: calls } = useAccount();
  return useLedgerWrite((body: NewEntryRequest) => calls.addEntry(body));
}

export function useEditEntry() {
  const { api: calls } = useAccount();
  return useLedgerWrite(({ id, body }: { id: number; body: NewEntryRequest }) => calls.editEntry(id, body));
}

export function useDeleteEntry() {
  const { api: calls } = useAccount();
  return useLedgerWrite((id: number) => calls.deleteEntry(id));
}

export function useImportCsv() {
  const { api: calls } = useAccount();
  return useLedgerWrite(
    ({ text, onProgress, query }: { text: string; onProgress: (fraction: number) => void; query: ImportQuery }) =>
      calls.importCsv(text, onProgress, query),
  );
}

/** Recurring charges: the list takes the charge from the answer; the balances are read again. */
function useRecurringWrite<V, R extends RecurringCharge | null>(
  write: (variables: V) => Promise<R>,
  removes?: (v: V) => number,
) {
  const client = useQueryClient();
  const { account } = useAccount();
  return useMutation({
    mutationFn: write,
    onSuccess: async (charge, variables) => {
      client.setQueryData<RecurringList>(keys.recurring(account.id), (list) => {
        if (list === undefined) return list;
        const gone = removes?.(variables);
        if (charge === null) return { recurring: list.recurring.filter((r) => r.id !== gone) };
        const known = list.recurring.some((r) => r.id === charge.id);
        return {
          recurring: known ? list.recurring.map((r) => (r.id === charge.id ? charge : r)) : [...list.recurring, charge],
        };
      });
      await followed(client, [keys.recurring(account.id)], balanceKeys(account.id));
    },
  });
}

export function useAddRecurring() {
  const { api: calls } = useAccount();
  return useRecurringWrite((body: NewRecurringRequest) => calls.addRecurring(body));
}

export function useEndRecurring() {
  const { api: calls } = useAccount();
  return useRecurringWrite(({ id, body }: { id: number; body: EndRecurringRequest }) => calls.endRecurring(id, body));
}

export function useDeleteRecurring() {
  const { api: calls } = useAccount();
  return useRecurringWrite(
    async (id: number): Promise<null> => {
      await calls.deleteRecurring(id);
      return null;
    },
    (id) => id,
  );
}

/** Checks a connected account now; its new summary goes into the status, and what it read is read again. */
export function useRefresh() {
  const client = useQueryClient();
  const { account, api: calls } = useAccount();
  return useMutation({
    mutationFn: (force: boolean) => calls.refresh(force),
    meta: { report: true },
    onSuccess: async (summary) => {
      withSummary(client, summary);
      await followed(client, [keys.status], [keys.account(account.id)]);
    },
  });
}

/** Forgetting the key or disconnecting: the account leaves the window, so the status is read again. */
export function useLetGo() {
  const client = useQueryClient();
  const { api: calls } = useAccount();
  return useMutation({
    mutationFn: (how: 'forget' | 'disconnect') => (how === 'forget' ? calls.forgetKey() : calls.disconnect()),
    meta: { report: true },
    onSuccess: () => followed(client, [], [keys.status]),
  });
}

/**
 * The ways to add an account (onboarding). The status is read again only when the user moves on
 * (a new account's key is shown first), by the app.
 */
export function useAddAccount() {
  return useMutation({
    mutationFn: (
      how:
        | { kind: 'connect'; body: ConnectRequest }
        | { kind: 'key'; key: string }
        | { kind: 'create'; name: string; openingBalance?: string }
        | { kind: 'demo' },
    ) => {
      switch (how.kind) {
        case 'connect':
          return api.connect(how.body);
        case 'key':
          return api.useKey(how.key);
        case 'create':
          return api.createAccount(how.name, how.openingBalance);
        case 'demo':
          return api.demo();
      }
    },
  });
}
