import { t } from '@/lib/i18n';

/**
 * The boot dots of index.html (its stylesheet lives there), saying 加载中 to assistive technology: over the whole
 * page while the first screen's code loads, or `contained` in a content area (a screen, a dialog's body).
 */
export function LoadingDots({ contained = false }: { contained?: boolean }) {
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
