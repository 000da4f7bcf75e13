/**
 * Profile rules shared by the server (POST /user/editNickname) and the web form, so the form
 * explains a refusal before sending instead of the server answering field_invalid.
 */
export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 24;

export type NicknameProblem = 'length' | 'characters';

/** The trimmed nickname, or why it is refused (2–24 characters, no control characters, < or >). */
export function checkNickname(
  raw: string,
): { ok: true; value: string } | { ok: false; value: string; problem: NicknameProblem } {
  const value = raw.trim();
  const length = Array.from(value).length;
  if (length < NICKNAME_MIN || length > NICKNAME_MAX) return { ok: false, value, problem: 'length' };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f<>]/.test(value)) return { ok: false, value, problem: 'characters' };
  return { ok: true, value };
}
