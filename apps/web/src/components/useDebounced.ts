import { useEffect, useState } from 'react';

/** The value once it has stayed the same for `ms` (search boxes: 001 §9 and 000 §9 debounce 200 ms). */
export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}
