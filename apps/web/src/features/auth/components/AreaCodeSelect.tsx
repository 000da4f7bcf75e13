import { AREA_CODES } from './areaCodes';

interface Props {
  value?: string;
  onChange?: (v: string) => void;
  testId?: string;
}

/** The dialling-code picker shown before a mobile number (native select: light and accessible). */
export function AreaCodeSelect({ value = '86', onChange, testId }: Props) {
  return (
    <select className="area-select num" value={value} onChange={(e) => onChange?.(e.target.value)} data-testid={testId} aria-label="area code">
      {AREA_CODES.map((a) => (
        <option key={a.code} value={a.code}>
          {a.flag} +{a.code}
        </option>
      ))}
    </select>
  );
}
