// The window's parts loaded on demand (issue 36: lib/part.ts, components/Deferred.tsx): a part
// says it is loading until its code is here, is asked for only once its place is shown (or when
// the window is idle), is drawn at once when a prefetch brought it, and a part whose code does not
// arrive says so in words, with a "Try again" that fetches it afresh. Each test makes parts of its
// own, whose loads it settles itself.
import '@testing-library/jest-dom/vitest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { Deferred } from '../../src-renderer/components/Deferred.tsx';
import { PanelBoundary } from '../../src-renderer/components/PanelBoundary.tsx';
import { part, prefetchWhenIdle } from '../../src-renderer/lib/part.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

type Props = { word: string };
const Panel: ComponentType<Props> = ({ word }) => (
  <section id="test">
    <h2>The panel says {word}</h2>
  </section>
);

/** A part whose load the test settles: `arrive()` or `fail()`, and how many times it was asked for. */
function heldPart() {
  const held: { asked: number; arrive: () => void; fail: (error: Error) => void } = {
    asked: 0,
    arrive: () => undefined,
    fail: () => undefined,
  };
  const p = part<Props>('the test panel', () => {
    held.asked += 1;
    return new Promise<ComponentType<Props>>((resolve, reject) => {
      held.arrive = () => {
        resolve(Panel);
      };
      held.fail = reject;
    });
  });
  return { p, held };
}

/** Rendered inside an awaited act: React wakes a part that suspended in a test's act only then. */
async function shown(p: ReturnType<typeof heldPart>['p']): Promise<void> {
  await act(async () => {
    render(
      <PanelBoundary name="the test panel" id="test">
        <Deferred part={p} id="test" props={{ word: 'hello' }} />
      </PanelBoundary>,
    );
    await Promise.resolve();
  });
}

describe('a part loaded on demand', () => {
  it('holds its place with words while its code loads, then shows itself', async () => {
    const { p, held } = heldPart();
    await shown(p);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the test panel…');
    expect(document.getElementById('test')).toHaveAttribute('aria-busy', 'true');
    expect(held.asked).toBe(1);
    await act(async () => {
      held.arrive();
      await p.load();
    });
    expect(await screen.findByRole('heading', { name: 'The panel says hello' })).toBeInTheDocument();
    expect(screen.queryByText(/Loading/)).toBeNull();
  });

  it('is asked for only once its place comes into view', async () => {
    const seen: ((entries: { isIntersecting: boolean }[]) => void)[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(report: (entries: { isIntersecting: boolean }[]) => void) {
          seen.push(report);
        }
        observe(): void {
          /* the test reports */
        }
        disconnect(): void {
          /* nothing held */
        }
      },
    );
    const { p, held } = heldPart();
    await shown(p);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the test panel…');
    expect(seen).toHaveLength(1);
    expect(held.asked).toBe(0);
    act(() => {
      seen[0]?.([{ isIntersecting: false }]);
    });
    expect(held.asked).toBe(0);
    await act(async () => {
      seen[0]?.([{ isIntersecting: true }]);
      await Promise.resolve();
    });
    expect(held.asked).toBe(1);
    await act(async () => {
      held.arrive();
      await p.load();
    });
    expect(await screen.findByRole('heading', { name: 'The panel says hello' })).toBeInTheDocument();
  });

  it('prefetched while the window is idle, it is drawn at once when shown, and fetched once', async () => {
    const { p, held } = heldPart();
    prefetchWhenIdle([p]);
    await vi.waitFor(() => {
      expect(held.asked).toBe(1);
    });
    held.arrive();
    await p.load();
    await shown(p);
    expect(screen.getByRole('heading', { name: 'The panel says hello' })).toBeInTheDocument();
    expect(screen.queryByText(/Loading/)).toBeNull();
    expect(held.asked).toBe(1);
  });

  it('whose code does not arrive says so in words, and "Try again" fetches it afresh', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { p, held } = heldPart();
    await shown(p);
    await screen.findByRole('status');
    await act(async () => {
      held.fail(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1/assets/Panel-x1.js'));
      await p.load().catch(() => undefined);
    });
    expect(await screen.findByRole('heading', { name: /Could not load the test panel/ })).toBeInTheDocument();
    const failed = screen.getByTestId('panel-failed');
    expect(failed).toHaveTextContent(/did not arrive from the Account Monitor service/);
    expect(failed).toHaveTextContent(/Try again, or reload the page/);
    expect(failed).not.toHaveTextContent(/dynamically imported module/);
    expect(failed).toHaveAttribute('id', 'test');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Loading the test panel…')).toBeInTheDocument();
    // Asked once the placeholder's effect sees it shown (Preact runs passive effects after a frame).
    await waitFor(() => {
      expect(held.asked).toBe(2);
    });
    await act(async () => {
      held.arrive();
      await p.load();
    });
    expect(await screen.findByRole('heading', { name: 'The panel says hello' })).toBeInTheDocument();
  });
});
