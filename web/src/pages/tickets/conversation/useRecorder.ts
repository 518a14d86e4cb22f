import { useCallback, useEffect, useRef, useState } from "react";

export type RecorderState = "idle" | "recording";

interface Session {
  recorder: MediaRecorder;
  stream: MediaStream;
  chunks: Blob[];
  timer: ReturnType<typeof setInterval>;
}

/**
 * The microphone through MediaRecorder: start, then cancel (nothing kept) or finish (the
 * recording as the browser encoded it). The elapsed seconds tick while recording. The
 * microphone is released whenever recording ends, and on unmount.
 */
export function useRecorder() {
  const [state, setState] = useState<RecorderState>("idle");
  const [seconds, setSeconds] = useState(0);
  const session = useRef<Session | null>(null);

  const release = useCallback(() => {
    const current = session.current;
    session.current = null;
    if (!current) return;
    clearInterval(current.timer);
    for (const track of current.stream.getTracks()) track.stop();
    setState("idle");
    setSeconds(0);
  }, []);

  useEffect(() => () => {
    const current = session.current;
    if (current && current.recorder.state !== "inactive") current.recorder.stop();
    release();
  }, [release]);

  /** Rejects when there is no microphone or the user refuses it. */
  const start = useCallback(async () => {
    if (session.current) return;
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const recorder = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    recorder.addEventListener("dataavailable", (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    const begun = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - begun) / 1000)), 250);
    session.current = { recorder, stream, chunks, timer };
    recorder.start();
    setSeconds(0);
    setState("recording");
  }, []);

  const cancel = useCallback(() => {
    const current = session.current;
    if (current && current.recorder.state !== "inactive") current.recorder.stop();
    release();
  }, [release]);

  /** Stops and gives the whole recording (null when nothing was recording). */
  const finish = useCallback((): Promise<Blob | null> => {
    const current = session.current;
    if (!current) return Promise.resolve(null);
    return new Promise((resolve) => {
      current.recorder.addEventListener("stop", () => {
        resolve(new Blob(current.chunks, { type: current.recorder.mimeType || "audio/webm" }));
        release();
      }, { once: true });
      current.recorder.stop();
    });
  }, [release]);

  return { state, seconds, start, cancel, finish };
}
