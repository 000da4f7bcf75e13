/**
 * Nickname editor: the server's rule (@bourse/contract checkNickname) checked as the user types,
 * the reason shown under the field, and the dialog kept open until the save succeeds. Nothing is
 * thrown: a refusal by the server is reported by the API client's toast and the dialog stays.
 */
import { checkNickname, NICKNAME_MAX, type NicknameProblem } from '@bourse/contract';
import { Dialog, Input } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function NicknameDialog({
  visible,
  initial,
  onClose,
  onSave,
}: {
  visible: boolean;
  initial: string;
  onClose: () => void;
  /** Resolves when saved; rejects when the server refused (already reported). */
  onSave: (nickname: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (visible) {
      setValue(initial);
      setTouched(false);
    }
  }, [visible, initial]);

  const checked = checkNickname(value);
  const messages: Record<NicknameProblem, string> = {
    length: t('identity.nicknameRule'),
    characters: t('identity.nicknameChars'),
  };
  const problem = !checked.ok && touched ? messages[checked.problem] : null;

  const save = async () => {
    setTouched(true);
    if (!checked.ok || saving) return;
    setSaving(true);
    try {
      await onSave(checked.value);
      onClose();
    } catch {
      // Reported by the API client; the dialog stays open with what was typed.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      visible={visible}
      title={t('identity.nickname')}
      onClose={onClose}
      closeOnAction={false}
      content={
        <div className="nickname-field">
          <Input
            value={value}
            maxLength={NICKNAME_MAX}
            onChange={(v) => {
              setValue(v);
              setTouched(true);
            }}
            onEnterPress={() => void save()}
            placeholder={t('identity.nicknamePlaceholder')}
            aria-invalid={problem ? true : undefined}
            aria-describedby="nickname-error"
            data-testid="nickname-input"
          />
          <div id="nickname-error" className="field-error" role="alert" data-testid="nickname-error">
            {problem ?? ''}
          </div>
        </div>
      }
      actions={[
        [
          { key: 'cancel', text: t('common.cancel'), onClick: onClose },
          {
            key: 'confirm',
            text: t('common.confirm'),
            bold: true,
            disabled: saving || (touched && !checked.ok),
            onClick: () => void save(),
          },
        ],
      ]}
    />
  );
}
