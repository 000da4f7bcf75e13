/**
 * The header of a non-tab page: back button, centred title, optional right content. The title is
 * the page's heading and wraps onto a second line rather than being cut off (long titles in
 * Thai, German or Russian, product names); the back control is a real, labelled button.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChevronLeftIcon } from './icons';

interface Props {
  title: ReactNode;
  right?: ReactNode;
  /** Where back goes when there is no history entry to return to (default Home). */
  fallback?: string;
  back?: boolean;
}

export function PageHeader({ title, right, fallback = '/pages/index/index', back = true }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  };
  return (
    <header className="page-header">
      <div className="page-header-side">
        {back && (
          <button type="button" className="page-header-back" onClick={onBack} aria-label={t('common.back')} data-testid="page-back">
            <ChevronLeftIcon />
          </button>
        )}
      </div>
      {title ? <h1 className="page-header-title">{title}</h1> : <div />}
      <div className="page-header-side page-header-right">{right}</div>
    </header>
  );
}
