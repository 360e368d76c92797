// WCAG 2 contrast of every visible piece of text on the page against the background it sits
// on (the first opaque background up the tree). Runs inside the page.
export interface ContrastProblem {
  text: string;
  ratio: number;
  needed: number;
  color: string;
  background: string;
}

export function findContrastProblems(): ContrastProblem[] {
  const parse = (c: string): [number, number, number, number] => {
    const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(c);
    return m ? [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])] : [0, 0, 0, 0];
  };
  const luminance = ([r, g, b]: [number, number, number, number]): number => {
    const ch = (v: number): number => {
      const s = v / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
  };
  const backgroundOf = (el: Element | null): string => {
    for (let e = el; e; e = e.parentElement) {
      const bg = getComputedStyle(e).backgroundColor;
      if (parse(bg)[3] >= 0.99) return bg;
    }
    return getComputedStyle(document.documentElement).backgroundColor;
  };
  const problems: ContrastProblem[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    const text = (node.textContent ?? '').trim();
    if (
      !el ||
      text === '' ||
      el.closest('[aria-hidden="true"], .visually-hidden, [role="tooltip"], button:disabled') !== null
    )
      continue;
    const rect = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (rect.width === 0 || rect.height === 0 || style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
    const isSvg = el instanceof SVGElement;
    const color = isSvg ? (el.getAttribute('fill') ?? style.fill) : style.color;
    const fg = parse(color.startsWith('#') ? hexToRgb(color) : color);
    const bgText = backgroundOf(el);
    const l1 = luminance(fg);
    const l2 = luminance(parse(bgText));
    const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
    const size = parseFloat(style.fontSize);
    const bold = Number(style.fontWeight) >= 700;
    const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    if (ratio < needed)
      problems.push({
        text: text.slice(0, 40),
        ratio: Math.round(ratio * 100) / 100,
        needed,
        color,
        background: bgText,
      });
  }
  return problems;

  function hexToRgb(hex: string): string {
    const h = hex.replace('#', '');
    const n = parseInt(
      h.length === 3
        ? h
            .split('')
            .map((c) => c + c)
            .join('')
        : h,
      16,
    );
    return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
  }
}
