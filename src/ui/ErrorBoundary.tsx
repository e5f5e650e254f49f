import { Component, type ReactNode } from 'react';

interface Props {
  message: (error: Error) => string;
  children: ReactNode;
}

/** Never a blank page: an error in rendering shows what happened and how to go on. */
export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (this.state.error) {
      return (
        <div role="alert" className="hs-fatal" data-testid="fatal-error">
          {this.props.message(this.state.error)}
        </div>
      );
    }
    return this.props.children;
  }
}
