import { ExternalLink, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';

/**
 * "Open WhatsApp": a wa.me link to the business number (a new tab, or the WhatsApp app on a
 * phone), or the sandbox phone page in test mode.
 */
export function OpenWhatsApp({
  chatUrl,
  onNavigate,
  className,
  size = 'md',
}: {
  chatUrl: string | null;
  onNavigate?: () => void;
  className?: string;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation('whatsapp');
  if (!chatUrl) return null;
  const look = buttonClass('primary', size, className);
  const label = (
    <>
      <MessageCircle className="h-4 w-4" aria-hidden="true" />
      {t('linked.open')}
    </>
  );
  if (chatUrl.startsWith('/')) {
    return (
      <Link to={chatUrl} onClick={onNavigate} className={look} data-testid="open-whatsapp-chat">
        {label}
      </Link>
    );
  }
  return (
    <a href={chatUrl} target="_blank" rel="noopener noreferrer" className={look} data-testid="open-whatsapp-chat">
      {label}
      <ExternalLink className="h-3.5 w-3.5 opacity-70" aria-hidden="true" />
    </a>
  );
}
