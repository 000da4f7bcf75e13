/** Pages that do not exist yet (or at all) say so honestly and offer the way home. */
import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../ui/PageHeader';
import { PATHS } from './paths';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page">
      <PageHeader title="" />
      <ErrorBlock status="empty" fullPage title={t('common.notFoundTitle')} description={t('common.notFoundDesc')}>
        <Button color="primary" onClick={() => void navigate(PATHS.home, { replace: true })}>
          {t('common.backHome')}
        </Button>
      </ErrorBlock>
    </div>
  );
}
