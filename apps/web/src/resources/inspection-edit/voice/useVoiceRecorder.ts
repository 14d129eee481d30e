import { useCallback, useEffect, useRef, useState } from 'react';
import { VOICE_TEXT } from './texts';

/** Recorder formats in order of preference: webm/opus (Chromium, Firefox), then mp4/aac (Safari); both the server takes. */
const TYPES = [
  { mime: 'audio/webm;codecs=opus', ext: 'webm' },
  { mime: 'audio/webm', ext: 'webm' },
  { mime: 'audio/mp4', ext: 'm4a' },
];

export type RecorderState = { phase: 'idle' } | { phase: 'starting' } | { phase: 'recording'; seconds: number };

/** Why recording could not start, in words a person can act on (permission refused, no microphone, no support). */
export function recorderProblem(err: unknown): string {
  const name = (err as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return VOICE_TEXT.refused;
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return VOICE_TEXT.noMicrophone;
  if (name === 'NotReadableError') return VOICE_TEXT.micBusy;
  return VOICE_TEXT.cannotRecord;
}

const supported = () => typeof MediaRecorder !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;

/**
 * Records one voice comment with the browser's MediaRecorder: start asks for the microphone, stop hands the
 * recording over as a Blob with a file name. The microphone is released on stop and when the screen goes.
 */
export function useVoiceRecorder(onRecorded: (blob: Blob, fileName: string) => void) {
  const [state, setState] = useState<RecorderState>({ phase: 'idle' });
  const [problem, setProblem] = useState<string | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  const done = useRef(onRecorded);
  done.current = onRecorded;

  const release = useCallback(() => {
    clearInterval(timer.current);
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
  }, []);

  useEffect(() => () => {
    if (recorder.current?.state === 'recording') {
      recorder.current.ondataavailable = null;
      recorder.current.onstop = null;
      recorder.current.stop();
    }
    release();
  }, [release]);

  const start = async () => {
    setProblem(null);
    if (!supported()) return setProblem(VOICE_TEXT.cannotRecord);
    setState({ phase: 'starting' });
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (err) {
      setState({ phase: 'idle' });
      return setProblem(recorderProblem(err));
    }
    const type = TYPES.find((t) => MediaRecorder.isTypeSupported?.(t.mime));
    const rec = new MediaRecorder(stream.current, type ? { mimeType: type.mime } : undefined);
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    rec.onstop = () => {
      release();
      setState({ phase: 'idle' });
      const blob = new Blob(chunks, { type: rec.mimeType || type?.mime || 'audio/webm' });
      if (blob.size > 0) done.current(blob, `voice-comment.${(rec.mimeType || '').includes('mp4') ? 'm4a' : (type?.ext ?? 'webm')}`);
      else setProblem(VOICE_TEXT.nothingRecorded);
    };
    recorder.current = rec;
    rec.start();
    const startedAt = Date.now();
    setState({ phase: 'recording', seconds: 0 });
    timer.current = setInterval(() => setState({ phase: 'recording', seconds: Math.floor((Date.now() - startedAt) / 1000) }), 250);
  };

  const stop = () => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  };

  return { state, problem, start, stop };
}

/** 0:07, 1:30: the elapsed time of a recording. */
export const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
