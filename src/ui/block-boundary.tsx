import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  blockType: string;
  index: number;
  children: ReactNode;
}

/** One failing block renders nothing; the rest of the page stays. */
export class BlockBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Block ${this.props.index} ("${this.props.blockType}") failed to render`, error, info.componentStack);
  }

  override render() {
    return this.state.error ? null : this.props.children;
  }
}
