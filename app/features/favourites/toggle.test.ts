import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FAVOURITE_DELAY_MS } from "~/features/favourites/constants";
import { createFavouriteToggle } from "./toggle";

function setup(initial = false, result: boolean | (() => Promise<boolean>) = true) {
  const commit = vi.fn(async (_favourite: boolean) => (typeof result === "function" ? result() : result));
  const toggle = createFavouriteToggle({ initial, delayMs: FAVOURITE_DELAY_MS, commit });
  return { toggle, commit };
}

describe("favourite toggle (1 s delay, a new action cancels the pending one)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("applies a change only after the delay", async () => {
    const { toggle, commit } = setup(false);
    toggle.toggle();
    expect(toggle.state()).toEqual({ isFavourite: true, pending: true, saving: false });
    await vi.advanceTimersByTimeAsync(FAVOURITE_DELAY_MS - 1);
    expect(commit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(commit).toHaveBeenCalledExactlyOnceWith(true);
    expect(toggle.state()).toEqual({ isFavourite: true, pending: false, saving: false });
  });

  it("cancels the pending change when the user acts again within the delay", async () => {
    const { toggle, commit } = setup(false);
    toggle.toggle();
    await vi.advanceTimersByTimeAsync(500);
    toggle.toggle();
    expect(toggle.state()).toEqual({ isFavourite: false, pending: false, saving: false });
    await vi.advanceTimersByTimeAsync(5 * FAVOURITE_DELAY_MS);
    expect(commit).not.toHaveBeenCalled();
  });

  it("restarts the delay from the latest action", async () => {
    const { toggle, commit } = setup(true);
    toggle.toggle(); // remove
    await vi.advanceTimersByTimeAsync(900);
    toggle.toggle(); // cancel
    await vi.advanceTimersByTimeAsync(900);
    toggle.toggle(); // remove again: a fresh second starts now
    await vi.advanceTimersByTimeAsync(900);
    expect(commit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(commit).toHaveBeenCalledExactlyOnceWith(false);
  });

  it("shows the saved state again when the server refuses", async () => {
    const { toggle, commit } = setup(false, false);
    toggle.toggle();
    await vi.advanceTimersByTimeAsync(FAVOURITE_DELAY_MS);
    expect(commit).toHaveBeenCalledOnce();
    expect(toggle.state().isFavourite).toBe(false);
  });

  it("applies an action made while a save is in flight once that save ends", async () => {
    let finish: (ok: boolean) => void = () => {};
    const { toggle, commit } = setup(false, () => new Promise<boolean>((resolve) => (finish = resolve)));
    toggle.toggle();
    await vi.advanceTimersByTimeAsync(FAVOURITE_DELAY_MS);
    expect(toggle.state().saving).toBe(true);
    toggle.toggle(); // the user takes it back while the add is being saved
    finish(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(commit).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(FAVOURITE_DELAY_MS);
    expect(commit).toHaveBeenCalledTimes(2);
    expect(commit).toHaveBeenLastCalledWith(false);
  });

  it("sends nothing after dispose", async () => {
    const { toggle, commit } = setup(false);
    toggle.toggle();
    toggle.dispose();
    await vi.advanceTimersByTimeAsync(5 * FAVOURITE_DELAY_MS);
    expect(commit).not.toHaveBeenCalled();
  });
});
