import { describe, expect, it } from 'vitest';
import {
  checkIdNumber,
  checkRealName,
  KYC_ID_RULES,
  KYC_ID_TYPES,
  maskRealName,
  validMainlandId,
} from './kyc';

describe('document numbers per type', () => {
  it('accepts national ID cards of many countries, not only mainland China', () => {
    // Mainland China (valid check character), Thai (13 digits), Japanese My Number (12),
    // Spanish DNI (8 digits + letter), German (9 alphanumerics), a hyphenated Korean RRN.
    for (const id of [
      '11010519491231002X',
      '1234567890123',
      '123456789012',
      '12345678Z',
      'L01X00T47',
      '900101-1234567',
    ]) {
      expect(checkIdNumber('id_card', id), id).toMatchObject({ ok: true });
    }
  });

  it('normalizes spaces and case, and keeps the number as typed otherwise', () => {
    expect(checkIdNumber('id_card', ' 1101 0519 4912 3100 2x ')).toEqual({
      ok: true,
      value: '11010519491231002X',
    });
    expect(checkIdNumber('passport', 'e1234 5678')).toEqual({ ok: true, value: 'E12345678' });
  });

  it('checks an 18-character mainland China number against its check character', () => {
    expect(validMainlandId('11010519491231002X')).toBe(true);
    expect(checkIdNumber('id_card', '110101199003074515')).toMatchObject({
      ok: false,
      problem: 'check_digit',
    });
    // The same string as a passport or other document is judged by that type's rule (length here).
    expect(checkIdNumber('other', '110101199003074515')).toMatchObject({ ok: true });
  });

  it('passports: 6–9 letters and digits, no hyphens', () => {
    expect(checkIdNumber('passport', 'E12345678')).toMatchObject({ ok: true });
    expect(checkIdNumber('passport', 'X1234')).toMatchObject({ ok: false, problem: 'length' });
    expect(checkIdNumber('passport', 'E123456789')).toMatchObject({ ok: false, problem: 'length' });
    expect(checkIdNumber('passport', 'E1234-567')).toMatchObject({ ok: false, problem: 'characters' });
  });

  it('refuses empty numbers, other characters, numbers without a digit and stray hyphens', () => {
    for (const type of KYC_ID_TYPES) {
      expect(checkIdNumber(type, '   ')).toMatchObject({ ok: false, problem: 'empty' });
      expect(checkIdNumber(type, 'ABC/12345')).toMatchObject({ ok: false, problem: 'characters' });
      expect(checkIdNumber(type, 'ABCDEFGH')).toMatchObject({ ok: false, problem: 'characters' });
      expect(checkIdNumber(type, '身份证12345')).toMatchObject({ ok: false, problem: 'characters' });
    }
    expect(checkIdNumber('driver_license', '-12345')).toMatchObject({ ok: false, problem: 'characters' });
    expect(checkIdNumber('driver_license', '12--345')).toMatchObject({ ok: false, problem: 'characters' });
    expect(checkIdNumber('driver_license', 'D123-456-789')).toMatchObject({ ok: true });
  });

  it('bounds every type by its stated length (hyphens not counted)', () => {
    for (const type of KYC_ID_TYPES) {
      const { min, max } = KYC_ID_RULES[type];
      expect(checkIdNumber(type, '7'.repeat(min)), type).toMatchObject({ ok: true });
      expect(checkIdNumber(type, '7'.repeat(max)), type).toMatchObject({ ok: true });
      expect(checkIdNumber(type, '7'.repeat(min - 1)), type).toMatchObject({ ok: false, problem: 'length' });
      expect(checkIdNumber(type, '7'.repeat(max + 1)), type).toMatchObject({ ok: false, problem: 'length' });
    }
  });
});

describe('real names', () => {
  it('trims, collapses spaces and bounds the length', () => {
    expect(checkRealName('  Zhang   San ')).toEqual({ ok: true, value: 'Zhang San' });
    expect(checkRealName('张三')).toEqual({ ok: true, value: '张三' });
    expect(checkRealName('Z').ok).toBe(false);
    expect(checkRealName('x'.repeat(65)).ok).toBe(false);
    expect(checkRealName('<b>Li</b>').ok).toBe(false);
  });

  it('masks all but the first character of each word', () => {
    expect(maskRealName('Zhang San')).toBe('Z**** S**');
    expect(maskRealName('张三丰')).toBe('张**');
    expect(maskRealName('Ana María de la O')).toBe('A** M**** d* l* O');
  });
});
