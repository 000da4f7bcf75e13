/** Real-name verification (spec §3, /pages/setting/real): type, ID details, front/back photos, status. */
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Radio, Selector, Toast } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../app/paths';
import { DelayedLoading } from '../../../ui/DelayedLoading';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { submitKyc, uploadImage, useKycState } from '../../account/api/account';
import { AuthImage } from '../../account/components/AuthImage';
import { KycStatusTag } from '../../account/components/KycStatusTag';
import '../../auth/identity.css';

const ID_TYPES = ['id_card', 'passport', 'driver_license', 'other'] as const;

function PhotoPicker({ label, value, onChange, testId }: { label: string; value: string; onChange: (ref: string) => void; testId: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      onChange(await uploadImage(file));
    } catch {
      // reported by the upload call
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <button type="button" className="photo-picker" onClick={() => input.current?.click()} disabled={busy} data-testid={testId}>
      {value ? <AuthImage src={value} alt={label} className="photo-preview" /> : <span className="photo-plus">+</span>}
      <span className="photo-label">{busy ? t('common.loading') : label}</span>
      <input ref={input} type="file" accept="image/jpeg,image/png,image/webp" hidden onChange={(e) => void pick(e.target.files?.[0])} data-testid={`${testId}-file`} />
    </button>
  );
}

interface F {
  name?: string;
  card_id?: string;
}

export default function KycPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const state = useKycState();
  const [form] = Form.useForm<F>();
  const [realType, setRealType] = useState<1 | 2>(1);
  const [idType, setIdType] = useState<(typeof ID_TYPES)[number]>('id_card');
  const [front, setFront] = useState('');
  const [back, setBack] = useState('');
  const [busy, setBusy] = useState(false);
  const [resubmit, setResubmit] = useState(false);

  const idLabels = {
    id_card: t('identity.idCard'),
    passport: t('identity.passport'),
    driver_license: t('identity.driverLicense'),
    other: t('identity.otherId'),
  };

  const onFinish = async (v: F) => {
    if (!front || !back) {
      Toast.show({ content: t('identity.photosRequired') });
      return;
    }
    setBusy(true);
    try {
      await submitKyc(
        realType === 1
          ? { real_type: 1, id_type: idType, name: v.name?.trim(), card_id: v.card_id?.trim(), front_pic: front, reverse_pic: back }
          : { real_type: 2, front_pic: front, reverse_pic: back },
      );
      Toast.show({ icon: 'success', content: t('identity.kycSubmitted') });
      setResubmit(false);
      await qc.invalidateQueries({ queryKey: ['identity'] });
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };

  if (state.isError) return <QueryError onRetry={() => void state.refetch()} />;
  const s = state.data;
  const showForm = s && (s.status === 'none' || (s.status === 'rejected' && resubmit));

  return (
    <div className="page identity-page" data-testid="page-kyc">
      <PageHeader title={t('identity.kycTitle')} fallback={PATHS.settings} />
      {!s ? (
        <DelayedLoading />
      ) : (
        <>
          <div className="kyc-status-card">
            <div className="kyc-status-row">
              <span>{t('identity.kycStatus')}</span>
              <KycStatusTag status={s.status} />
            </div>
            {s.status === 'pending' && <p className="kyc-note">{t('identity.kycPendingHint')}</p>}
            {s.status === 'approved' && (
              <p className="kyc-note">
                {s.name ? `${s.name} · ` : ''}
                <span className="num">{s.card_id ?? ''}</span>
              </p>
            )}
            {s.status === 'rejected' && (
              <>
                <p className="kyc-reason" data-testid="kyc-reason">
                  {t('identity.kycReason')}: {s.reason}
                </p>
                {!resubmit && (
                  <Button color="primary" size="small" onClick={() => setResubmit(true)} data-testid="kyc-resubmit">
                    {t('identity.kycResubmit')}
                  </Button>
                )}
              </>
            )}
            {s.status === 'none' && <p className="kyc-note">{t('identity.kycIntro')}</p>}
          </div>
          {showForm && (
            <Form
              form={form}
              layout="vertical"
              className="login-form card-form"
              onFinish={(v: F) => void onFinish(v)}
              footer={
                <Button block type="submit" color="primary" size="large" loading={busy} data-testid="kyc-submit">
                  {t('identity.kycSubmit')}
                </Button>
              }
            >
              <Form.Item label={t('identity.kycType')}>
                <Radio.Group value={realType} onChange={(v) => setRealType(v as 1 | 2)}>
                  <div className="radio-row">
                    <Radio value={1} data-testid="kyc-type-1">
                      {t('identity.kycTypePersonal')}
                    </Radio>
                    <Radio value={2} data-testid="kyc-type-2">
                      {t('identity.kycTypePhotos')}
                    </Radio>
                  </div>
                </Radio.Group>
              </Form.Item>
              {realType === 1 && (
                <>
                  <Form.Item label={t('identity.idType')}>
                    <Selector
                      columns={2}
                      options={ID_TYPES.map((v) => ({ label: idLabels[v], value: v }))}
                      value={[idType]}
                      onChange={(v) => v[0] && setIdType(v[0])}
                    />
                  </Form.Item>
                  <Form.Item name="name" label={t('identity.realName')} rules={[{ required: true, whitespace: true, min: 2, message: t('identity.realNameRequired') }]}>
                    <Input placeholder={t('identity.realNamePlaceholder')} maxLength={64} data-testid="kyc-name" />
                  </Form.Item>
                  <Form.Item name="card_id" label={t('identity.idNumber')} rules={[{ required: true, whitespace: true, message: t('identity.idNumberRequired') }]}>
                    <Input placeholder={t('identity.idNumberPlaceholder')} maxLength={40} data-testid="kyc-card" />
                  </Form.Item>
                </>
              )}
              <Form.Item label={t('identity.idPhotos')} description={t('identity.idPhotosHint')}>
                <div className="photo-row">
                  <PhotoPicker label={t('identity.frontSide')} value={front} onChange={setFront} testId="kyc-front" />
                  <PhotoPicker label={t('identity.backSide')} value={back} onChange={setBack} testId="kyc-back" />
                </div>
              </Form.Item>
            </Form>
          )}
        </>
      )}
    </div>
  );
}
