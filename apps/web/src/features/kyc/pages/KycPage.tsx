/**
 * Real-name verification (/pages/setting/real): type, ID details, front/back photos,
 * status. The number's rule per document type is the server's own (@bourse/contract kyc.ts) and
 * is stated under the field; after a rejection "Submit again" opens the form with what was sent;
 * a pending or verified submission shows its masked details.
 */
import { checkIdNumber, checkRealName, isKycIdType, KYC_ID_RULES, KYC_ID_TYPES, type KycIdType, type KycState } from '@bourse/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Radio, Selector, Toast } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../app/paths';
import { DelayedLoading } from '../../../ui/DelayedLoading';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryError } from '../../../ui/QueryError';
import { formatDateTime, toMillis } from '../../../lib/time';
import { submitKyc, uploadImage, useKycState } from '../../account/api/account';
import { AuthImage } from '../../account/components/AuthImage';
import { KycStatusTag } from '../../account/components/KycStatusTag';
import '../../auth/identity.css';

function useIdTypeLabels(): Record<KycIdType, string> {
  const { t } = useTranslation();
  return {
    id_card: t('identity.idCard'),
    passport: t('identity.passport'),
    driver_license: t('identity.driverLicense'),
    other: t('identity.otherId'),
  };
}

/** The masked details of a pending or verified submission. */
function KycDetails({ s }: { s: KycState }) {
  const { t } = useTranslation();
  const labels = useIdTypeLabels();
  const at = s.status === 'approved' ? s.reviewed_at : s.submitted_at;
  const ms = at ? toMillis(at) : null;
  const rows: Array<[string, string, string]> = [];
  if (s.real_type === 1) {
    if (s.name) rows.push(['name', t('identity.realName'), s.name]);
    if (s.id_type) rows.push(['type', t('identity.idType'), isKycIdType(s.id_type) ? labels[s.id_type] : s.id_type]);
    if (s.card_id) rows.push(['number', t('identity.idNumber'), s.card_id]);
  } else {
    rows.push(['type', t('identity.kycType'), t('identity.kycTypePhotos')]);
  }
  if (ms !== null) rows.push(['date', s.status === 'approved' ? t('identity.kycVerifiedAt') : t('identity.kycSubmittedAt'), formatDateTime(ms)]);
  return (
    <dl className="kyc-details" data-testid="kyc-details">
      {rows.map(([key, label, value]) => (
        <div key={key} className="kyc-detail">
          <dt>{label}</dt>
          <dd className={key === 'number' || key === 'date' ? 'num' : undefined} data-testid={`kyc-detail-${key}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

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
  const [idType, setIdType] = useState<KycIdType>('id_card');
  const [front, setFront] = useState('');
  const [back, setBack] = useState('');
  const [busy, setBusy] = useState(false);
  const [resubmit, setResubmit] = useState(false);
  const idLabels = useIdTypeLabels();
  const idHints: Record<KycIdType, string> = {
    id_card: t('identity.idHintIdCard'),
    passport: t('identity.idHintPassport'),
    driver_license: t('identity.idHintDriverLicense'),
    other: t('identity.idHintOther'),
  };
  const idPlaceholders: Record<KycIdType, string> = {
    id_card: t('identity.idPlaceholderIdCard'),
    passport: t('identity.idPlaceholderPassport'),
    driver_license: t('identity.idPlaceholderDriverLicense'),
    other: t('identity.idPlaceholderOther'),
  };

  /** The same rule as the server's, with a message per problem. */
  const idNumberProblem = (type: KycIdType, value: string): string | null => {
    const r = checkIdNumber(type, value);
    if (r.ok) return null;
    const rule = KYC_ID_RULES[type];
    switch (r.problem) {
      case 'empty':
        return t('identity.idNumberRequired');
      case 'characters':
        return rule.hyphens ? t('identity.idNumberCharsHyphen') : t('identity.idNumberChars');
      case 'length':
        return t('identity.idNumberLength', { min: rule.min, max: rule.max });
      case 'check_digit':
        return t('identity.idNumberCheckDigit');
    }
  };

  const chooseIdType = (next: KycIdType) => {
    setIdType(next);
    // The rule changed with the type: check a number already typed against the new one.
    if (form.getFieldValue('card_id')) void form.validateFields(['card_id']).catch(() => undefined);
  };

  /** "Submit again": the form opens with what was sent last time. */
  const startResubmit = (prev: KycState['resubmit']) => {
    if (prev) {
      setRealType(prev.real_type === 2 ? 2 : 1);
      if (isKycIdType(prev.id_type)) setIdType(prev.id_type);
      setFront(prev.front_pic);
      setBack(prev.reverse_pic);
    }
    setResubmit(true);
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
          ? { real_type: 1, id_type: idType, name: checkRealName(v.name ?? '').value, card_id: checkIdNumber(idType, v.card_id ?? '').value, front_pic: front, reverse_pic: back }
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
            {(s.status === 'pending' || s.status === 'approved') && <KycDetails s={s} />}
            {s.status === 'rejected' && (
              <>
                <p className="kyc-reason" data-testid="kyc-reason">
                  {t('identity.kycReason')}: {s.reason}
                </p>
                {!resubmit && (
                  <Button color="primary" size="small" onClick={() => startResubmit(s.resubmit)} data-testid="kyc-resubmit">
                    {t('identity.kycResubmit')}
                  </Button>
                )}
              </>
            )}
            {s.status === 'none' && <p className="kyc-note">{t('identity.kycIntro')}</p>}
            {s.status === 'rejected' && resubmit && s.resubmit && (
              <p className="kyc-note" data-testid="kyc-prefilled">
                {t('identity.kycPrefilled')}
              </p>
            )}
          </div>
          {showForm && (
            <Form
              form={form}
              initialValues={resubmit && s.resubmit ? { name: s.resubmit.name ?? '', card_id: s.resubmit.card_id ?? '' } : undefined}
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
                      options={KYC_ID_TYPES.map((v) => ({ label: idLabels[v], value: v }))}
                      value={[idType]}
                      onChange={(v) => v[0] && chooseIdType(v[0])}
                    />
                  </Form.Item>
                  <Form.Item
                    name="name"
                    label={t('identity.realName')}
                    rules={[
                      {
                        validator: (_: unknown, value?: string) => {
                          if (!value?.trim()) return Promise.reject(new Error(t('identity.realNameRequired')));
                          return checkRealName(value).ok ? Promise.resolve() : Promise.reject(new Error(t('identity.realNameInvalid')));
                        },
                      },
                    ]}
                  >
                    <Input placeholder={t('identity.realNamePlaceholder')} maxLength={64} autoComplete="name" data-testid="kyc-name" />
                  </Form.Item>
                  <Form.Item
                    name="card_id"
                    label={t('identity.idNumber')}
                    description={<span data-testid="kyc-card-hint">{idHints[idType]}</span>}
                    rules={[
                      {
                        validator: (_: unknown, value?: string) => {
                          const problem = idNumberProblem(idType, value ?? '');
                          return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                        },
                      },
                    ]}
                  >
                    <Input placeholder={idPlaceholders[idType]} maxLength={40} autoComplete="off" data-testid="kyc-card" />
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
