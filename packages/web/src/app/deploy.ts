/**
 * Detects a new deployment: the entry script of the served index.html changes with every build
 * (content-hashed file names). Checked every 5 minutes and when the tab becomes visible again.
 */
const CHECK_EVERY_MS = 5 * 60_000;

function entryOf(html: string): string | null {
  return /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html)?.[1] ?? null;
}

export function startDeployWatch(onNewBuild: () => void): () => void {
  const current = document
    .querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]')
    ?.getAttribute('src');
  // The dev server has no hashed entry: nothing to compare.
  if (!current) return () => undefined;
  let announced = false;
  const check = async () => {
    if (announced) return;
    try {
      const res = await fetch('/', { cache: 'no-store', headers: { Accept: 'text/html' } });
      const served = entryOf(await res.text());
      if (served && served !== current) {
        announced = true;
        onNewBuild();
      }
    } catch {
      // Offline or server restarting: try again later.
    }
  };
  const timer = setInterval(check, CHECK_EVERY_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void check();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
