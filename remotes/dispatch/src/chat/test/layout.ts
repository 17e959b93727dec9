// jsdom lays nothing out: the virtualised list needs a viewport height, row heights and a
// scrollable element. These stubs give every element a 600 px viewport, 60 px rows and a scroll
// position that `scrollTo` moves and announces with a scroll event, like a browser.
export const VIEWPORT = 600;
export const ROW = 60;

const scrollTops = new WeakMap<Element, number>();

function maxScroll(el: Element): number {
  return Math.max(0, el.scrollHeight - el.clientHeight);
}

export function installLayout(): () => void {
  const proto = HTMLElement.prototype;
  const saved = ['clientHeight', 'clientWidth', 'offsetHeight', 'scrollHeight', 'scrollTop'].map(
    (name) => [name, Object.getOwnPropertyDescriptor(proto, name) ?? Object.getOwnPropertyDescriptor(Element.prototype, name)] as const,
  );
  const savedScrollTo = Element.prototype.scrollTo;
  Object.defineProperty(proto, 'clientHeight', { configurable: true, get: () => VIEWPORT });
  Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => 400 });
  Object.defineProperty(proto, 'offsetHeight', { configurable: true, get: () => ROW });
  Object.defineProperty(proto, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      const inner = this.firstElementChild as HTMLElement | null;
      return Math.max(VIEWPORT, inner ? parseFloat(inner.style.height) || 0 : 0);
    },
  });
  Object.defineProperty(proto, 'scrollTop', {
    configurable: true,
    get(this: HTMLElement) {
      return scrollTops.get(this) ?? 0;
    },
    set(this: HTMLElement, v: number) {
      scrollTops.set(this, Math.min(Math.max(0, v), maxScroll(this)));
    },
  });
  Element.prototype.scrollTo = function scrollTo(this: HTMLElement, arg?: ScrollToOptions | number, y?: number) {
    const top = typeof arg === 'number' ? (y ?? 0) : (arg?.top ?? this.scrollTop);
    this.scrollTop = top;
    // Browsers report a scroll later, never inside the call that scrolled.
    queueMicrotask(() => this.dispatchEvent(new Event('scroll')));
  };
  return () => {
    for (const [name, d] of saved) {
      if (d) Object.defineProperty(proto, name, d);
      else delete (proto as unknown as Record<string, unknown>)[name];
    }
    Element.prototype.scrollTo = savedScrollTo;
  };
}

/** Scrolls like a user: the position moves, then the scroll event fires. */
export function scrollElement(el: HTMLElement, top: number): void {
  el.scrollTop = top;
  el.dispatchEvent(new Event('scroll'));
}
