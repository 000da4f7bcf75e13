/** Common dialling codes for the area-code picker (default 86). */
export const AREA_CODES: Array<{ code: string; flag: string }> = [
  { code: '86', flag: '🇨🇳' },
  { code: '852', flag: '🇭🇰' },
  { code: '853', flag: '🇲🇴' },
  { code: '886', flag: '🇹🇼' },
  { code: '1', flag: '🇺🇸' },
  { code: '44', flag: '🇬🇧' },
  { code: '81', flag: '🇯🇵' },
  { code: '82', flag: '🇰🇷' },
  { code: '65', flag: '🇸🇬' },
  { code: '60', flag: '🇲🇾' },
  { code: '66', flag: '🇹🇭' },
  { code: '84', flag: '🇻🇳' },
  { code: '63', flag: '🇵🇭' },
  { code: '62', flag: '🇮🇩' },
  { code: '91', flag: '🇮🇳' },
  { code: '971', flag: '🇦🇪' },
  { code: '7', flag: '🇷🇺' },
  { code: '49', flag: '🇩🇪' },
  { code: '33', flag: '🇫🇷' },
  { code: '34', flag: '🇪🇸' },
  { code: '39', flag: '🇮🇹' },
  { code: '61', flag: '🇦🇺' },
  { code: '55', flag: '🇧🇷' },
];

export const EMAIL_RE = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export function validMobile(mobile: string, area: string): boolean {
  const m = mobile.trim();
  return area === '86' ? /^1[3-9]\d{9}$/.test(m) : /^\d{5,15}$/.test(m);
}

export function validPassword(p: string): boolean {
  return p.length >= 8 && p.length <= 32 && /[A-Za-z]/.test(p) && /\d/.test(p) && !/\s/.test(p);
}
