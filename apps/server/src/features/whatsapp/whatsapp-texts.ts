import type { Locale } from '@polymath/shared';

/**
 * What the app writes in WhatsApp by itself (everything else is the model's answer), in the
 * person's language: the one stored with their number, or guessed from it for an unknown number.
 */
type Texts = {
  unknownNumber(linkUrl: string): string;
  noLongerPro(upgradeUrl: string): string;
  outOfCredits(upgradeUrl: string): string;
  newChat: string;
  tooFast: string;
  unsupported: string;
  noVision: string;
  failed: string;
  cutOff: string;
  imageQuestion: string;
  code(code: string): string;
};

export const WHATSAPP_TEXTS: Record<Locale, Texts> = {
  en: {
    unknownNumber: (url) =>
      `Hi! This number is not linked to a Polymath account yet. Sign up or sign in at ${url}, then link this number in the WhatsApp dialog to chat with Polymath here. (Chat inside WhatsApp is part of Pro.)`,
    noLongerPro: (url) =>
      `Your Polymath account is no longer Pro. Answers here now use your free daily messages, shared with the web. Upgrade to Pro for unlimited messages: ${url}`,
    outOfCredits: (url) => `You have used today's free messages. Upgrade to Pro for unlimited messages: ${url}`,
    newChat: 'New chat started. Your earlier chats stay in your Polymath history.',
    tooFast: 'You are sending messages too quickly. Please wait a moment and try again.',
    unsupported: 'I can read text messages and pictures. Please send your question as text.',
    noVision: 'I cannot look at pictures right now. Please describe it in text.',
    failed: 'Sorry, I could not answer that. Please try again.',
    cutOff: '(The answer was cut off.)',
    imageQuestion: 'What is in this picture?',
    code: (code) => `${code} is your Polymath verification code. It expires in 10 minutes. Do not share it.`,
  },
  tr: {
    unknownNumber: (url) =>
      `Merhaba! Bu numara henüz bir Polymath hesabına bağlı değil. ${url} adresinde kaydolun veya giriş yapın, ardından burada Polymath ile sohbet etmek için bu numarayı WhatsApp penceresinden bağlayın. (WhatsApp içinde sohbet Pro'ya dahildir.)`,
    noLongerPro: (url) =>
      `Polymath hesabınız artık Pro değil. Buradaki yanıtlar artık web ile ortak günlük ücretsiz mesajlarınızı kullanıyor. Sınırsız mesaj için Pro'ya geçin: ${url}`,
    outOfCredits: (url) => `Bugünkü ücretsiz mesajlarınızı kullandınız. Sınırsız mesaj için Pro'ya geçin: ${url}`,
    newChat: 'Yeni sohbet başladı. Önceki sohbetleriniz Polymath geçmişinizde duruyor.',
    tooFast: 'Çok hızlı mesaj gönderiyorsunuz. Lütfen biraz bekleyip tekrar deneyin.',
    unsupported: 'Metin mesajlarını ve fotoğrafları okuyabilirim. Lütfen sorunuzu metin olarak gönderin.',
    noVision: 'Şu anda fotoğraflara bakamıyorum. Lütfen metinle anlatın.',
    failed: 'Üzgünüm, buna yanıt veremedim. Lütfen tekrar deneyin.',
    cutOff: '(Yanıt yarıda kesildi.)',
    imageQuestion: 'Bu fotoğrafta ne var?',
    code: (code) => `${code} Polymath doğrulama kodunuzdur. 10 dakika geçerlidir. Kimseyle paylaşmayın.`,
  },
};

/** An unknown number's language, guessed from its country code: Turkish for +90, English otherwise. */
export function guessLocale(phone: string): Locale {
  return phone.startsWith('+90') ? 'tr' : 'en';
}
