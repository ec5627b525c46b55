/** An IntersectionObserver the test moves: `scrollNear()` tells every observer its element is near the screen. */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed: Element[] = [];
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  unobserve() {}
  disconnect() {
    this.observed.length = 0;
  }
  takeRecords() {
    return [];
  }
  static scrollNear() {
    for (const observer of FakeIntersectionObserver.instances) {
      const entries = observer.observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
      if (entries.length > 0) observer.callback(entries, observer as unknown as IntersectionObserver);
    }
  }
}
