import type { Lang } from '@bourse/contract';

/** Text of the verification message, per language. {{code}} and {{minutes}} are filled in. */
const TEXT: Record<Lang, { subject: string; body: string }> = {
  en: { subject: 'Your verification code', body: 'Your verification code is {{code}}. It is valid for {{minutes}} minutes. If you did not ask for it, ignore this message.' },
  zh: { subject: '您的验证码', body: '您的验证码是 {{code}}，{{minutes}} 分钟内有效。如非本人操作，请忽略本消息。' },
  hk: { subject: '您的驗證碼', body: '您的驗證碼是 {{code}}，{{minutes}} 分鐘內有效。如非本人操作，請忽略本消息。' },
  th: { subject: 'รหัสยืนยันของคุณ', body: 'รหัสยืนยันของคุณคือ {{code}} ใช้ได้ภายใน {{minutes}} นาที หากคุณไม่ได้ขอรหัสนี้ โปรดเพิกเฉยข้อความนี้' },
  jp: { subject: '認証コード', body: '認証コードは {{code}} です。有効期限は {{minutes}} 分です。お心当たりのない場合は、このメッセージを無視してください。' },
  kor: { subject: '인증 코드', body: '인증 코드는 {{code}}입니다. {{minutes}}분 동안 유효합니다. 요청하지 않으셨다면 이 메시지를 무시하세요.' },
  fra: { subject: 'Votre code de vérification', body: 'Votre code de vérification est {{code}}. Il est valable {{minutes}} minutes. Si vous ne l’avez pas demandé, ignorez ce message.' },
  spa: { subject: 'Su código de verificación', body: 'Su código de verificación es {{code}}. Es válido durante {{minutes}} minutos. Si no lo ha solicitado, ignore este mensaje.' },
  de: { subject: 'Ihr Bestätigungscode', body: 'Ihr Bestätigungscode lautet {{code}}. Er ist {{minutes}} Minuten gültig. Falls Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht.' },
  vn: { subject: 'Mã xác minh của bạn', body: 'Mã xác minh của bạn là {{code}}, có hiệu lực trong {{minutes}} phút. Nếu bạn không yêu cầu, hãy bỏ qua tin nhắn này.' },
  py: { subject: 'Ваш код подтверждения', body: 'Ваш код подтверждения: {{code}}. Он действителен {{minutes}} мин. Если вы его не запрашивали, проигнорируйте это сообщение.' },
};

export function codeMessage(lang: Lang, code: string, minutes: number): { subject: string; body: string } {
  const t = TEXT[lang] ?? TEXT.en;
  const fill = (s: string) => s.replace('{{code}}', code).replace('{{minutes}}', String(minutes));
  return { subject: fill(t.subject), body: fill(t.body) };
}
