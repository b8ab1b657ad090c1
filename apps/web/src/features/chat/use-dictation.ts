import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast/toast.ts';
import {
  appendTranscript,
  getSpeechRecognition,
  type SpeechRecognitionLike,
  speechErrorKey,
  speechLang,
  transcriptOf,
} from './speech-recognition.ts';

/**
 * Dictation into a draft with the browser's speech recognition. The words heard are put after the
 * text that was there when listening started; errors are shown as translated toasts.
 */
export function useDictation({ getText, setText }: { getText: () => string; setText: (text: string) => void }) {
  const { t, i18n } = useTranslation('chat');
  const [supported] = useState(() => getSpeechRecognition() !== null);
  const [listening, setListening] = useState(false);
  const recognition = useRef<SpeechRecognitionLike | null>(null);
  const io = useRef({ getText, setText });
  io.current = { getText, setText };

  const stop = useCallback(() => {
    recognition.current?.stop();
  }, []);

  const start = useCallback(() => {
    const Recognition = getSpeechRecognition();
    if (!Recognition || recognition.current) return;
    const r = new Recognition();
    const base = io.current.getText();
    r.lang = speechLang(i18n.resolvedLanguage ?? i18n.language);
    r.continuous = true;
    r.interimResults = true;
    r.onresult = (event) => io.current.setText(appendTranscript(base, transcriptOf(event)));
    r.onerror = (event) => {
      // 'aborted' is our own abort (leaving the page); it is not a failure.
      if (event.error !== 'aborted') toast.error(t(speechErrorKey(event.error)));
    };
    r.onend = () => {
      if (recognition.current === r) recognition.current = null;
      setListening(false);
    };
    recognition.current = r;
    try {
      r.start();
      setListening(true);
    } catch {
      recognition.current = null;
      toast.error(t('voice.unknown'));
    }
  }, [i18n, t]);

  const toggle = useCallback(() => (recognition.current ? stop() : start()), [start, stop]);

  useEffect(
    () => () => {
      const r = recognition.current;
      recognition.current = null;
      if (r) {
        r.onend = null;
        r.onresult = null;
        r.abort();
      }
    },
    [],
  );

  return { supported, listening, toggle, stop };
}
