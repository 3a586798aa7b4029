import { describe, expect, it, vi } from 'vitest';
import { activateUpdate, SKIP_WAITING_MESSAGE, watchForUpdates } from './update-watcher';

class FakeServiceWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  posted: unknown[] = [];
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeServiceWorker | null = null;
  waiting: FakeServiceWorker | null = null;
  /** A new version starts installing. */
  find(worker: FakeServiceWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
  /** The installing worker finishes installing and waits. */
  install(worker: FakeServiceWorker) {
    this.installing = null;
    this.waiting = worker;
    worker.become('installed');
  }
}

class FakeContainer extends EventTarget {
  constructor(public controller: FakeServiceWorker | null) {
    super();
  }
  switchTo(worker: FakeServiceWorker) {
    this.controller = worker;
    this.dispatchEvent(new Event('controllerchange'));
  }
}

// The fakes carry only what the watcher reads.
type Reg = Parameters<typeof watchForUpdates>[0];
type Con = Parameters<typeof watchForUpdates>[1];

function setup(controller: FakeServiceWorker | null) {
  const registration = new FakeRegistration();
  const container = new FakeContainer(controller);
  const onUpdate = vi.fn();
  const stop = watchForUpdates(registration as unknown as Reg, container as unknown as Con, onUpdate);
  return { registration, container, onUpdate, stop };
}

describe('watchForUpdates', () => {
  it('reports an update when a new worker installs while an old one controls the page', () => {
    const { registration, onUpdate } = setup(new FakeServiceWorker());
    const next = new FakeServiceWorker();
    registration.find(next);
    expect(onUpdate).not.toHaveBeenCalled();
    registration.install(next);
    expect(onUpdate).toHaveBeenCalledOnce();
  });

  it('does not report the first install of a page no worker controlled', () => {
    const { registration, container, onUpdate } = setup(null);
    const first = new FakeServiceWorker();
    registration.find(first);
    registration.install(first);
    container.switchTo(first);
    expect(onUpdate).not.toHaveBeenCalled();
  });

  it('reports an update already waiting when the page loads', () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeServiceWorker();
    const onUpdate = vi.fn();
    watchForUpdates(
      registration as unknown as Reg,
      new FakeContainer(new FakeServiceWorker()) as unknown as Con,
      onUpdate
    );
    expect(onUpdate).toHaveBeenCalledOnce();
  });

  it('reports an update when another tab switched the controller', () => {
    const { container, onUpdate } = setup(new FakeServiceWorker());
    container.switchTo(new FakeServiceWorker());
    expect(onUpdate).toHaveBeenCalledOnce();
  });

  it('stops reporting once stopped', () => {
    const { container, onUpdate, stop } = setup(new FakeServiceWorker());
    stop();
    container.switchTo(new FakeServiceWorker());
    expect(onUpdate).not.toHaveBeenCalled();
  });
});

describe('activateUpdate', () => {
  it('asks the waiting worker to take over and reloads once it controls the page', () => {
    const waiting = new FakeServiceWorker();
    const container = new FakeContainer(new FakeServiceWorker());
    const reload = vi.fn();
    activateUpdate({ waiting } as unknown as Reg, container as unknown as Con, reload);
    expect(waiting.posted).toEqual([SKIP_WAITING_MESSAGE]);
    expect(reload).not.toHaveBeenCalled();
    container.switchTo(waiting);
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads at once when no worker is waiting', () => {
    const reload = vi.fn();
    activateUpdate({ waiting: null } as unknown as Reg, new FakeContainer(null) as unknown as Con, reload);
    expect(reload).toHaveBeenCalledOnce();
  });
});
