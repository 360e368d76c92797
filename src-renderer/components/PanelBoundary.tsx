// One panel's failure stays in that panel: a value that makes a view throw (a balance no chart can
// draw, say) replaces only that panel with words saying what went wrong, while the header, the
// account switcher and the other panels go on working. "Try again" draws the panel afresh. A
// panel whose code did not arrive (lib/part.ts) says that instead, and offers to reload the page
// too: after an update the page's own list of files is out of date, and only a reload mends it.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Notice } from './Notice.tsx';
import { asError } from '../../src-shared/message-of.ts';
import { PartNotLoaded } from '../lib/part.ts';

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
    const notLoaded = error instanceof PartNotLoaded;
    return (
      <section id={this.props.id} className="panel" aria-label={this.props.name} data-testid="panel-failed">
        <Notice tone="error" title={`Could not ${notLoaded ? 'load' : 'show'} ${this.props.name}`}>
          {notLoaded ? (
            <p>
              Its part of the window did not arrive from the Account Monitor service: the service may have stopped, or
              been updated since this page opened. Try again, or reload the page. The rest of the window still works.
            </p>
          ) : (
            <p>
              Something in it could not be shown: {error.message.slice(0, 200)}. The rest of the window still works.
            </p>
          )}
          <div className="dialog-buttons start">
            <button
              type="button"
              onClick={() => {
                if (error instanceof PartNotLoaded) error.forget();
                this.setState({ error: undefined });
              }}
            >
              Try again
            </button>
            {notLoaded && (
              <button
                type="button"
                onClick={() => {
                  window.location.reload();
                }}
              >
                Reload the page
              </button>
            )}
          </div>
        </Notice>
      </section>
    );
  }
}
