/** Pages that do not exist yet (or at all) say so honestly and offer the way home. */
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CompassIcon } from '../ui/icons';
import { PageHeader } from '../ui/PageHeader';
import { StateView } from '../ui/StateView';
import { PATHS } from './paths';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="page">
      <PageHeader title="" />
      <StateView icon={<CompassIcon />} fullPage title={t('common.notFoundTitle')} description={t('common.notFoundDesc')} testId="not-found">
        <Button color="primary" onClick={() => void navigate(PATHS.home, { replace: true })}>
          {t('common.backHome')}
        </Button>
      </StateView>
    </div>
  );
}
