import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { buildInput, checkInput, draftFromInput, type HoroscopeDraft, readDraft } from './horoscope-draft.ts';

const t = i18next.t.bind(i18next);
const base: HoroscopeDraft = { personBy: 'sign', partnerBy: 'sign' };

describe('buildInput and checkInput', () => {
  it('asks for a type in the spec’s words, in English and in Turkish', async () => {
    const input = buildInput(undefined, { ...base, sign: 'leo' }, 'Europe/Istanbul');
    expect(input).toEqual({});
    expect(checkInput(input, t)).toEqual({ type: 'Please selecet an horoscope type.' });
    await i18next.changeLanguage('tr');
    expect(checkInput(input, t)).toEqual({ type: 'Lütfen bir burç yorumu türü seçin.' });
  });

  it('sends the chosen sign, or the birthday when that is how the person is given', () => {
    expect(buildInput('daily', { ...base, sign: 'leo', birthDate: '1990-03-25' }, 'Europe/Istanbul')).toEqual({
      type: 'daily',
      person: { sign: 'leo' },
      timeZone: 'Europe/Istanbul',
    });
    const byDate = buildInput('love', { ...base, personBy: 'date', sign: 'leo', birthDate: '1990-03-25' }, undefined);
    expect(byDate).toEqual({ type: 'love', person: { birthDate: '1990-03-25' } });
    expect(checkInput(byDate, t)).toBeNull();
  });

  it('puts each message at its field, translated', async () => {
    expect(checkInput(buildInput('weekly', base, undefined), t)).toEqual({ 'person.sign': 'This field is required' });
    expect(
      checkInput(
        buildInput(
          'compatibility',
          { ...base, sign: 'leo', partnerBy: 'date', partnerBirthDate: '2999-01-01' },
          undefined,
        ),
        t,
      ),
    ).toEqual({ 'partner.birthDate': 'The birth date cannot be in the future' });
    await i18next.changeLanguage('tr');
    expect(checkInput(buildInput('birth-chart', { ...base, chartDate: '1990-08-01' }, undefined), t)).toEqual({
      cityId: 'Bu alan zorunludur',
    });
    expect(
      checkInput(buildInput('daily', { ...base, personBy: 'date', birthDate: '1850-01-01' }, undefined), t),
    ).toEqual({ 'person.birthDate': 'Geçerli bir doğum tarihi girin' });
  });

  it('builds a birth chart from its date, optional time and place', () => {
    const draft = { ...base, chartDate: '1990-08-01', chartTime: '14:30', city: { id: 'izmir-tr', name: 'Izmir' } };
    const input = buildInput('birth-chart', draft, 'Europe/Istanbul');
    expect(input).toEqual({
      type: 'birth-chart',
      birthDate: '1990-08-01',
      birthTime: '14:30',
      cityId: 'izmir-tr',
      timeZone: 'Europe/Istanbul',
    });
    expect(checkInput(input, t)).toBeNull();
    expect(buildInput('birth-chart', { ...draft, chartTime: undefined }, undefined)).not.toHaveProperty('birthTime');
  });
});

describe('readDraft and draftFromInput', () => {
  it('keeps what it recognises of a stored draft', () => {
    expect(
      readDraft({ sign: 'leo', personBy: 'date', partnerSign: 'ophiuchus', city: { id: 'izmir-tr' }, junk: 1 }),
    ).toEqual({
      personBy: 'date',
      partnerBy: 'sign',
      sign: 'leo',
      city: { id: 'izmir-tr', nativeName: null },
    });
    expect(readDraft(undefined)).toEqual(base);
  });

  it('restores a thread’s inputs as the fields they came from', () => {
    expect(draftFromInput({ type: 'daily', person: { sign: 'leo' }, timeZone: 'UTC' })).toEqual({
      personBy: 'sign',
      sign: 'leo',
    });
    expect(
      draftFromInput({ type: 'compatibility', person: { birthDate: '1990-03-25' }, partner: { sign: 'libra' } }),
    ).toEqual({ personBy: 'date', birthDate: '1990-03-25', partnerBy: 'sign', partnerSign: 'libra' });
    expect(draftFromInput({ type: 'birth-chart', birthDate: '1990-08-01', cityId: 'izmir-tr' })).toEqual({
      chartDate: '1990-08-01',
      chartTime: undefined,
      city: { id: 'izmir-tr' },
    });
    expect(draftFromInput({ type: 'tarot' })).toBeNull();
    expect(draftFromInput(null)).toBeNull();
  });
});
