/**
 * The watchdog over running plugins: a heartbeat that finds a plugin which stopped answering, and
 * the decision of what to do about it.
 *
 * Chromium runs every sandboxed plugin frame of the app's site in ONE renderer process (apart from
 * the app's own), and each plugin's code in a worker of its frame. So two failures look alike from
 * the host (the heartbeat `ping` goes unanswered) but differ below:
 * - a plugin that spins (or computes for seconds on end) blocks only its worker: its frame still
 *   answers the liveness probe, the other plugins answer their pings. That plugin alone is stopped.
 * - a plugin that blows its memory crashes the shared process: every frame stops answering at once.
 *   The plugins that were busy then (starting, or running a tool or renderer) are the suspects;
 *   they are stopped and the others, innocent, are started again in a fresh process. With no way to
 *   tell (nobody busy, or everybody), all are restarted, and a plugin whose sandbox crashed
 *   CRASH_LIMIT times within CRASH_WINDOW_MS is stopped.
 */

/** How often each running plugin is pinged. */
export const HEARTBEAT_INTERVAL_MS = 1_000;
/** How long a ping may wait: a plugin whose code runs this long without a break is stopped. */
export const HEARTBEAT_TIMEOUT_MS = 5_000;
/** Crashes of the sandbox a plugin may be part of, within the window, before it stays stopped. */
export const CRASH_LIMIT = 2;
export const CRASH_WINDOW_MS = 120_000;

/** A running plugin as the watchdog sees it. */
export interface Watched {
  id: string;
  name: string;
  /** The heartbeat: resolves when the plugin's runtime answers, rejects on its deadline. */
  ping(timeoutMs: number): Promise<unknown>;
  /** Whether the plugin's frame (not its worker) still answers. */
  probe(): Promise<boolean>;
  /** What the plugin is doing now, in words ("running the tool x"); empty when idle. */
  work(): string[];
}

/** What the watchdog does to plugins (the host implements it). */
export interface WatchdogActions {
  running(): Watched[];
  /** Stops the plugin and shows why; the plugin stays installed and switched on. */
  halt(id: string, reason: string): Promise<void>;
  /** Stops and starts the plugin again, telling the user why. */
  restart(id: string, why: string): Promise<void>;
}

/** Options of the watchdog (tests shorten the times). */
export interface WatchdogOptions {
  intervalMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

/** Pings running plugins and deals with the ones that stop answering. */
export class PluginWatchdog {
  readonly #intervalMs: number;
  readonly #timeoutMs: number;
  readonly #now: () => number;
  #timer: ReturnType<typeof setInterval> | undefined;
  readonly #pinging = new Set<string>();
  /** A recovery in progress: the failures it finds are handled there, once. */
  #recovering: Promise<void> | undefined;
  readonly #crashes = new Map<string, number[]>();

  constructor(
    private readonly actions: WatchdogActions,
    options: WatchdogOptions = {}
  ) {
    this.#intervalMs = options.intervalMs ?? HEARTBEAT_INTERVAL_MS;
    this.#timeoutMs = options.timeoutMs ?? HEARTBEAT_TIMEOUT_MS;
    this.#now = options.now ?? Date.now;
  }

  /** Starts pinging (idempotent); stops by itself when no plugin runs. */
  wake(): void {
    this.#timer ??= setInterval(() => this.#beat(), this.#intervalMs);
  }

  /** Stops pinging. */
  sleep(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  #beat(): void {
    const running = this.actions.running();
    if (running.length === 0) return this.sleep();
    for (const plugin of running) {
      if (this.#pinging.has(plugin.id)) continue;
      this.#pinging.add(plugin.id);
      plugin.ping(this.#timeoutMs).then(
        () => this.#pinging.delete(plugin.id),
        () => {
          this.#pinging.delete(plugin.id);
          // A ping refused because the plugin stopped meanwhile is no failure.
          if (this.actions.running().some((p) => p.id === plugin.id)) void this.check(plugin);
        }
      );
    }
  }

  /** Handles a plugin that missed its heartbeat (exposed for tests). */
  check(plugin: Watched): Promise<void> {
    this.#recovering ??= this.#recover(plugin).finally(() => (this.#recovering = undefined));
    return this.#recovering;
  }

  async #recover(first: Watched): Promise<void> {
    if (await first.probe()) {
      const limit =
        this.#timeoutMs >= 1000 ? `${Math.round(this.#timeoutMs / 1000)} s` : `${this.#timeoutMs} ms`;
      const doing = first.work();
      await this.actions.halt(
        first.id,
        `not responding: its code ran for more than ${limit} without a break${doing.length ? ` while ${doing.join(' and ')}` : ''}.`
      );
      return;
    }
    // The frame is gone too: the sandbox process crashed, and with it every plugin frame.
    const running = this.actions.running();
    const alive = await Promise.all(
      running.map((plugin) => (plugin.id === first.id ? false : plugin.probe()))
    );
    const dead = running.filter((_, i) => !alive[i]);
    const busy = dead.filter((plugin) => plugin.work().length > 0);
    const blamed = busy.length > 0 && busy.length < dead.length ? busy : dead.length === 1 ? dead : [];
    for (const plugin of blamed) {
      const doing = plugin.work();
      await this.actions.halt(
        plugin.id,
        `its sandbox crashed, most likely out of memory${doing.length ? `, while ${doing.join(' and ')}` : ''}.`
      );
    }
    const names = blamed.map((plugin) => plugin.name).join(', ');
    for (const plugin of dead.filter((p) => !blamed.includes(p))) {
      if (blamed.length === 0 && this.#crashedTooOften(plugin.id)) {
        await this.actions.halt(
          plugin.id,
          `its sandbox crashed ${CRASH_LIMIT} times within ${CRASH_WINDOW_MS / 60_000} minutes (the cause could not be told apart from the other plugins); switch it off and on to try again.`
        );
      } else {
        await this.actions.restart(
          plugin.id,
          `was restarted: the plugin sandbox crashed${names ? ` because of ${names}` : ''}.`
        );
      }
    }
  }

  #crashedTooOften(id: string): boolean {
    const now = this.#now();
    const times = (this.#crashes.get(id) ?? []).filter((t) => now - t < CRASH_WINDOW_MS);
    times.push(now);
    this.#crashes.set(id, times);
    return times.length >= CRASH_LIMIT;
  }
}
