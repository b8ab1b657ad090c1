import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { toast } from '../../lib/toast/toast.ts';

/** Copies text to the clipboard and says so (toast); the icon shows a tick for a moment. */
export async function copyToClipboard(text: string, t: (key: string) => string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(t('chat:copied'));
    return true;
  } catch {
    toast.error(t('chat:copyFailed'));
    return false;
  }
}

export function CopyButton({
  text,
  label,
  testId,
  className,
}: {
  text: string | (() => string);
  label: string;
  testId?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      onClick={async () => {
        if (await copyToClipboard(typeof text === 'function' ? text() : text, t)) setCopied(true);
      }}
      className={cn(
        'inline-flex h-8 min-w-8 cursor-pointer items-center justify-center gap-1 rounded-lg px-1.5 text-muted transition hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-accent',
        className,
      )}
      aria-label={label}
      title={label}
      data-testid={testId}
    >
      {copied ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
    </button>
  );
}
