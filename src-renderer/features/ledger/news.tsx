// What the ledger panel says after an action: a failure (an error notice), what was done (a
// status line), or a deleted entry that can be brought back for UNDO_SECONDS.
import { useCallback, useEffect, useState } from 'react';
import type { LedgerEntry } from '../../../src-shared/app-api.ts';
import { Notice } from '../../components/Notice.tsx';
import { describeEntry } from '../../lib/ledger-words.ts';

/** How long a deleted entry can be brought back from the window. */
export const UNDO_SECONDS = 10;

export type News = { problem: string } | { said: string } | { undo: LedgerEntry } | undefined;

/** The panel's latest news; an undo offer goes by itself after UNDO_SECONDS. */
export function useNews(): [News, (news: News) => void] {
  const [news, setNews] = useState<News>();
  const undoing = news !== undefined && 'undo' in news ? news.undo : undefined;
  useEffect(() => {
    if (undoing === undefined) return undefined;
    const timer = setTimeout(() => {
      setNews(undefined);
    }, UNDO_SECONDS * 1000);
    return () => {
      clearTimeout(timer);
    };
  }, [undoing]);
  return [
    news,
    useCallback((next: News) => {
      setNews(next);
    }, []),
  ];
}

export function LedgerNews({ news, restore }: { news: News; restore: (entry: LedgerEntry) => void }) {
  return (
    <>
      {news !== undefined && 'problem' in news && (
        <Notice tone="error" title="That did not work" headingLevel={3}>
          <p>{news.problem}</p>
        </Notice>
      )}
      <div role="status" aria-live="polite" className="ledger-said" data-testid="ledger-said">
        {news !== undefined && 'undo' in news && (
          <p className="saved">
            Deleted the {describeEntry(news.undo)}.{' '}
            <button
              type="button"
              className="link"
              onClick={() => {
                restore(news.undo);
              }}
            >
              Undo
            </button>
          </p>
        )}
        {news !== undefined && 'said' in news && <p className="saved">{news.said}</p>}
      </div>
    </>
  );
}
