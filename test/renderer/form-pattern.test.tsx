// The window's one form pattern (issue 37): a Field ties its label, hint and error to the control
// (the error announced as it appears), and the form hook keeps what was typed, sends only what
// its check passed, puts each problem next to its field and the focus on the first wrong one.
// First on a small form of this test's own, then on the window's forms against the real service.
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { App } from '../../src-renderer/App.tsx';
import { FormStatus, TextField } from '../../src-renderer/components/Field.tsx';
import { DesktopPortForm } from '../../src-renderer/features/local-api/DesktopPort.tsx';
import { useForm } from '../../src-renderer/lib/use-form.ts';
import { accepted, refused, type Checked } from '../../src-shared/checked.ts';
import type { AccountMonitorDesktop } from '../../src-shared/ipc.ts';
import { accountInUse, installBrowserStubs, realService, type RealService } from './real-service.ts';

let service: RealService | undefined;

beforeEach(() => {
  installBrowserStubs();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  service?.close();
  service = undefined;
});

interface Typed {
  name: string;
  age: string;
}

function checkPerson({ name, age }: Typed): Checked<{ name: string; age: number }, keyof Typed> {
  const fields = {
    name: name.trim() === '' ? 'Say who.' : undefined,
    age: /^\d+$/.test(age.trim()) ? undefined : 'An age is a whole number.',
  };
  if (fields.name !== undefined || fields.age !== undefined)
    return { ok: false, problem: fields.name ?? fields.age ?? '', fields };
  return accepted({ name: name.trim(), age: Number(age) });
}

/** A form of two fields; `send` is what the service would do with what passed. */
function PersonForm({ send }: { send: (person: { name: string; age: number }) => Promise<string | undefined> }) {
  const form = useForm({
    initial: { name: '', age: '' },
    check: checkPerson,
    send,
    refused: (error) =>
      error instanceof Error && error.message.startsWith('age')
        ? { field: 'age', text: error.message }
        : { text: `Not saved: ${error instanceof Error ? error.message : String(error)}` },
    after: () => ({ name: '', age: '' }),
  });
  return (
    <form {...form.props} aria-label="Person">
      <TextField id="person-name" label="Name" hint="As you want to be called." {...form.field('name')} />
      <TextField id="person-age" label="Age" {...form.field('age')} />
      <button type="submit">Save</button>
      <FormStatus outcome={form.outcome} />
    </form>
  );
}

describe('Field and the form hook', () => {
  it('binds the label, says the hint, then the error next to the field, announced, the focus on the first wrong field', async () => {
    const send = vi.fn(() => Promise.resolve('Saved.'));
    render(<PersonForm send={send} />);
    const name = screen.getByLabelText('Name');
    const age = screen.getByLabelText('Age');
    expect(name).toHaveAccessibleDescription('As you want to be called.');
    expect(name).toHaveAttribute('aria-invalid', 'false');

    await userEvent.type(name, 'Ada');
    await userEvent.type(age, 'old');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(age).toHaveAttribute('aria-invalid', 'true');
    expect(age).toHaveAccessibleDescription('An age is a whole number.');
    expect(screen.getByRole('alert')).toHaveTextContent('An age is a whole number.');
    expect(age).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'false');
    // What was typed stays; nothing was sent.
    expect(name).toHaveValue('Ada');
    expect(age).toHaveValue('old');
    expect(send).not.toHaveBeenCalled();

    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('As you want to be called. Say who.');

    await userEvent.type(name, 'Ada');
    await userEvent.clear(age);
    await userEvent.type(age, '36');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
    expect(send).toHaveBeenCalledWith({ name: 'Ada', age: 36 }, { name: 'Ada', age: '36' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(name).toHaveValue('');
  });

  it("puts the service's refusal next to the field it is about, or under the form, and keeps what was typed", async () => {
    const send = vi
      .fn<(person: { name: string; age: number }) => Promise<string | undefined>>()
      .mockRejectedValueOnce(new Error('age 200 is more than anyone has lived'))
      .mockRejectedValueOnce(new Error('the store is busy'));
    render(<PersonForm send={send} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Age'), '200');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const age = screen.getByLabelText('Age');
    await waitFor(() => {
      expect(age).toHaveAccessibleDescription('age 200 is more than anyone has lived');
    });
    expect(age).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not saved: the store is busy')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(age).toHaveValue('200');
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');
  });

  it('a check refusing no one field says so under the form', async () => {
    function Whole() {
      const form = useForm({
        initial: { text: '' },
        check: (): Checked<string, 'text'> => refused('Not today.'),
        send: () => undefined,
      });
      return (
        <form {...form.props} aria-label="Whole">
          <TextField id="whole-text" label="Text" {...form.field('text')} />
          <button type="submit">Go</button>
          <FormStatus outcome={form.outcome} />
        </form>
      );
    }
    render(<Whole />);
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByRole('status')).toHaveTextContent('Not today.');
    expect(screen.getByLabelText('Text')).toHaveAttribute('aria-invalid', 'false');
  });
});

describe("the window's forms", () => {
  async function withAccount(): Promise<RealService> {
    service = realService();
    await accountInUse(service);
    render(<App />);
    return service;
  }

  it('an entry without a date: the date field says so and takes the focus, the amount stays', async () => {
    const s = await withAccount();
    const form = (await screen.findByRole('heading', { name: 'Add a top-up or charge' })).closest('form');
    if (form === null) throw new Error('no entry form');
    const amount = within(form).getByLabelText('Amount (£)');
    const when = within(form).getByLabelText('Date and time');
    await userEvent.type(amount, '12.50');
    await userEvent.clear(when);
    await userEvent.click(within(form).getByRole('button', { name: 'Add top-up' }));
    expect(when).toHaveFocus();
    expect(when).toHaveAttribute('aria-invalid', 'true');
    expect(when).toHaveAccessibleDescription(/Say when, for example "now"/);
    expect(amount).toHaveValue('12.50');
    expect(s.calls.some((c) => c.method === 'POST' && c.path.endsWith('/entries'))).toBe(false);
  });

  it('the chart range says which of its two fields is wrong', async () => {
    await withAccount();
    const back = await screen.findByLabelText('Days back');
    const ahead = screen.getByLabelText('Days ahead');
    await userEvent.clear(back);
    await userEvent.type(back, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Show range' }));
    expect(back).toHaveAttribute('aria-invalid', 'true');
    expect(back).toHaveAccessibleDescription('Enter whole days from 1 to 3650.');
    expect(back).toHaveFocus();
    expect(ahead).toHaveAttribute('aria-invalid', 'false');
  });

  it('a key the service does not know: the key field says why and takes the focus', async () => {
    service = realService();
    render(<App />);
    const key = await screen.findByLabelText('Key of an account in this app');
    await userEvent.type(key, 'not-a-real-key-1234567890');
    await userEvent.click(screen.getByRole('button', { name: 'Use this key' }));
    await waitFor(() => {
      expect(key).toHaveAccessibleDescription(/The service does not know this key/);
    });
    expect(key).toHaveFocus();
    expect(key).toHaveValue('not-a-real-key-1234567890');
  });

  it('a port out of range is said next to the port field, which keeps it', async () => {
    const setApiPort = vi.fn<AccountMonitorDesktop['setApiPort']>();
    render(
      <DesktopPortForm
        bridge={{ apiState: vi.fn(), setApiPort, launchAtLogin: vi.fn(), setLaunchAtLogin: vi.fn() }}
        onMoved={vi.fn()}
      />,
    );
    const port = screen.getByLabelText('Local API port');
    await userEvent.type(port, '80');
    await userEvent.click(screen.getByRole('button', { name: 'Change port' }));
    expect(port).toHaveAttribute('aria-invalid', 'true');
    expect(port).toHaveAccessibleDescription(/1024 to 65535/);
    expect(port).toHaveValue('80');
    expect(setApiPort).not.toHaveBeenCalled();
  });
});
