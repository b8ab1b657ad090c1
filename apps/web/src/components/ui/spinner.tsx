import { cn } from './cn.ts';

export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block animate-spin rounded-full border-[3px] border-border border-t-accent',
        className ?? 'h-8 w-8',
      )}
    />
  );
}
