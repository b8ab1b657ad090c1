import { PDF_MEDIA_TYPE } from '@polymath/shared';
import { isToolUIPart, type UIMessage } from 'ai';
import { measureText, type TextSize } from './token-count.ts';

type StoredPart = UIMessage['parts'][number];

/** An attached image (sent to the model as pixels while recent); other file parts are PDFs. */
export function isImagePart(part: { mediaType: string }): boolean {
  return part.mediaType.startsWith('image/');
}

/**
 * What a model reads of a stored message, as text: its text, and an answer's finished function
 * calls with their results. Attachments are counted apart (an image costs the same whatever its
 * message says; a PDF is read through the tool's context). Its size is what a turn budgets for.
 */
export function modelVisibleText(role: string, parts: readonly StoredPart[]): string {
  const out: string[] = [];
  for (const part of parts) {
    if (part.type === 'text') out.push(part.text);
    else if (role === 'assistant' && isToolUIPart(part)) {
      if (part.state === 'output-available')
        out.push(`${part.type} ${JSON.stringify(part.input)} ${JSON.stringify(part.output)}`);
      else if (part.state === 'output-error') out.push(`${part.type} ${JSON.stringify(part.input)} ${part.errorText}`);
    }
  }
  return out.join('\n');
}

/** A stored message's size for the budget, measured once (stored with it when its answer settles). */
export function measureMessage(role: string, parts: readonly StoredPart[]): TextSize {
  return measureText(modelVisibleText(role, parts));
}

/** The file parts of a person's message: images and PDFs. */
export function attachmentsOf(parts: readonly StoredPart[]): { image: boolean; name: string }[] {
  return parts.flatMap((part) =>
    part.type === 'file'
      ? [
          {
            image: isImagePart(part),
            name: part.filename ?? (part.mediaType === PDF_MEDIA_TYPE ? 'document.pdf' : 'image'),
          },
        ]
      : [],
  );
}
