/**
 * A light empty/error/placeholder view (icon, title, description, actions). Lighter than
 * antd-mobile's ErrorBlock, whose inline illustrations would weigh on the entry route.
 */
import type { ReactElement, ReactNode } from 'react';

interface Props {
  icon: ReactElement;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Centre in the viewport (whole-page states) rather than inline. */
  fullPage?: boolean;
  tone?: 'neutral' | 'brand' | 'warning';
  testId?: string;
}

export function StateView({ icon, title, description, children, fullPage = false, tone = 'neutral', testId }: Props) {
  return (
    <div className={`state-view${fullPage ? ' state-view-full' : ''} state-${tone}`} data-testid={testId}>
      <div className="state-icon">{icon}</div>
      <div className="state-title">{title}</div>
      {description && <div className="state-desc">{description}</div>}
      {children && <div className="state-actions">{children}</div>}
    </div>
  );
}
