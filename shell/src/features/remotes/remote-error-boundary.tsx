import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, ErrorPanel } from '@chat/ui';

interface Props {
  remote: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** Keeps a failing remote inside its slot: the shell and the other remotes keep working. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[remote ${this.props.remote}]`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorPanel
        title="Não foi possível carregar esta área"
        description="Esta parte do aplicativo está indisponível no momento. O restante continua funcionando; tente novamente em instantes."
        action={
          <Button width="md" onClick={() => window.location.reload()}>
            Tentar novamente
          </Button>
        }
      />
    );
  }
}
