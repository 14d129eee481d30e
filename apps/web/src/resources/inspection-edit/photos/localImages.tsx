import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { LOCAL_IMAGE } from '../formValues';

export interface LocalImage {
  blob: Blob;
  fileName: string;
  url: string;
}

/**
 * Photos and signatures taken into the form but not uploaded yet (000 §4: uploaded first, before the save).
 * The form's values name them by a marker ('local:…'); the bytes and a preview address live here.
 */
export class LocalImages {
  private images = new Map<string, LocalImage>();
  /** Ids an upload answered (the server's, or the queue's client id offline) for a marker: still shown from here. */
  private aliases = new Map<string, string>();
  private seq = 0;

  add(blob: Blob, fileName: string): string {
    const marker = `${LOCAL_IMAGE}${Date.now().toString(36)}-${++this.seq}`;
    this.images.set(marker, { blob, fileName, url: URL.createObjectURL(blob) });
    return marker;
  }

  /** Replaces the bytes under a marker (a signature drawn on). */
  replace(marker: string, blob: Blob, fileName: string) {
    const old = this.images.get(marker);
    if (old) URL.revokeObjectURL(old.url);
    this.images.set(marker, { blob, fileName, url: URL.createObjectURL(blob) });
  }

  get(marker: string): LocalImage | undefined {
    return this.images.get(marker) ?? this.images.get(this.aliases.get(marker) ?? '');
  }

  /**
   * The upload of `marker` answered `id` (issue 23): the preview stays the device's copy, so a photo answered offline
   * under the queue's client id (not on the server yet) is still shown, and an uploaded one is not downloaded back.
   */
  alias(id: string, marker: string) {
    this.aliases.set(id, marker);
  }

  dispose() {
    for (const i of this.images.values()) URL.revokeObjectURL(i.url);
    this.images.clear();
  }
}

const Ctx = createContext<LocalImages | null>(null);

/** One store per open form; its preview addresses are released when the form goes. */
export function LocalImagesProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new LocalImages());
  useEffect(() => () => store.dispose(), [store]);
  return <Ctx.Provider value={store}>{children}</Ctx.Provider>;
}

export function useLocalImages(): LocalImages {
  const store = useContext(Ctx);
  if (!store) throw new Error('useLocalImages outside LocalImagesProvider');
  return store;
}
