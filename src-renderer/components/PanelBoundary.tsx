// One panel's failure stays in that panel: a value that makes a view throw (a balance no chart can
// draw, say) replaces only that panel with words saying what went wrong, while the header, the
// account switcher and the other panels go on working. "Try again" draws the panel afresh.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Notice } from './Notice.tsx';
import { asError } from '../../src-shared/message-of.ts';

interface Props {
  /** The panel's name in words ("the dashboard"). */
  name: string;
  /** The panel's section id, kept so the header's links still lead somewhere. */
  id: string;
  children: ReactNode;
}

export class PanelBoundary extends Component<Props, { error: Error | undefined }> {
  override state: { error: Error | undefined } = { error: undefined };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: asError(error) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // For whoever looks at the console: the panel itself says it in words.
    console.error(`The panel "${this.props.name}" failed:`, error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    return (
      <section id={this.props.id} className="panel" aria-label={this.props.name} data-testid="panel-failed">
        <Notice tone="error" title={`Could not show ${this.props.name}`}>
          <p>Something in it could not be shown: {error.message.slice(0, 200)}. The rest of the window still works.</p>
          <button
            type="button"
            onClick={() => {
              this.setState({ error: undefined });
            }}
          >
            Try again
          </button>
        </Notice>
      </section>
    );
  }
}
