// A new local account: a name (optional) and an opening balance in pounds (optional).
import { TextField } from '../../components/Field.tsx';
import { PoundsField } from '../../components/PoundsField.tsx';
import { messageOf } from '../../lib/hooks.ts';
import { useForm } from '../../lib/use-form.ts';
import { checkLocalAccount, DEFAULT_ACCOUNT_NAME } from './checks.ts';
import type { Adding } from './use-adding.ts';

export function LocalAccountForm({ adding: { busy, add } }: { adding: Adding }) {
  const form = useForm({
    initial: { name: '', opening: '' },
    check: checkLocalAccount,
    send: async (body) => {
      await add('account', { kind: 'create', ...body });
      return undefined;
    },
    // What the service refuses of a new local account is its name.
    refused: (error) => ({ field: 'name', text: messageOf(error) }),
  });
  return (
    <form className="card" {...form.props}>
      <h2 id="create-title">New local account</h2>
      <p>Start an empty account on this computer and record top-ups and charges yourself.</p>
      <TextField
        id="account-name"
        name="account-name"
        label="Account name"
        placeholder={DEFAULT_ACCOUNT_NAME}
        hint={<>Optional: &ldquo;{DEFAULT_ACCOUNT_NAME}&rdquo; if left empty.</>}
        {...form.field('name')}
      />
      <PoundsField
        id="opening-balance"
        label="Opening balance (£, optional)"
        {...form.field('opening')}
        rules={{ signed: true, zero: true }}
        hint="What the account holds today, in pounds (45.00). Empty starts at £0.00."
      />
      <button type="submit" disabled={busy !== undefined}>
        {busy === 'account' ? 'Creating…' : 'Create a local account'}
      </button>
    </form>
  );
}
