// Starts the home page's app entry (data-entry) after the shell's first paint: docs/decisions/007-home-bundle-budget.md.
(() => {
  const entry = document.currentScript?.dataset.entry;
  let script;
  const start = () =>
    script ||
    document.body.append(
      (script = Object.assign(document.createElement('script'), { type: 'module', src: entry })),
    );
  const FCP = 'first-contentful-paint';
  // Whatever happens to the paint, the app starts within 3 s.
  setTimeout(start, 3000);
  const afterPaint = () => {
    if (document.visibilityState === 'hidden') return start();
    if (
      performance.getEntriesByName(FCP).length ||
      !PerformanceObserver.supportedEntryTypes?.includes('paint')
    )
      return requestAnimationFrame(() => setTimeout(start));
    // Reported once its frame has been shown.
    new PerformanceObserver((list) => list.getEntriesByName(FCP).length && start()).observe({
      type: 'paint',
    });
  };
  const hero = document.querySelector('#root img');
  if (!hero || hero.complete) return afterPaint();
  hero.addEventListener('load', afterPaint);
  hero.addEventListener('error', afterPaint);
  document.addEventListener('visibilitychange', start);
})();
