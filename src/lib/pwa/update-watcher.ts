/**
 * How the page learns that a new version is ready, and how it switches to it. A new service worker
 * installs beside the old one and waits (src/service-worker.ts never skips waiting by itself); the
 * page offers a reload, then tells the waiting worker to take over and reloads once it controls the
 * page. Kept apart from the rune state so it can be tested with plain EventTargets.
 */

/** The message the service worker answers by calling skipWaiting(). */
export const SKIP_WAITING_MESSAGE = { type: 'SKIP_WAITING' } as const;

type Container = Pick<ServiceWorkerContainer, 'controller' | 'addEventListener' | 'removeEventListener'>;
type Registration = Pick<
  ServiceWorkerRegistration,
  'installing' | 'waiting' | 'addEventListener' | 'removeEventListener'
>;

/**
 * Calls `onUpdate` when a new version is ready for this page: a worker installed and waiting while
 * another controls the page, or another tab already switched the controller. Returns a stop function.
 */
export function watchForUpdates(
  registration: Registration,
  container: Container,
  onUpdate: () => void
): () => void {
  // A page's first install claims it too; only a change from one controller to another is an update.
  let hadController = container.controller !== null;
  const check = () => {
    if (registration.waiting && container.controller) onUpdate();
  };
  const track = (worker: ServiceWorker | null) => {
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') check();
    });
  };
  const onUpdateFound = () => track(registration.installing);
  const onControllerChange = () => {
    if (hadController) onUpdate();
    hadController = true;
  };
  registration.addEventListener('updatefound', onUpdateFound);
  container.addEventListener('controllerchange', onControllerChange);
  track(registration.installing);
  check();
  return () => {
    registration.removeEventListener('updatefound', onUpdateFound);
    container.removeEventListener('controllerchange', onControllerChange);
  };
}

/**
 * Switches to the new version: asks the waiting worker to take over and reloads once it controls the
 * page; with no waiting worker (another tab already switched), reloads at once.
 */
export function activateUpdate(
  registration: Pick<Registration, 'waiting'>,
  container: Container,
  reload: () => void
): void {
  const waiting = registration.waiting;
  if (!waiting) {
    reload();
    return;
  }
  container.addEventListener('controllerchange', () => reload(), { once: true });
  waiting.postMessage(SKIP_WAITING_MESSAGE);
}
