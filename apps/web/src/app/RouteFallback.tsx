import { t } from '../lib/i18n';

/**
 * Shown while the first screen's code loads (react-router's HydrateFallback): the same dots as index.html's boot
 * markup (its stylesheet lives there), so the page does not change until the screen can replace it. `contained`: in
 * the main layout's content area while a screen's code loads, instead of over the whole page.
 */
export function RouteFallback({ contained = false }: { contained?: boolean }) {
  return (
    <output className={contained ? 'boot boot-contained' : 'boot'} aria-label={t('common.loading')}>
      <div className="boot-dots">
        <i />
        <i />
        <i />
      </div>
    </output>
  );
}
