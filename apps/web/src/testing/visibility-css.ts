/**
 * The declarations of a style sheet that decide what a component test can see: whether an element is shown
 * (`display`, `visibility`, `opacity`, `content-visibility`), whether it takes clicks (`pointer-events`) and
 * which of two overlapping layers is on top (`z-index`).
 *
 * happy-dom computes an element's style by matching it against every rule of every sheet, and Testing Library
 * asks for the style of an element and each of its ancestors whenever a role query decides whether it is
 * hidden. antd writes several thousand rules into a screen's document; nearly all of them set colours, sizes and
 * spacing that happy-dom does not lay out and no unit test reads. Matching only the rules that carry these
 * declarations keeps every visibility answer the same and takes a third off a screen test's time
 * (docs/testing.md, rule 7). What is drawn is checked in Chromium by the E2E tests' screenshots.
 */
const SEEN = new Set(['display', 'visibility', 'opacity', 'content-visibility', 'pointer-events', 'z-index']);

/** The index just past the block that opens at `open` (a `{`), skipping strings and nested blocks. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") {
      i = stringEnd(css, i);
    } else if (c === '{') {
      depth++;
    } else if (c === '}') {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return css.length;
}

/** The index of the quote that closes the string opening at `start`. */
function stringEnd(css: string, start: number): number {
  const quote = css[start];
  for (let i = start + 1; i < css.length; i++) {
    if (css[i] === '\\') i++;
    else if (css[i] === quote) return i;
  }
  return css.length;
}

/** Splits declarations on the semicolons outside strings and parentheses. */
function declarations(body: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '"' || c === "'") i = stringEnd(body, i);
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ';' && depth === 0) {
      out.push(body.slice(start, i));
      start = i + 1;
    }
  }
  out.push(body.slice(start));
  return out;
}

const comments = /\/\*[\s\S]*?\*\//g;

/** The index of the next `{` outside strings, or -1. */
function nextOpen(css: string, from: number): number {
  for (let i = from; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") i = stringEnd(css, i);
    else if (c === '{') return i;
  }
  return -1;
}

/** `css` with only the rules, and in them only the declarations, that decide visibility, clicks and stacking. */
export function visibilityCss(css: string): string {
  const source = css.replace(comments, '');
  let out = '';
  let i = 0;
  while (i < source.length) {
    const open = nextOpen(source, i);
    if (open === -1) break;
    const prelude = source.slice(i, open).trim();
    const end = blockEnd(source, open);
    const body = source.slice(open + 1, end - 1);
    i = end;
    // A statement at-rule before the block (`@import …;`, `@charset …;`) is not kept.
    const head = prelude.slice(prelude.lastIndexOf(';') + 1).trim();
    if (head.startsWith('@media') || head.startsWith('@supports') || head.startsWith('@layer')) {
      const inner = visibilityCss(body);
      if (inner) out += `${head}{${inner}}`;
    } else if (!head.startsWith('@')) {
      const kept = declarations(body).filter((declaration) => {
        const colon = declaration.indexOf(':');
        return colon > 0 && SEEN.has(declaration.slice(0, colon).trim().toLowerCase());
      });
      if (kept.length > 0) out += `${head}{${kept.map((d) => d.trim()).join(';')}}`;
    }
    // Other at-rules (@keyframes, @font-face) set nothing a test reads.
  }
  return out;
}
