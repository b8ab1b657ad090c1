import type { ReactNode } from 'react';

/** A titled card on a settings tab. */
export function SettingsSection({
  title,
  description,
  children,
  danger = false,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  danger?: boolean;
}) {
  return (
    <section className={`rounded-2xl border p-5 sm:p-6 ${danger ? 'border-danger/40' : 'border-border'} bg-surface`}>
      <h2 className={`text-lg font-semibold ${danger ? 'text-danger' : ''}`}>{title}</h2>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
