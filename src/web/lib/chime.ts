type AudioContextConstructor = new () => AudioContext;

let context: AudioContext | undefined;

function audioConstructor(): AudioContextConstructor | undefined {
  const scope = globalThis as { AudioContext?: AudioContextConstructor; webkitAudioContext?: AudioContextConstructor };
  return scope.AudioContext ?? scope.webkitAudioContext;
}

/**
 * Whether the browser is holding the chime back: it lets a page make sound only once someone has
 * used it, and a dashboard reloaded on a kitchen's tablet has not been touched yet.
 */
export function soundBlocked(): boolean {
  if (!audioConstructor() || context?.state === 'running') return false;
  const activation = (navigator as { userActivation?: { hasBeenActive: boolean } }).userActivation;
  return activation ? !activation.hasBeenActive : false;
}

/** Lets the chime sound; called from a tap, which is what the browser waits for. */
export function enableSound(): void {
  const Audio = audioConstructor();
  if (!Audio) return;
  try {
    context ??= new Audio();
    void context.resume();
  } catch {
    // No sound is better than a broken dashboard.
  }
}

/**
 * Two short rising tones through the Web Audio API: an alert a busy kitchen or warehouse hears
 * without a sound file to load. Silent where the browser has no audio, or blocks it until the page
 * is used (`soundBlocked`).
 */
export function playChime(): void {
  const Audio = audioConstructor();
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
