import { describe, expect, it } from 'vitest';
import { resources } from '../../locales/resources.ts';
import {
  appendTranscript,
  getSpeechRecognition,
  type SpeechRecognitionEventLike,
  speechErrorKey,
  speechLang,
  transcriptOf,
} from './speech-recognition.ts';

describe('speech recognition errors', () => {
  it.each([
    ['not-allowed', 'voice.denied'],
    ['service-not-allowed', 'voice.denied'],
    ['audio-capture', 'voice.noMicrophone'],
    ['network', 'voice.unknown'],
    ['no-speech', 'voice.unknown'],
    ['language-not-supported', 'voice.unknown'],
    ['something-new', 'voice.unknown'],
  ])('%s → %s', (error, key) => {
    expect(speechErrorKey(error)).toBe(key);
  });

  it('has the three messages in both languages', () => {
    expect(resources.en.chat.voice.denied).toBe(
      'Microphone access was denied. Allow it in your browser settings and try again.',
    );
    expect(resources.en.chat.voice.noMicrophone).toBe('No microphone was found. Connect one and try again.');
    expect(resources.en.chat.voice.unknown).toBe('Something went wrong with the microphone. Please try again.');
    for (const key of ['denied', 'noMicrophone', 'unknown'] as const) {
      expect(resources.tr.chat.voice[key]).toBeTruthy();
      expect(resources.tr.chat.voice[key]).not.toBe(resources.en.chat.voice[key]);
    }
  });
});

describe('speech helpers', () => {
  it('follows the interface language', () => {
    expect(speechLang('tr')).toBe('tr-TR');
    expect(speechLang('en')).toBe('en-US');
    expect(speechLang(undefined)).toBe('en-US');
  });

  it('finds the prefixed or unprefixed API, or none', () => {
    class Recognition {}
    expect(getSpeechRecognition({ webkitSpeechRecognition: Recognition })).toBe(Recognition);
    expect(getSpeechRecognition({ SpeechRecognition: Recognition })).toBe(Recognition);
    expect(getSpeechRecognition({})).toBeNull();
  });

  it('puts dictated words after the draft', () => {
    expect(appendTranscript('', ' hello ')).toBe('hello');
    expect(appendTranscript('Plan a trip', 'to Izmir')).toBe('Plan a trip to Izmir');
    expect(appendTranscript('Line\n', 'next')).toBe('Line\nnext');
    expect(appendTranscript('Keep', '  ')).toBe('Keep');
  });

  it('joins every result of the session', () => {
    const event: SpeechRecognitionEventLike = {
      resultIndex: 1,
      results: {
        length: 2,
        0: { isFinal: true, length: 1, 0: { transcript: 'hello' } },
        1: { isFinal: false, length: 1, 0: { transcript: ' world' } },
      },
    };
    expect(transcriptOf(event)).toBe('hello world');
  });
});
