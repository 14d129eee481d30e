import { vi } from 'vitest';

/**
 * The browser's recording APIs at their boundary (happy-dom has neither MediaRecorder nor getUserMedia): a
 * recorder that hands over one chunk of bytes when stopped, and a microphone that is granted or refused.
 */
export class FakeMediaRecorder {
  static isTypeSupported = (mime: string) => mime.startsWith('audio/webm');
  state: 'inactive' | 'recording' = 'inactive';
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  readonly mimeType: string;
  constructor(readonly stream: unknown, options?: { mimeType?: string }) {
    this.mimeType = options?.mimeType ?? 'audio/webm';
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3])], { type: this.mimeType }) });
    this.onstop?.();
  }
}

/** Installs the fakes; `mic` is what getUserMedia does (a stream, or an error with the DOMException's name). */
export function fakeMedia(mic: 'granted' | 'NotAllowedError' | 'NotFoundError' = 'granted') {
  const stopTrack = vi.fn();
  const getUserMedia = vi.fn(async () => {
    if (mic !== 'granted') throw Object.assign(new Error(mic), { name: mic });
    return { getTracks: () => [{ stop: stopTrack }] };
  });
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  return { getUserMedia, stopTrack };
}
