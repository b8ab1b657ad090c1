import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/ui/button.tsx';
import { useTheme } from '../../lib/theme/theme-provider.tsx';

export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? t('preferences.useLight') : t('preferences.useDark');
  return (
    <button
      type="button"
      onClick={toggleTheme}
      className={buttonClass('ghost', 'icon')}
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
    >
      {theme === 'dark' ? (
        <Sun className="h-5 w-5" aria-hidden="true" />
      ) : (
        <Moon className="h-5 w-5" aria-hidden="true" />
      )}
    </button>
  );
}
