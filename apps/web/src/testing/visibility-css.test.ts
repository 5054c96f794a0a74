import { describe, expect, it } from 'vitest';
import { visibilityCss } from './visibility-css';

describe('visibilityCss', () => {
  it('keeps the declarations that decide what is seen, clicked and on top, and drops the rest', () => {
    const css =
      '.a{color:red;display:none;margin:0}.b{font-size:12px}.c{visibility:hidden}.d{z-index:1000;Opacity:0;pointer-events:none}';
    expect(visibilityCss(css)).toBe(
      '.a{display:none}.c{visibility:hidden}.d{z-index:1000;Opacity:0;pointer-events:none}',
    );
  });

  it('keeps media and supports blocks with what they hold, and drops keyframes, font faces and comments', () => {
    const css =
      '/* x{display:none} */@media (max-width: 575px){.a{display:none;color:red}.b{color:blue}}' +
      '@media print{.c{color:red}}@keyframes spin{from{opacity:0}to{opacity:1}}' +
      '@font-face{font-family:x;src:url(x.woff)}@supports (display:grid){.d{display:grid}}';
    expect(visibilityCss(css)).toBe(
      '@media (max-width: 575px){.a{display:none}}@supports (display:grid){.d{display:grid}}',
    );
  });

  it('reads selectors and values with braces, semicolons and quotes inside strings', () => {
    const css =
      '.a[data-x="}{"]{content:";{";display:inline-block}.b{background:url("data:image/svg+xml;utf8,<svg>")}' +
      '.c{display:flex;background:url(data:image/png;base64,AAA)}';
    expect(visibilityCss(css)).toBe('.a[data-x="}{"]{display:inline-block}.c{display:flex}');
  });

  it('keeps the selector whole when it lists several', () => {
    expect(visibilityCss('.a,\n.b > .c:not(.d){display:none;color:red}')).toBe('.a,\n.b > .c:not(.d){display:none}');
  });
});
