import { describe, expect, it } from 'vitest';
import { browserOf } from './user-agent';

const UA = {
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  headless:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/138.0.7204.92 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  firefox: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
  iosChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  wechat:
    'Mozilla/5.0 (Linux; Android 13; V2049A) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F35) WeChat/arm64',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Safari/537.36 OPR/105.0.0.0',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
};

describe('browserOf', () => {
  it.each([
    [UA.chrome, 'Chrome 131'],
    [UA.headless, 'Chrome 138'],
    [UA.edge, 'Edge 120'],
    [UA.firefox, 'Firefox 128'],
    [UA.safari, 'Safari 17'],
    [UA.iosChrome, 'Chrome 124'],
    [UA.wechat, '微信 8'],
    [UA.opera, 'Opera 105'],
    [UA.ie11, 'IE 11'],
  ])('shortens %s to %s', (ua, expected) => {
    expect(browserOf(ua)).toBe(expected);
  });

  it('names other clients by their first product token', () => {
    expect(browserOf('curl/8.5.0')).toBe('curl');
    expect(browserOf('node')).toBe('node');
  });

  it('says 未知 when there is nothing to go by', () => {
    expect(browserOf(null)).toBe('未知');
    expect(browserOf(undefined)).toBe('未知');
    expect(browserOf('   ')).toBe('未知');
    expect(browserOf('Mozilla/5.0 (compatible; SomethingElse)')).toBe('未知');
  });
});
