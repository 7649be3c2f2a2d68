/**
 * The favourite button's timing rule (docs/domain.md): a change applies after FAVOURITE_DELAY_MS, and a
 * new action within that time cancels the pending one. Pressing twice within the delay therefore sends
 * nothing; pressing three times sends one change. A change that would leave the saved state as it is is
 * not sent. Pure and timer-injectable, so it is tested with fake timers.
 */
type Timers = {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

export type ToggleState = { isFavourite: boolean; pending: boolean; saving: boolean };

export type FavouriteToggleOptions = {
  /** Whether the item is a favourite as the server last said. */
  initial: boolean;
  delayMs: number;
  /** Sends the change; resolves true when the server applied it. */
  commit: (favourite: boolean) => Promise<boolean>;
  onChange?: (state: ToggleState) => void;
  timers?: Timers;
};

export function createFavouriteToggle(options: FavouriteToggleOptions) {
  const timers: Timers = options.timers ?? {
    setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  let saved = options.initial;
  let wanted = options.initial;
  let timer: unknown = null;
  let saving = false;
  let disposed = false;

  const state = (): ToggleState => ({ isFavourite: wanted, pending: timer !== null, saving });
  const emit = () => {
    if (!disposed) options.onChange?.(state());
  };

  function schedule() {
    if (timer !== null) {
      timers.clearTimeout(timer);
      timer = null;
    }
    // Back where the server is (a cancelled change), or a save is under way and will reschedule: wait.
    if (wanted === saved || saving) return;
    timer = timers.setTimeout(fire, options.delayMs);
  }

  async function fire() {
    timer = null;
    if (wanted === saved || disposed) return emit();
    const target = wanted;
    saving = true;
    emit();
    let ok = false;
    try {
      ok = await options.commit(target);
    } catch {
      ok = false;
    }
    saving = false;
    if (ok) saved = target;
    else if (wanted === target) wanted = saved; // the change failed: show the saved state again
    // The user acted while the save was in flight: apply their latest wish after the delay.
    schedule();
    emit();
  }

  return {
    /** The user pressed the button. */
    toggle() {
      wanted = !wanted;
      schedule();
      emit();
    },
    /** The server's view changed (e.g. a reload); only taken when nothing is pending. */
    sync(favourite: boolean) {
      if (timer !== null || saving) return;
      saved = favourite;
      wanted = favourite;
      emit();
    },
    state,
    dispose() {
      disposed = true;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
    },
  };
}
