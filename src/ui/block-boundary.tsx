import { Component, type ErrorInfo, type ReactNode } from 'react';
import { DevNotice } from './dev-notice.tsx';

interface Props {
  blockType: string;
  index: number;
  children: ReactNode;
}

/** One failing block renders nothing for visitors (a notice in development); the rest of the page stays. */
export class BlockBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    if (import.meta.env.DEV) console.error(`Block ${this.props.index} ("${this.props.blockType}") failed to render`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <DevNotice title={`Block ${this.props.index} ("${this.props.blockType}") failed to render`} detail={error.message} />;
  }
}
