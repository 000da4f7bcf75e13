/** Replaces {{name}} placeholders; unknown placeholders are left visible so gaps are noticed. */
export function interpolate(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
}
