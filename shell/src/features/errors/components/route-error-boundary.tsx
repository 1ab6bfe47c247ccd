import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { handleAppError } from '../error-handler';

interface Props {
  /** Changes on navigation, so a new page gets a fresh try. */
  resetKey: string;
  title: string;
  retryLabel: string;
  fallbackMessage: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  resetKey: string;
}

/** Router errors (a page that throws while rendering, a page chunk that fails) → the common handler. */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[shell] page crashed:', info.componentStack);
    handleAppError(error, 'router', this.props.fallbackMessage);
  }

  render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <div className="error-page" data-testid="route-error">
        <Result
          status="error"
          title={this.props.title}
          subTitle={this.state.error.message}
          extra={
            <Button type="primary" onClick={() => this.setState({ error: null })}>
              {this.props.retryLabel}
            </Button>
          }
        />
      </div>
    );
  }
}
