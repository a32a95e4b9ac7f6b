import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { lazy } from 'react';
import { NEAR_MARGIN_PX, WhenNear } from './WhenNear';

/** jsdom has no layout: each test says where the placeholder and the focused button are, and when the page scrolls. */
let observed: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; element?: Element; disconnected: boolean }[] = [];
class FakeIntersectionObserver {
  private readonly entry: (typeof observed)[number];
  constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
    this.entry = { callback, options, disconnected: false };
    observed.push(this.entry);
  }
  observe(element: Element) {
    this.entry.element = element;
  }
  disconnect() {
    this.entry.disconnected = true;
  }
}

function scrollNear(isIntersecting: boolean) {
  act(() => {
    for (const { callback, element, disconnected } of observed) {
      if (element && !disconnected) callback([{ isIntersecting, target: element } as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  });
}

function at(element: Element, top: number, height: number) {
  element.getBoundingClientRect = () => ({ top, bottom: top + height }) as DOMRect;
}

function Section() {
  return (
    <section aria-label="Symptom Check">
      <button type="button">Bloating</button>
    </section>
  );
}

function Page() {
  return (
    <>
      <button type="button">View all</button>
      <WhenNear label="Symptom Check" height={384}>
        <Section />
      </WhenNear>
    </>
  );
}

const placeholder = () => screen.getByRole('region', { name: 'Symptom Check' });

beforeEach(() => {
  observed = [];
  Object.assign(globalThis, { IntersectionObserver: FakeIntersectionObserver });
});
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(globalThis, 'IntersectionObserver');
});

describe('WhenNear: a below-the-fold section loads when the page comes near it', () => {
  it('holds the section’s place with an outline of its height, named, until the page scrolls within the margin of it', () => {
    render(<Page />);
    expect(placeholder().getAttribute('aria-busy')).toBe('true');
    expect(getComputedStyle(placeholder().firstElementChild as Element).height).toBe('384px');
    expect(screen.queryByRole('button', { name: 'Bloating' })).toBeNull();
    expect(observed[0]?.options?.rootMargin).toBe(`0px 0px ${NEAR_MARGIN_PX}px 0px`);

    scrollNear(false);
    expect(screen.queryByRole('button', { name: 'Bloating' })).toBeNull();
    scrollNear(true);
    expect(screen.getByRole('button', { name: 'Bloating' })).toBeTruthy();
    expect(placeholder().getAttribute('aria-busy')).toBeNull();
    expect(observed[0]?.disconnected).toBe(true);
  });

  it('loads it when focus moves to something just above it, not when focus is far above or below it', () => {
    render(<Page />);
    const viewAll = screen.getByRole('button', { name: 'View all' });
    at(placeholder(), 1200, 384);

    at(viewAll, 600, 40);
    fireEvent.focusIn(viewAll);
    expect(screen.queryByRole('button', { name: 'Bloating' })).toBeNull();
    at(viewAll, 1700, 40);
    fireEvent.focusIn(viewAll);
    expect(screen.queryByRole('button', { name: 'Bloating' })).toBeNull();

    at(viewAll, 1200 - NEAR_MARGIN_PX + 10 - 40, 40);
    fireEvent.focusIn(viewAll);
    expect(screen.getByRole('button', { name: 'Bloating' })).toBeTruthy();
  });

  it('keeps the placeholder while a lazy section’s code arrives', async () => {
    let arrive: (module: { default: typeof Section }) => void = () => undefined;
    const Lazy = lazy(() => new Promise<{ default: typeof Section }>((resolve) => (arrive = resolve)));
    render(
      <WhenNear label="Symptom Check" height={384}>
        <Lazy />
      </WhenNear>,
    );
    scrollNear(true);
    expect(placeholder().getAttribute('aria-busy')).toBe('true');
    await act(async () => arrive({ default: Section }));
    expect(screen.getByRole('button', { name: 'Bloating' })).toBeTruthy();
  });

  it('renders the section at once where the browser has no IntersectionObserver', () => {
    Reflect.deleteProperty(globalThis, 'IntersectionObserver');
    render(<Page />);
    expect(screen.getByRole('button', { name: 'Bloating' })).toBeTruthy();
  });
});
