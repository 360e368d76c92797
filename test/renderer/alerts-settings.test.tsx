// The Alert settings form (quiet hours, forecast days, reminders) against the real service: saved through
// PUT /app/preferences and read back by the monitor; a wrong field is refused next to that field.
import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { App } from '../../src-renderer/App.tsx';
import { monitorPreferences } from '../../src-main/domain/alerts.ts';
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

async function openForm() {
  service = realService();
  await accountInUse(service, 'Home');
  render(<App />);
  const form = await screen.findByRole('form', { name: 'Alert settings' });
  // The defaults: off, 22:00 to 08:00, 7 days.
  expect(within(form).getByLabelText('Quiet hours on')).not.toBeChecked();
  expect(within(form).getByLabelText('From')).toHaveValue('22:00');
  expect(within(form).getByLabelText('To')).toHaveValue('08:00');
  expect(within(form).getByLabelText('Warn of a forecast fall within (days)')).toHaveValue(7);
  expect(within(form).getByLabelText('Remind me while a balance stays low')).toHaveValue('daily');
  return { s: service, form };
}

describe('Alert settings', () => {
  it('saves quiet hours, forecast days and reminders, which the monitor then reads', async () => {
    const { s, form } = await openForm();
    await userEvent.click(within(form).getByLabelText('Quiet hours on'));
    const from = within(form).getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '21:30');
    const days = within(form).getByLabelText('Warn of a forecast fall within (days)');
    await userEvent.clear(days);
    await userEvent.type(days, '14');
    await userEvent.selectOptions(within(form).getByLabelText('Remind me while a balance stays low'), 'Once a week');
    await userEvent.click(within(form).getByRole('button', { name: 'Save alert settings' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(monitorPreferences(s.app.store)).toEqual({
      quietHours: { enabled: true, from: '21:30', to: '08:00' },
      forecastDays: 14,
      reminders: 'weekly',
    });
    expect(screen.getByLabelText('Quiet hours on')).toBeChecked();
  });

  it('refuses days out of range and equal ends next to their field, sending nothing', async () => {
    const { s, form } = await openForm();
    const days = within(form).getByLabelText('Warn of a forecast fall within (days)');
    await userEvent.clear(days);
    await userEvent.type(days, '120');
    await userEvent.click(within(form).getByRole('button', { name: 'Save alert settings' }));
    const error = await within(form).findByRole('alert');
    expect(error).toHaveTextContent('forecastDays must be a whole number of days from 1 to 90; got 120');
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(days).toHaveAccessibleDescription(/got 120/);
    expect(days).toHaveFocus();

    await userEvent.clear(days);
    await userEvent.type(days, '7');
    const to = within(form).getByLabelText('To');
    await userEvent.clear(to);
    await userEvent.type(to, '22:00');
    await userEvent.click(within(form).getByRole('button', { name: 'Save alert settings' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'quiet hours must start and end at different times',
    );
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(s.calls.some((c) => c.method === 'PUT' && c.path === 'app/preferences')).toBe(false);
  });
});
