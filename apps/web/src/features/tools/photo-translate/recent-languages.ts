import { findPhotoLanguage, type PhotoLanguage } from '@polymath/shared';
import { readStorage, writeStorage } from '../../../lib/storage/local-storage.ts';

const KEY = 'polymath.photoTranslate.recent';
const KEEP = 4;

/** The target languages this browser chose last, newest first (a short list shown above the rest). */
export function recentLanguages(): PhotoLanguage[] {
  try {
    const codes = JSON.parse(readStorage(KEY) ?? '[]') as unknown;
    if (!Array.isArray(codes)) return [];
    return codes.flatMap((code) => (typeof code === 'string' ? (findPhotoLanguage(code) ?? []) : []));
  } catch {
    return [];
  }
}

export function rememberLanguage(code: string): void {
  const codes = [code, ...recentLanguages().map((l) => l.code)].filter((c, i, all) => all.indexOf(c) === i);
  writeStorage(KEY, JSON.stringify(codes.slice(0, KEEP)));
}
