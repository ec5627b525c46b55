type AudioContextConstructor = new () => AudioContext;

let context: AudioContext | undefined;

/**
 * Two short rising tones through the Web Audio API: an alert a busy kitchen or warehouse hears
 * without a sound file to load. Silent where the browser has no audio (or blocks it until the page
 * is used; staff have signed in by then).
 */
export function playChime(): void {
  const Audio = (globalThis as { AudioContext?: AudioContextConstructor; webkitAudioContext?: AudioContextConstructor }).AudioContext ??
    (globalThis as { webkitAudioContext?: AudioContextConstructor }).webkitAudioContext;
  if (!Audio) return;
  try {
    context ??= new Audio();
    void context.resume();
    const start = context.currentTime;
    [880, 1320].forEach((frequency, index) => {
      const at = start + index * 0.18;
      const oscillator = context!.createOscillator();
      const gain = context!.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.3, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
      oscillator.connect(gain).connect(context!.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.32);
    });
  } catch {
    // No sound is better than a broken dashboard.
  }
}
