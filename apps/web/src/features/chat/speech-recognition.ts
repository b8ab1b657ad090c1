/**
 * The Web Speech API's recognition, as far as dictation uses it. Browsers ship it as
 * SpeechRecognition or webkitSpeechRecognition; TypeScript's DOM library does not describe it.
 */
export type SpeechRecognitionResultLike = { isFinal: boolean; 0: { transcript: string }; length: number };
export type SpeechRecognitionEventLike = {
  resultIndex: number;
  results: { length: number; [index: number]: SpeechRecognitionResultLike };
};
export type SpeechRecognitionErrorEventLike = { error: string; message?: string };

export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: SpeechRecognitionEventLike) => void) | null;
  onerror: ((event: SpeechRecognitionErrorEventLike) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}

export type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

export function getSpeechRecognition(
  win: unknown = typeof window === 'undefined' ? undefined : window,
): SpeechRecognitionConstructor | null {
  const w = win as
    | { SpeechRecognition?: SpeechRecognitionConstructor; webkitSpeechRecognition?: SpeechRecognitionConstructor }
    | undefined;
  return w?.SpeechRecognition ?? w?.webkitSpeechRecognition ?? null;
}

/** The three messages a microphone failure can show (keys in the `chat` namespace). */
export type SpeechErrorKey = 'voice.denied' | 'voice.noMicrophone' | 'voice.unknown';

/** Maps a SpeechRecognitionErrorEvent.error to what the person is told. */
export function speechErrorKey(error: string): SpeechErrorKey {
  if (error === 'not-allowed' || error === 'service-not-allowed') return 'voice.denied';
  if (error === 'audio-capture') return 'voice.noMicrophone';
  return 'voice.unknown';
}

/** Recognition follows the interface language. */
export function speechLang(locale: string | undefined): string {
  return locale?.toLowerCase().startsWith('tr') ? 'tr-TR' : 'en-US';
}

/** The draft with dictated words after it, separated by one space. */
export function appendTranscript(base: string, transcript: string): string {
  const spoken = transcript.trim();
  if (!spoken) return base;
  if (!base) return spoken;
  return /\s$/.test(base) ? `${base}${spoken}` : `${base} ${spoken}`;
}

/** Everything heard in this session so far (final and interim results, in order). */
export function transcriptOf(event: SpeechRecognitionEventLike): string {
  let text = '';
  for (let i = 0; i < event.results.length; i++) {
    const result = event.results[i];
    if (result) text += result[0].transcript;
  }
  return text;
}
