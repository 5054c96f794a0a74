import { t } from '../lib/i18n';

/**
 * Shown while the first screen's code loads (react-router's HydrateFallback): the same dots as index.html's boot
 * markup (its stylesheet lives there), so the page does not change until the screen can replace it.
 */
export function RouteFallback() {
  return (
    <output className="boot" aria-label={t('common.loading')}>
      <div className="boot-dots">
        <i />
        <i />
        <i />
      </div>
    </output>
  );
}
