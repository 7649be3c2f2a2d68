import { useEffect, useState } from "react";

/** True once React runs the page in the browser (a marker for browser tests, and for JS-only touches). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
