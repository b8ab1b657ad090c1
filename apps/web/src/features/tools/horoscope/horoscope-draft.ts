import {
  type CityItem,
  type HoroscopeInput,
  type HoroscopeType,
  horoscopeInputSchema,
  horoscopeTypeInfo,
  horoscopeValidationKeyOf,
  isHoroscopeType,
  isZodiacSign,
  parseIsoDate,
  signFromBirthDate,
  timeZoneSchema,
  type ZodiacSign,
} from '@polymath/shared';
import type { TFunction } from 'i18next';
import type { RootState } from '../../../lib/store/store.ts';

/** How a person is given: a sign from the picker, or a birthday (the sign is derived). */
export type PersonMode = 'sign' | 'date';

/** The city a birth chart uses; only its id is sent (the rest is what the field shows). */
export type DraftCity = Pick<CityItem, 'id'> & Partial<Pick<CityItem, 'name' | 'nativeName' | 'countryCode'>>;

/**
 * What the horoscope page remembers between visits (the persisted chat slice's tool inputs): the
 * person's sign or birthday, a partner's, and a birth chart's date, time and place. The type is
 * the page's address, not part of it.
 */
export type HoroscopeDraft = {
  personBy: PersonMode;
  sign?: ZodiacSign;
  birthDate?: string;
  partnerBy: PersonMode;
  partnerSign?: ZodiacSign;
  partnerBirthDate?: string;
  chartDate?: string;
  chartTime?: string;
  city?: DraftCity;
};

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);
const mode = (value: unknown): PersonMode => (value === 'date' ? 'date' : 'sign');
const sign = (value: unknown): ZodiacSign | undefined => (isZodiacSign(value) ? value : undefined);

function city(value: unknown): DraftCity | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const c = value as Record<string, unknown>;
  const id = text(c.id);
  if (!id) return undefined;
  return {
    id,
    ...(text(c.name) ? { name: text(c.name) } : {}),
    nativeName: text(c.nativeName) ?? null,
    ...(text(c.countryCode) ? { countryCode: text(c.countryCode) } : {}),
  };
}

/** The stored draft, with anything that is not what it should be dropped (stored by an older app). */
export function readDraft(stored: Record<string, unknown> | undefined): HoroscopeDraft {
  const s = stored ?? {};
  const draft: HoroscopeDraft = { personBy: mode(s.personBy), partnerBy: mode(s.partnerBy) };
  const fields = {
    sign: sign(s.sign),
    birthDate: text(s.birthDate),
    partnerSign: sign(s.partnerSign),
    partnerBirthDate: text(s.partnerBirthDate),
    chartDate: text(s.chartDate),
    chartTime: text(s.chartTime),
    city: city(s.city),
  };
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) Object.assign(draft, { [key]: value });
  return draft;
}

export function selectHoroscopeDraft(state: RootState): HoroscopeDraft {
  return readDraft(state.chat.toolInputs?.horoscope);
}

/** The page's type from its address, or undefined for /horoscope and an unknown slug. */
export function typeFromPath(pathId: string | undefined): HoroscopeType | undefined {
  return isHoroscopeType(pathId) ? pathId : undefined;
}

/** The person's IANA zone as the browser knows it, when it is one the server can read. */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return timeZoneSchema.safeParse(zone).success ? zone : undefined;
  } catch {
    return undefined;
  }
}

/** The sign a person field gives: the chosen one, or the one their birthday falls in. */
export function personSign(
  by: PersonMode,
  sign: ZodiacSign | undefined,
  birthDate: string | undefined,
): ZodiacSign | undefined {
  if (by === 'sign') return sign;
  const date = birthDate ? parseIsoDate(birthDate) : undefined;
  return date ? signFromBirthDate(date.month, date.day) : undefined;
}

const person = (by: PersonMode, signValue: ZodiacSign | undefined, date: string | undefined) =>
  by === 'date' ? { birthDate: date ?? '' } : signValue ? { sign: signValue } : {};

/**
 * The tool's input for a send (toolInput): the page's type and the fields that type reads, with
 * the person's time zone so their days are theirs. Unchecked: `checkInput` says what is missing.
 */
export function buildInput(
  type: HoroscopeType | undefined,
  draft: HoroscopeDraft,
  timeZone: string | undefined,
): Record<string, unknown> {
  if (!type) return {};
  const zone = timeZone ? { timeZone } : {};
  const subject = horoscopeTypeInfo(type).subject;
  if (subject === 'birth') {
    return {
      type,
      birthDate: draft.chartDate ?? '',
      ...(draft.chartTime ? { birthTime: draft.chartTime } : {}),
      cityId: draft.city?.id ?? '',
      ...zone,
    };
  }
  const you = person(draft.personBy, draft.sign, draft.birthDate);
  if (subject === 'pair') {
    return { type, person: you, partner: person(draft.partnerBy, draft.partnerSign, draft.partnerBirthDate), ...zone };
  }
  return { type, person: you, ...zone };
}

/** A field's path in the input ("person.sign", "cityId") → its message in the person's language. */
export type InputErrors = Record<string, string>;

/** Checks an input with the server's own schema; the messages are translated by key. */
export function checkInput(input: Record<string, unknown>, t: TFunction): InputErrors | null {
  const result = horoscopeInputSchema.safeParse(input);
  if (result.success) return null;
  const errors: InputErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.') || 'type';
    if (errors[path]) continue;
    const key = horoscopeValidationKeyOf(issue.message);
    errors[path] = key ? t(`validation:${key}`) : issue.message;
  }
  return errors;
}

/**
 * The draft fields a stored thread's input sets again when the thread is reopened (a field it
 * does not have is cleared only where the input's type reads it).
 */
export function draftFromInput(stored: Record<string, unknown> | null): Partial<HoroscopeDraft> | null {
  const parsed = horoscopeInputSchema.safeParse(stored ?? undefined);
  if (!parsed.success) return null;
  const input: HoroscopeInput = parsed.data;
  if (input.type === 'birth-chart') {
    return { chartDate: input.birthDate, chartTime: input.birthTime, city: { id: input.cityId } };
  }
  const you = input.person.birthDate
    ? { personBy: 'date' as const, birthDate: input.person.birthDate }
    : { personBy: 'sign' as const, sign: input.person.sign };
  if (input.type !== 'compatibility') return you;
  const partner = input.partner.birthDate
    ? { partnerBy: 'date' as const, partnerBirthDate: input.partner.birthDate }
    : { partnerBy: 'sign' as const, partnerSign: input.partner.sign };
  return { ...you, ...partner };
}

/** The type a stored thread's input was made for. */
export function typeOfInput(stored: Record<string, unknown> | null): HoroscopeType | undefined {
  return typeFromPath(typeof stored?.type === 'string' ? stored.type : undefined);
}
