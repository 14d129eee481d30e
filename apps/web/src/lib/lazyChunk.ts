/**
 * A chunk fetched on demand, once: `load()` imports it (a failed fetch is tried again by the next call), `loaded()`
 * answers it synchronously once it has arrived. Issue 23's first-load cuts (the date picker, the offline queue).
 */
export function lazyChunk<M>(importer: () => Promise<M>): { load(): Promise<M>; loaded(): M | undefined } {
  let done: M | undefined;
  let loading: Promise<M> | undefined;
  return {
    load: () =>
      (loading ??= importer().then(
        (m) => (done = m),
        (e: unknown) => {
          loading = undefined;
          throw e;
        },
      )),
    loaded: () => done,
  };
}
