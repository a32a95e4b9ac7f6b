export interface LayoutProblem {
  kind: 'cut off' | 'off screen' | 'overlaps' | 'page scrolls sideways';
  what: string;
  other?: string;
}

/**
 * What the person sees on the page (or in the open dialog), checked in the page:
 * - "ink": the boxes of text as laid out (a Range's client rects of each text node, to their em box), of icons (svg, to
 *   their drawn part) and of the text of inputs and selects (their box less padding, one line tall), each cut to what
 *   its clipping ancestors leave visible;
 * - cut off: a text's ink reaching past an ancestor (itself included) that clips without scrolling sideways (overflow
 *   hidden or clip, an ellipsis, a vertical scroller), by more than 1 px; text in a box made to scroll sideways is
 *   reachable, not cut;
 * - off screen: ink past the screen's left or right edge outside any scrollable box;
 * - overlaps: two inks of different elements covering each other by more than 2 px both ways, or two controls
 *   (buttons, links, tabs, inputs, chips) whose boxes cover each other; compared within one layer only (the page, or
 *   one fixed or sticky bar), since content scrolls under a bar by design;
 * - page scrolls sideways: the document wider than the screen.
 */
export function inspectLayout(): LayoutProblem[] {
  const problems: { kind: string; what: string; other?: string }[] = [];
  const viewportWidth = document.documentElement.clientWidth;
  const dialogs = [...document.querySelectorAll<HTMLElement>('.MuiModal-root:not(.MuiModal-hidden)')];
  const root = dialogs.at(-1) ?? document.body;

  const describe = (element: Element) => {
    const label = element.getAttribute('aria-label') ?? element.textContent?.trim().replace(/\s+/g, ' ').slice(0, 40) ?? '';
    return `${element.tagName.toLowerCase()}${label ? ` "${label}"` : ''}`;
  };
  const hidden = (element: Element) => {
    for (let at: Element | null = element; at; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) < 0.05) return true;
      // A closed <details> lays out only its summary; the rest keeps its style but is not drawn.
      const folded = at.parentElement;
      if (folded instanceof HTMLDetailsElement && !folded.open && at.tagName !== 'SUMMARY') return true;
    }
    return false;
  };
  const layerOf = (element: Element): Element => {
    for (let at: Element | null = element; at && at !== root; at = at.parentElement) {
      const position = getComputedStyle(at).position;
      if (position === 'fixed' || position === 'sticky') return at;
    }
    return root;
  };
  type Box = { left: number; right: number; top: number; bottom: number };
  /** The part of `box` its ancestors let through, and whether a non-scrolling one cut some of it off sideways. */
  const visiblePart = (element: Element, box: Box): { box: Box | null; cutBy: Element | null; scrolls: boolean } => {
    // A DOMRect's sides are getters, which a spread would not copy.
    let shown: Box = { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
    let cutBy: Element | null = null;
    let scrolls = false;
    for (let at: Element | null = element; at && at !== document.documentElement; at = at.parentElement) {
      const style = getComputedStyle(at);
      const clipsX = style.overflowX !== 'visible';
      const clipsY = style.overflowY !== 'visible';
      if (!clipsX && !clipsY) continue;
      const edge = at.getBoundingClientRect();
      // Made to scroll sideways (a row of tabs or buttons), not a vertical scroller whose overflow-x is 'auto' only
      // because its overflow-y is: content running off a dialog's side is cut off, whatever a scroll gesture could do.
      const scrollsY = style.overflowY === 'auto' || style.overflowY === 'scroll';
      const scrollsX = (style.overflowX === 'auto' || style.overflowX === 'scroll') && !scrollsY;
      if (scrollsX) scrolls = true;
      if (clipsX && !scrollsX && !cutBy && (shown.left < edge.left - 1 || shown.right > edge.right + 1)) cutBy = at;
      if (clipsX) shown = { ...shown, left: Math.max(shown.left, edge.left), right: Math.min(shown.right, edge.right) };
      if (clipsY) shown = { ...shown, top: Math.max(shown.top, edge.top), bottom: Math.min(shown.bottom, edge.bottom) };
    }
    return { box: shown.right - shown.left > 0.5 && shown.bottom - shown.top > 0.5 ? shown : null, cutBy, scrolls };
  };

  const inks: { element: Element; box: Box; layer: Element }[] = [];
  const addInk = (element: Element, box: Box, text: boolean) => {
    const { box: shown, cutBy, scrolls } = visiblePart(element, box);
    if (text && cutBy) problems.push({ kind: 'cut off', what: describe(element), other: `by ${describe(cutBy)}` });
    if (!scrolls && (box.left < -1 || box.right > viewportWidth + 1)) problems.push({ kind: 'off screen', what: describe(element) });
    if (shown) inks.push({ element, box: shown, layer: layerOf(element) });
  };

  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!node.textContent?.trim() || !parent || hidden(parent) || parent.closest('svg, script, style, title')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    // A line's em box: its rect is the font's content area, about 17 % taller than the letters' em.
    for (const rect of range.getClientRects()) {
      const inset = rect.height * 0.07;
      if (rect.width > 0.5 && rect.height > 0.5) addInk(parent, { left: rect.left, right: rect.right, top: rect.top + inset, bottom: rect.bottom - inset }, true);
    }
  }
  for (const icon of root.querySelectorAll('svg')) {
    if (icon.parentElement?.closest('svg') || hidden(icon)) continue;
    // The drawn part: Material icons leave a twelfth of their box empty on each side.
    const rect = icon.getBoundingClientRect();
    const inset = Math.min(rect.width, rect.height) / 12;
    const drawn = { left: rect.left + inset, right: rect.right - inset, top: rect.top + inset, bottom: rect.bottom - inset };
    if (rect.width > 0.5 && rect.height > 0.5) addInk(icon, drawn, false);
  }
  // An input's text: one line of its font size, centred in its box less padding (its line box's leading is empty, and the
  // floating label of an outlined field sits in it by design); an empty one has none, its label standing in its place.
  // A native select always shows its chosen option's text.
  for (const input of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input:not([type=hidden]):not([aria-hidden=true]), textarea, select')) {
    const shows = input instanceof HTMLSelectElement ? input.selectedIndex >= 0 : input.value !== '';
    if (hidden(input) || !shows) continue;
    const rect = input.getBoundingClientRect();
    const style = getComputedStyle(input);
    const top = rect.top + parseFloat(style.paddingTop);
    const bottom = rect.bottom - parseFloat(style.paddingBottom);
    const fontSize = parseFloat(style.fontSize);
    const middle = (top + bottom) / 2;
    const lines = input instanceof HTMLTextAreaElement ? { top, bottom } : { top: middle - fontSize / 2, bottom: middle + fontSize / 2 };
    const box = { left: rect.left + parseFloat(style.paddingLeft), right: rect.right - parseFloat(style.paddingRight), ...lines };
    if (box.right - box.left > 0.5 && box.bottom - box.top > 0.5) addInk(input, box, false);
  }

  const covers = (a: Box, b: Box, by: number) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > by && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > by;
  const reported = new Set<string>();
  const overlap = (a: Element, b: Element) => {
    const key = `${describe(a)} / ${describe(b)}`;
    if (reported.has(key)) return;
    reported.add(key);
    problems.push({ kind: 'overlaps', what: describe(a), other: describe(b) });
  };
  for (let i = 0; i < inks.length; i += 1) {
    for (let j = i + 1; j < inks.length; j += 1) {
      const [a, b] = [inks[i], inks[j]];
      if (a.element === b.element || a.layer !== b.layer) continue;
      if (covers(a.box, b.box, 2)) overlap(a.element, b.element);
    }
  }
  const controls = [...root.querySelectorAll('button, a[href], [role=button], [role=tab], [role=combobox], .MuiChip-root, .MuiInputBase-root')].filter(
    (element) => !hidden(element) && !element.closest('[aria-hidden=true]'),
  );
  for (let i = 0; i < controls.length; i += 1) {
    for (let j = i + 1; j < controls.length; j += 1) {
      const [a, b] = [controls[i], controls[j]];
      if (a.contains(b) || b.contains(a) || layerOf(a) !== layerOf(b)) continue;
      const boxA = visiblePart(a, a.getBoundingClientRect()).box;
      const boxB = visiblePart(b, b.getBoundingClientRect()).box;
      if (boxA && boxB && covers(boxA, boxB, 2)) overlap(a, b);
    }
  }
  if (document.documentElement.scrollWidth > viewportWidth + 1) {
    problems.push({ kind: 'page scrolls sideways', what: `${document.documentElement.scrollWidth} px wide in ${viewportWidth} px` });
  }
  return problems as LayoutProblem[];
}

