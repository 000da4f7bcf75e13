/** Server-side message catalogues (errors and field labels) for all 11 languages. */
import type { Lang } from '@bourse/contract';
import enErrors from './en/errors.json';
import enFields from './en/fields.json';
import zhErrors from './zh/errors.json';
import zhFields from './zh/fields.json';
import hkErrors from './hk/errors.json';
import hkFields from './hk/fields.json';
import thErrors from './th/errors.json';
import thFields from './th/fields.json';
import jpErrors from './jp/errors.json';
import jpFields from './jp/fields.json';
import korErrors from './kor/errors.json';
import korFields from './kor/fields.json';
import fraErrors from './fra/errors.json';
import fraFields from './fra/fields.json';
import spaErrors from './spa/errors.json';
import spaFields from './spa/fields.json';
import deErrors from './de/errors.json';
import deFields from './de/fields.json';
import vnErrors from './vn/errors.json';
import vnFields from './vn/fields.json';
import pyErrors from './py/errors.json';
import pyFields from './py/fields.json';

export type ErrorMessages = typeof enErrors;
export type FieldLabels = Record<string, string>;

export const errorMessages: Record<Lang, ErrorMessages> = {
  en: enErrors,
  zh: zhErrors,
  hk: hkErrors,
  th: thErrors,
  jp: jpErrors,
  kor: korErrors,
  fra: fraErrors,
  spa: spaErrors,
  de: deErrors,
  vn: vnErrors,
  py: pyErrors,
};

export const fieldLabels: Record<Lang, FieldLabels> = {
  en: enFields,
  zh: zhFields,
  hk: hkFields,
  th: thFields,
  jp: jpFields,
  kor: korFields,
  fra: fraFields,
  spa: spaFields,
  de: deFields,
  vn: vnFields,
  py: pyFields,
};
