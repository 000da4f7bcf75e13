/**
 * Operator rich text. The server sanitised it to a strict allow-list when it was saved (no
 * scripts, handlers or javascript: URLs survive), and the page's CSP forbids inline script as a
 * second line. In-app links (starting with "/") navigate inside the app instead of reloading.
 */
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

export function RichText({ html, testId }: { html: string; testId?: string }) {
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    const a = target.closest('a');
    const href = a?.getAttribute('href');
    if (href && href.startsWith('/') && !href.startsWith('//')) {
      e.preventDefault();
      void navigate(href);
    }
  };
  return (
    <div
      className="rich-text"
      data-testid={testId}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
