/**
 * The caller as a lead trader (GET /follow/lead): without an application, a short form (a bio of
 * at most 300 characters) sent with POST /follow/apply for an operator to review; else the
 * application's status (pending, approved, rejected, suspended), the profit-share rate, copiers,
 * profit share earned and the caller's own statistics of the last 30 days.
 */
import type { LeadProfile } from '@bourse/contract';
import { Button, Skeleton, TextArea, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useToken, useUser } from '../../../api/session';
import { QueryError } from '../../../ui/QueryError';
import { PageHeader } from '../../../ui/PageHeader';
import { LoginPrompt } from '../../lever/components/Figures';
import { fractionPercent } from '../../lever/lib';
import { useApplyLead, useLeadProfile } from '../api/follow';
import { Roi, SignedUsdt, StatsGrid, usdt } from '../components/Figures';
import { HowComputed } from '../components/HowComputed';
import { FOLLOW_PATHS, traderPath } from '../paths';
import '../../lever/lever.css';
import '../../lever/positions.css';
import '../follow.css';

const BIO_MAX = 300;

function ApplyForm() {
  const { t } = useTranslation();
  const [bio, setBio] = useState('');
  const apply = useApplyLead();
  const text = bio.trim();
  return (
    <section className="follow-section" data-testid="follow-lead-form">
      <h2 className="follow-h2">{t('follow.lead.applyTitle')}</h2>
      <ul className="follow-summary">
        <li>{t('follow.lead.rule1')}</li>
        <li>{t('follow.lead.rule2')}</li>
        <li>{t('follow.lead.rule3')}</li>
      </ul>
      <label className="follow-label" htmlFor="follow-bio">
        {t('follow.lead.bio')}
      </label>
      <TextArea
        id="follow-bio"
        className="follow-textarea"
        value={bio}
        onChange={setBio}
        maxLength={BIO_MAX}
        showCount
        rows={4}
        placeholder={t('follow.lead.bioPlaceholder')}
        data-testid="follow-lead-bio"
      />
      <Button
        block
        color="primary"
        disabled={text === ''}
        loading={apply.isPending}
        onClick={() =>
          apply.mutate(
            { bio: text },
            { onSuccess: () => void Toast.show({ icon: 'success', content: t('follow.lead.applied') }) },
          )
        }
        data-testid="follow-lead-apply"
      >
        {t('follow.lead.apply')}
      </Button>
    </section>
  );
}

function Profile({ lead }: { lead: LeadProfile & { status: NonNullable<LeadProfile['status']> } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  return (
    <>
      <section className="follow-section" data-testid="follow-lead-profile">
        <div className="follow-follow-head">
          <h2 className="follow-h2">{t('follow.lead.statusTitle')}</h2>
          <span className={`follow-status follow-status-${lead.status}`} data-testid="follow-lead-status">
            {t(`follow.lead.status.${lead.status}`)}
          </span>
        </div>
        <p className="follow-note">{t(`follow.lead.statusDesc.${lead.status}`)}</p>
        <dl className="lever-rows">
          <div>
            <dt>{t('follow.shareRate')}</dt>
            <dd className="num">
              {/* Set by the operator on approval: nothing to show before. */}
              {lead.share_rate && (lead.status === 'approved' || lead.status === 'suspended')
                ? fractionPercent(lead.share_rate)
                : '--'}
            </dd>
          </div>
          <div>
            <dt>{t('follow.copiers')}</dt>
            <dd className="num" data-testid="follow-lead-copiers">
              {lead.copiers}
            </dd>
          </div>
          <div>
            <dt>{t('follow.lead.earned')}</dt>
            <dd className="num" data-testid="follow-lead-earned">
              {usdt(lead.share_earned)} USDT
            </dd>
          </div>
        </dl>
        {lead.status === 'approved' && user && (
          <button type="button" className="follow-link" onClick={() => void navigate(traderPath(user.id))}>
            {t('follow.lead.publicPage')} ›
          </button>
        )}
      </section>
      {lead.stats && (
        <section className="follow-section" data-testid="follow-lead-stats">
          <h2 className="follow-h2">{t('follow.lead.myStats', { n: lead.stats.period_days })}</h2>
          <div className="follow-card-main">
            <div>
              <div className="follow-k">{t('follow.roi')}</div>
              <div className="follow-roi">
                <Roi value={lead.stats.roi} />
              </div>
            </div>
            <div className="follow-right">
              <div className="follow-k">{t('follow.pnlUsdt')}</div>
              <div className="follow-pnl">
                <SignedUsdt value={lead.stats.pnl} />
              </div>
            </div>
          </div>
          <StatsGrid stats={lead.stats} full />
        </section>
      )}
      <HowComputed />
    </>
  );
}

function Lead() {
  const q = useLeadProfile(true);
  if (q.isPending) return <Skeleton.Paragraph lineCount={8} animated className="list-skeleton" />;
  if (q.isError) return <QueryError error={q.error} onRetry={() => void q.refetch()} />;
  const lead = q.data;
  return lead.status === null ? <ApplyForm /> : <Profile lead={{ ...lead, status: lead.status }} />;
}

export default function LeadPage() {
  const { t } = useTranslation();
  const signedIn = Boolean(useToken());
  return (
    <div className="page follow-page" data-testid="page-follow-lead">
      <PageHeader title={t('follow.lead.title')} fallback={FOLLOW_PATHS.list} />
      {signedIn ? <Lead /> : <LoginPrompt title={t('follow.loginTitle')} />}
    </div>
  );
}
