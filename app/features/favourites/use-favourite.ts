import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { FAVOURITE_DELAY_MS } from "~/features/favourites/constants";
import { COPY } from "~/lib/copy";
import { notify } from "~/lib/toast";
import { FAVOURITE_API, type FavouriteKind, favouriteToast } from "./kinds";
import { createFavouriteToggle, type ToggleState } from "./toggle";

/**
 * A favourite button's state in the browser: the change is sent to the JSON API after FAVOURITE_DELAY_MS,
 * and pressing again within that time cancels it (./toggle.ts). Toasts show the server's message.
 */
export function useFavourite(kind: FavouriteKind, id: string, initial: boolean, loginPath: string) {
  const [state, setState] = useState<ToggleState>({ isFavourite: initial, pending: false, saving: false });
  const toggleRef = useRef<ReturnType<typeof createFavouriteToggle> | null>(null);
  const navigate = useNavigate();
  const loginRef = useRef(loginPath);
  loginRef.current = loginPath;

  // biome-ignore lint/correctness/useExhaustiveDependencies: one toggle per item; `initial` is synced below.
  useEffect(() => {
    const toggle = createFavouriteToggle({
      initial,
      delayMs: FAVOURITE_DELAY_MS,
      onChange: setState,
      commit: async (favourite) => {
        const response = await fetch(FAVOURITE_API[kind][favourite ? "add" : "remove"], {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ id }),
        });
        if (response.status === 401) {
          navigate(loginRef.current);
          return false;
        }
        const body = (await response.json().catch(() => null)) as { message?: string } | null;
        if (!response.ok) {
          notify({ kind: "error", message: body?.message ?? COPY.generic });
          return false;
        }
        const toast = favouriteToast(kind, favourite);
        notify({ kind: toast.kind, message: body?.message ?? toast.message });
        return true;
      },
    });
    toggleRef.current = toggle;
    return () => toggle.dispose();
  }, [kind, id]);

  useEffect(() => {
    toggleRef.current?.sync(initial);
  }, [initial]);

  return { ...state, toggle: () => toggleRef.current?.toggle() };
}
