// Designed states: an error or empty panel that says what happened and what to do next.
import type { ReactNode } from 'react';

export function Notice({
  tone,
  title,
  children,
  headingLevel = 2,
}: {
  tone: 'error' | 'info' | 'warning';
  title: string;
  children?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const shape = tone === 'error' ? '✕' : tone === 'warning' ? '▲' : 'ℹ';
  return (
    <div className={`notice notice-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <Heading className="notice-title">
        <span aria-hidden="true" className="notice-shape">
          {shape}
        </span>{' '}
        {title}
      </Heading>
      {children}
    </div>
  );
}
