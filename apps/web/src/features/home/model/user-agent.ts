import { t } from '@/lib/i18n';

/** Browsers in the order they must be tested: Edge, Opera and the Chinese in-app browsers also say "Chrome". */
const BROWSERS: ReadonlyArray<[name: string, pattern: RegExp]> = [
  [t('home.browser.wechat'), /MicroMessenger\/(\d+)/],
  [t('home.browser.qq'), /MQQBrowser\/(\d+)|QQBrowser\/(\d+)/],
  [t('home.browser.uc'), /UCBrowser\/(\d+)/],
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /OPR\/(\d+)|Opera\/(\d+)/],
  ['Samsung Internet', /SamsungBrowser\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:HeadlessChrome|Chrome|CriOS|Chromium)\/(\d+)/],
  ['Safari', /Version\/(\d+)(?:\.\d+)*.*Safari\//],
  ['IE', /MSIE (\d+)|Trident\/.*rv:(\d+)/],
];

/**
 * A user agent shortened to the browser and its major version ('Chrome 131', 'Safari 17', '微信 8'); other
 * clients by their first product token ('curl', 'node'); nothing known as '未知'.
 */
export function browserOf(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim() ?? '';
  if (ua === '') return t('home.browser.unknown');
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) {
      const version = match.slice(1).find((group) => group !== undefined);
      return version ? `${name} ${version}` : name;
    }
  }
  if (/^Mozilla\//.test(ua)) return t('home.browser.unknown');
  const product = /^[A-Za-z][\w.-]*/.exec(ua)?.[0];
  return product ? product.slice(0, 24) : t('home.browser.unknown');
}
