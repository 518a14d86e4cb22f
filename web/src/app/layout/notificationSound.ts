/** A short two-note chime made with WebAudio, so no sound file ships with the app. */
type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Class =
    (globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass })
      .AudioContext ??
      (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Class) return null;
  context = new Class();
  return context;
}

const NOTES = [
  { frequency: 880, at: 0 },
  { frequency: 1318.5, at: 0.13 },
];
const LENGTH_S = 0.5;
const PEAK_GAIN = 0.35;

/** Play the chime at a volume 0..1 (0: silent). Browsers may keep it silent until the page was used. */
export function playChime(volume: number): void {
  if (!(volume > 0)) return;
  const audio = audioContext();
  if (!audio) return;
  if (audio.state === "suspended") void audio.resume().catch(() => undefined);
  const start = audio.currentTime;
  const gain = audio.createGain();
  gain.connect(audio.destination);
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(PEAK_GAIN * Math.min(1, volume), start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + LENGTH_S);
  for (const note of NOTES) {
    const oscillator = audio.createOscillator();
    oscillator.type = "sine";
    oscillator.frequency.value = note.frequency;
    oscillator.connect(gain);
    oscillator.start(start + note.at);
    oscillator.stop(start + LENGTH_S);
  }
}
