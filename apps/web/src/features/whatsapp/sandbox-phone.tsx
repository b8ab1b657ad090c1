import { e164Schema, type SandboxPhoneMessage } from '@polymath/shared';
import { Check, CheckCheck, Clock, KeyRound, SendHorizontal, Smartphone, TriangleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { LoadingPlaceholder } from '../../components/ui/loading-placeholder.tsx';
import { TestModeBanner } from '../../components/ui/test-mode-banner.tsx';
import { apiErrorCode, apiErrorMessage } from '../../lib/api/api-error.ts';
import { formatInternational } from './phone-number.ts';
import { useGetSandboxPhoneQuery, useSendSandboxMessageMutation } from './whatsapp-api.ts';

/** How often the phone looks for new messages (the answer is written by a job meanwhile). */
const POLL_MS = 1500;

/**
 * The WhatsApp sandbox's phone (test mode): the chat with the business number as a phone shows it.
 * What is typed here goes to the server, which delivers it to its own webhook as a signed Cloud API
 * message; replies and the link code appear as they are "sent".
 */
export function SandboxPhonePage({ initialPhone }: { initialPhone?: string | undefined }) {
  const { t } = useTranslation('whatsapp');
  const [phone, setPhone] = useState<string | undefined>(initialPhone);
  const shown = useGetSandboxPhoneQuery(phone, { pollingInterval: POLL_MS, refetchOnMountOrArgChange: true });
  // What this number shows, never the number shown before (a number refused shows why instead).
  const data = shown.currentData;
  // A number linked to another account is that account's phone: the server refuses it (403).
  const elsewhere = shown.isError && apiErrorCode(shown.error) === 'FORBIDDEN';

  return (
    <div className="mx-auto flex max-w-md flex-col gap-5" data-testid="sandbox-phone">
      <TestModeBanner text={t('phonePage.banner')} />
      <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
        <Smartphone className="h-6 w-6" aria-hidden="true" />
        {t('phonePage.title')}
      </h1>
      {elsewhere ? (
        <>
          <NumberChooser phones={[]} current={null} onChoose={setPhone} />
          <p
            role="alert"
            className="rounded-2xl border border-border bg-surface p-4 text-sm"
            data-testid="sandbox-elsewhere"
          >
            {t('phonePage.elsewhere', { phone: formatInternational(phone ?? '') })}
          </p>
        </>
      ) : shown.isError && !data ? (
        <p role="alert" className="text-sm text-danger">
          {apiErrorMessage(shown.error, t)}
        </p>
      ) : !data ? (
        <LoadingPlaceholder />
      ) : (
        <>
          <NumberChooser phones={data.phones} current={data.phone} onChoose={setPhone} />
          {data.phone ? (
            <Phone phone={data.phone} businessName={data.businessName} messages={data.messages} />
          ) : (
            <p className="rounded-2xl border border-dashed border-border p-4 text-sm text-muted">
              {t('phonePage.noNumber')}
            </p>
          )}
        </>
      )}
    </div>
  );
}

function NumberChooser({
  phones,
  current,
  onChoose,
}: {
  phones: string[];
  current: string | null;
  onChoose: (phone: string) => void;
}) {
  const { t } = useTranslation('whatsapp');
  const [other, setOther] = useState('');
  const [error, setError] = useState(false);
  const use = (e: FormEvent) => {
    e.preventDefault();
    const value = other.replace(/[\s()-]/g, '');
    if (!e164Schema.safeParse(value).success) return setError(true);
    setError(false);
    setOther('');
    onChoose(value);
  };
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4">
      {phones.length > 0 && current ? (
        <div className="flex flex-col gap-1.5">
          <label htmlFor="sandbox-number" className="text-sm font-medium">
            {t('phonePage.number')}
          </label>
          <select
            id="sandbox-number"
            value={current}
            onChange={(e) => onChoose(e.target.value)}
            className="h-11 rounded-xl border border-border bg-bg px-3 text-base text-fg tabular-nums focus:outline-2 focus:outline-accent"
          >
            {phones.map((p) => (
              <option key={p} value={p}>
                {formatInternational(p)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <form onSubmit={use} noValidate className="flex flex-col gap-1.5">
        <label htmlFor="sandbox-other" className="text-sm font-medium">
          {t('phonePage.other')}
        </label>
        <div className="flex gap-2">
          <input
            id="sandbox-other"
            type="tel"
            inputMode="tel"
            value={other}
            onChange={(e) => setOther(e.target.value)}
            placeholder="+905321234567"
            aria-invalid={error ? true : undefined}
            aria-describedby="sandbox-other-hint"
            className={cn(
              'h-10 min-w-0 flex-1 rounded-xl border bg-bg px-3 text-base text-fg tabular-nums focus:outline-2 focus:outline-accent',
              error ? 'border-danger' : 'border-border',
            )}
          />
          <Button type="submit" variant="secondary">
            {t('phonePage.use')}
          </Button>
        </div>
        <p id="sandbox-other-hint" className={cn('text-xs', error ? 'text-danger' : 'text-muted')}>
          {t('phonePage.otherHint')}
        </p>
      </form>
    </div>
  );
}

function DeliveryMark({ delivery }: { delivery: SandboxPhoneMessage['delivery'] }) {
  const { t } = useTranslation('whatsapp');
  if (!delivery) return null;
  const Icon =
    delivery === 'sending' ? Clock : delivery === 'sent' ? Check : delivery === 'failed' ? TriangleAlert : CheckCheck;
  return (
    <span className="inline-flex items-center" title={t(`phonePage.delivery.${delivery}`)}>
      <Icon className={cn('h-3.5 w-3.5', delivery === 'read' && 'text-sky-500')} aria-hidden="true" />
      <span className="sr-only">{t(`phonePage.delivery.${delivery}`)}</span>
    </span>
  );
}

function Phone({
  phone,
  businessName,
  messages,
}: {
  phone: string;
  businessName: string;
  messages: SandboxPhoneMessage[];
}) {
  const { t, i18n } = useTranslation('whatsapp');
  const [text, setText] = useState('');
  const [send, sending] = useSendSandboxMessageMutation();
  const [error, setError] = useState<string>();
  const list = useRef<HTMLOListElement>(null);

  // The newest message in view when one arrives (the list scrolls, not the page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when a message arrives
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    if (!body) return;
    setError(undefined);
    const result = await send({ phone, text: body });
    if (result.error) setError(apiErrorMessage(result.error, t));
    else setText('');
  };
  const time = (iso: string) => new Date(iso).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });

  return (
    <section
      aria-label={t('phonePage.title')}
      className="overflow-hidden rounded-[2rem] border-4 border-fg/80 bg-[#efeae2] shadow-xl dark:bg-[#0b141a]"
    >
      <header className="flex items-center gap-3 bg-[#075e54] px-4 py-3 text-white dark:bg-[#1f2c34]">
        <img src="/favicon.svg" alt="" className="h-9 w-9 rounded-full bg-white p-1" width={36} height={36} />
        <div className="min-w-0">
          <p className="truncate font-semibold">{businessName}</p>
          <p className="truncate text-xs opacity-80" data-testid="sandbox-phone-number">
            {formatInternational(phone)}
          </p>
        </div>
      </header>
      <ol
        ref={list}
        className="flex h-[26rem] flex-col gap-2 overflow-y-auto px-3 py-4"
        aria-live="polite"
        data-testid="sandbox-messages"
      >
        {messages.length === 0 ? (
          <li className="m-auto max-w-xs rounded-xl bg-white/80 px-3 py-2 text-center text-sm text-[#54656f] dark:bg-[#182229] dark:text-[#8696a0]">
            {t('phonePage.empty')}
          </li>
        ) : null}
        {messages.map((m) => (
          <li
            key={m.id}
            className={cn(
              'max-w-[85%] rounded-xl px-3 py-2 text-sm shadow-sm',
              m.direction === 'in'
                ? 'self-end rounded-tr-sm bg-[#d9fdd3] text-[#111b21] dark:bg-[#005c4b] dark:text-[#e9edef]'
                : 'self-start rounded-tl-sm bg-white text-[#111b21] dark:bg-[#202c33] dark:text-[#e9edef]',
            )}
            data-testid="sandbox-message"
            data-direction={m.direction}
            data-kind={m.kind}
          >
            {m.kind === 'template' ? (
              <p className="mb-1 flex items-center gap-1 text-xs font-semibold text-[#008069] dark:text-[#25d366]">
                <KeyRound className="h-3.5 w-3.5" aria-hidden="true" />
                {t('phonePage.code')}
              </p>
            ) : null}
            <p className="whitespace-pre-wrap break-words">{m.text}</p>
            <p className="mt-1 flex items-center justify-end gap-1 text-[11px] text-[#54656f] dark:text-[#c7cfd4]">
              <time dateTime={m.at}>{time(m.at)}</time>
              <DeliveryMark delivery={m.direction === 'in' ? null : m.delivery} />
            </p>
          </li>
        ))}
      </ol>
      <form onSubmit={submit} className="flex items-end gap-2 bg-[#f0f2f5] px-3 py-2 dark:bg-[#202c33]">
        <label htmlFor="sandbox-message" className="sr-only">
          {t('phonePage.message')}
        </label>
        <textarea
          id="sandbox-message"
          rows={1}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
          placeholder={t('phonePage.message')}
          maxLength={4096}
          className="max-h-32 min-h-10 flex-1 resize-none rounded-2xl border-0 bg-white px-4 py-2 text-base text-[#111b21] focus:outline-2 focus:outline-accent dark:bg-[#2a3942] dark:text-[#e9edef]"
        />
        <button
          type="submit"
          disabled={sending.isLoading || !text.trim()}
          aria-label={t('phonePage.send')}
          title={t('phonePage.send')}
          className="inline-flex h-10 w-10 shrink-0 cursor-pointer items-center justify-center rounded-full bg-[#008069] text-white transition hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-50"
          data-testid="sandbox-send"
        >
          <SendHorizontal className="h-5 w-5" aria-hidden="true" />
        </button>
      </form>
      {error ? (
        <p role="alert" className="bg-bg px-4 py-2 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </section>
  );
}
