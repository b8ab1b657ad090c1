import { APP_NAME, type Locale } from '@polymath/shared';
import { escapeHtml } from '../escape-html.ts';

/**
 * The mails the app sends: the accounts feature's, the notice that a WhatsApp number moved away, and
 * the one saying a copy of the person's data is ready.
 */
export type MailKind =
  | 'verify-email'
  | 'reset-password'
  | 'change-password'
  | 'sign-up-attempt'
  | 'whatsapp-moved'
  | 'data-export-ready';

export type MailContent = { subject: string; text: string; html: string };

export type MailVars = {
  /** The one action link of the mail (verification, reset, or sign-in for a sign-up attempt). */
  link: string;
  /** Greeting name; omitted when the user has none. */
  name?: string | null | undefined;
  /** Only for sign-up-attempt: where to reset the password. */
  resetLink?: string | undefined;
  /** Only for whatsapp-moved: the number (E.164). */
  phone?: string | undefined;
  /** Only for data-export-ready: how many days the copy can be downloaded. */
  days?: number | undefined;
};

type Copy = {
  subject: string;
  greeting: (name: string | null) => string;
  lines: string[] | ((vars: MailVars) => string[]);
  action: string;
  /** A second action (sign-up-attempt: reset the password). */
  secondary?: string;
  footer: string;
};

const COPY: Record<Locale, Record<MailKind, Copy>> = {
  en: {
    'verify-email': {
      subject: `Verify your email address for ${APP_NAME}`,
      greeting: (n) => (n ? `Hi ${n},` : 'Hi,'),
      lines: [`Please confirm that this is your email address to finish setting up your ${APP_NAME} account.`],
      action: 'Verify email address',
      footer: "If you didn't create an account, you can ignore this email. The link expires in 24 hours.",
    },
    'reset-password': {
      subject: `Reset your ${APP_NAME} password`,
      greeting: (n) => (n ? `Hi ${n},` : 'Hi,'),
      lines: ['We received a request to reset your password. Choose a new one with the link below.'],
      action: 'Reset password',
      footer:
        "If you didn't ask for this, you can ignore this email; your password stays the same. The link expires in 1 hour.",
    },
    'change-password': {
      subject: `Change your ${APP_NAME} password`,
      greeting: (n) => (n ? `Hi ${n},` : 'Hi,'),
      lines: [
        'You asked to change your password. Choose a new one with the link below.',
        'After the change you will be signed out everywhere and sign in again with the new password.',
      ],
      action: 'Change password',
      footer:
        "If you didn't ask for this, you can ignore this email; your password stays the same. The link expires in 1 hour.",
    },
    'sign-up-attempt': {
      subject: `Someone tried to sign up to ${APP_NAME} with your email`,
      greeting: (n) => (n ? `Hi ${n},` : 'Hi,'),
      lines: [
        `Someone just tried to create a ${APP_NAME} account with this email address, but you already have one.`,
        'If it was you, sign in instead, or reset your password if you forgot it.',
      ],
      action: 'Sign in',
      secondary: 'Reset password',
      footer: "If it wasn't you, you can ignore this email. Nothing has changed in your account.",
    },
    'whatsapp-moved': {
      subject: `Your WhatsApp number was linked to another ${APP_NAME} account`,
      greeting: (n) => (n ? `Hi ${n},` : 'Hi,'),
      lines: (v) => [
        `${v.phone} is now linked to another ${APP_NAME} account: a code sent to this number on WhatsApp was entered there. Messages from this number no longer reach your account; your WhatsApp chats stay in your history.`,
        'If you did not expect this, someone else has the phone with this number or was given its code. To link it to your account again, use a new code sent to the number on WhatsApp: open Settings, Login Connections.',
      ],
      action: 'Open Settings',
      footer: 'If it was you, you can ignore this email.',
    },
    'data-export-ready': {
      subject: `Your ${APP_NAME} data is ready to download`,
      greeting: (n) => (n ? `Hi ${n},` : 'Hi,'),
      lines: (v) => [
        `The copy of your data you asked for is ready: one zip file with your profile, chats, images and files.`,
        `Download it from Settings, Account while signed in. It is deleted after ${v.days ?? 7} days.`,
      ],
      action: 'Open Settings',
      footer: "If you didn't ask for this, sign in and change your password: someone else may have used your account.",
    },
  },
  tr: {
    'verify-email': {
      subject: `${APP_NAME} için e-posta adresinizi doğrulayın`,
      greeting: (n) => (n ? `Merhaba ${n},` : 'Merhaba,'),
      lines: [`${APP_NAME} hesabınızın kurulumunu tamamlamak için bu e-posta adresinin size ait olduğunu onaylayın.`],
      action: 'E-posta adresini doğrula',
      footer: 'Bir hesap oluşturmadıysanız bu e-postayı yok sayabilirsiniz. Bağlantının süresi 24 saat içinde dolar.',
    },
    'reset-password': {
      subject: `${APP_NAME} şifrenizi sıfırlayın`,
      greeting: (n) => (n ? `Merhaba ${n},` : 'Merhaba,'),
      lines: ['Şifrenizi sıfırlama isteği aldık. Aşağıdaki bağlantıyla yeni bir şifre belirleyin.'],
      action: 'Şifreyi sıfırla',
      footer:
        'Bu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz; şifreniz değişmez. Bağlantının süresi 1 saat içinde dolar.',
    },
    'change-password': {
      subject: `${APP_NAME} şifrenizi değiştirin`,
      greeting: (n) => (n ? `Merhaba ${n},` : 'Merhaba,'),
      lines: [
        'Şifrenizi değiştirmek istediniz. Aşağıdaki bağlantıyla yeni bir şifre belirleyin.',
        'Değişiklikten sonra tüm cihazlarda oturumunuz kapanır ve yeni şifrenizle yeniden giriş yaparsınız.',
      ],
      action: 'Şifreyi değiştir',
      footer:
        'Bu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz; şifreniz değişmez. Bağlantının süresi 1 saat içinde dolar.',
    },
    'sign-up-attempt': {
      subject: `Birisi e-posta adresinizle ${APP_NAME} hesabı açmaya çalıştı`,
      greeting: (n) => (n ? `Merhaba ${n},` : 'Merhaba,'),
      lines: [
        `Az önce bu e-posta adresiyle bir ${APP_NAME} hesabı oluşturulmaya çalışıldı, ancak zaten bir hesabınız var.`,
        'Bu sizseniz giriş yapın ya da şifrenizi unuttuysanız sıfırlayın.',
      ],
      action: 'Giriş yap',
      secondary: 'Şifreyi sıfırla',
      footer: 'Bu siz değilseniz bu e-postayı yok sayabilirsiniz. Hesabınızda hiçbir şey değişmedi.',
    },
    'whatsapp-moved': {
      subject: `WhatsApp numaranız başka bir ${APP_NAME} hesabına bağlandı`,
      greeting: (n) => (n ? `Merhaba ${n},` : 'Merhaba,'),
      lines: (v) => [
        `${v.phone} artık başka bir ${APP_NAME} hesabına bağlı: bu numaraya WhatsApp'tan gönderilen bir kod orada girildi. Bu numaradan gelen mesajlar artık hesabınıza ulaşmıyor; WhatsApp sohbetleriniz geçmişinizde duruyor.`,
        "Bunu beklemiyorduysanız bu numaranın telefonu başka birinde ya da kodu başka birine verilmiş. Numarayı hesabınıza yeniden bağlamak için numaraya WhatsApp'tan gönderilen yeni bir kodu kullanın: Ayarlar'da Giriş Bağlantıları'nı açın.",
      ],
      action: 'Ayarları aç',
      footer: 'Bunu siz yaptıysanız bu e-postayı yok sayabilirsiniz.',
    },
    'data-export-ready': {
      subject: `${APP_NAME} verileriniz indirilmeye hazır`,
      greeting: (n) => (n ? `Merhaba ${n},` : 'Merhaba,'),
      lines: (v) => [
        'İstediğiniz veri kopyanız hazır: profiliniz, sohbetleriniz, görselleriniz ve dosyalarınızla tek bir zip dosyası.',
        `Giriş yapmışken Ayarlar'da Hesap bölümünden indirin. ${v.days ?? 7} gün sonra silinir.`,
      ],
      action: 'Ayarları aç',
      footer: 'Bunu siz istemediyseniz giriş yapıp şifrenizi değiştirin: hesabınızı başka biri kullanmış olabilir.',
    },
  },
};

/** Subject, plain text and HTML of one mail in the user's language. */
export function renderMail(kind: MailKind, locale: Locale, vars: MailVars): MailContent {
  const copy = COPY[locale][kind];
  const lines = typeof copy.lines === 'function' ? copy.lines(vars) : copy.lines;
  const name = vars.name?.trim() || null;
  const greeting = copy.greeting(name);
  const actions: { label: string; url: string }[] = [{ label: copy.action, url: vars.link }];
  if (copy.secondary && vars.resetLink) actions.push({ label: copy.secondary, url: vars.resetLink });

  const text = [
    greeting,
    '',
    ...lines,
    '',
    ...actions.flatMap((a) => [`${a.label}: ${a.url}`, '']),
    copy.footer,
    '',
    `— ${APP_NAME}`,
    '',
  ].join('\n');

  const button = (a: { label: string; url: string }) =>
    `<p style="margin:24px 0"><a href="${escapeHtml(a.url)}" style="background:#2563eb;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(a.label)}</a></p>`;
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(copy.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f6f8;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p>${escapeHtml(greeting)}</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${actions.map(button).join('\n')}
<p style="font-size:13px;color:#4b5563">${escapeHtml(copy.footer)}</p>
<p style="font-size:12px;color:#6b7280;word-break:break-all">${actions.map((a) => escapeHtml(a.url)).join('<br>')}</p>
<p style="font-size:13px;color:#4b5563">— ${escapeHtml(APP_NAME)}</p>
</div>
</body>
</html>
`;
  return { subject: copy.subject, text, html };
}
