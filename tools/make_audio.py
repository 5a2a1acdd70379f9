#!/usr/bin/env python3
"""Synthesises koalio's sounds and music into Resources/: sounds/*.wav (effects) and music/*.ogg
(loops for the title and each level). Everything is made here from sine, square, triangle and
noise waves: no samples, nothing recorded.

Rerun after changing it:  apt install vorbis-tools && /usr/bin/python3 tools/make_audio.py
(only the standard library and `oggenc`; seeded, so reruns give the same sounds).
Sources/Platform/KoalioSDL/Audio.swift reads these names.
"""
import array
import math
import os
import random
import subprocess
import tempfile
import wave

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Resources")
RATE = 22050          # Hz: plenty for chiptune, half the bytes of 44.1 kHz
rng = random.Random(11)

def write_wav(path, samples):
    data = array.array("h", (max(-32767, min(32767, int(s * 32767))) for s in samples))
    with wave.open(path, "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(RATE)
        f.writeframes(data.tobytes())

def square(phase, duty=0.5):
    return 1.0 if (phase % 1.0) < duty else -1.0

def triangle(phase):
    p = phase % 1.0
    return 4 * p - 1 if p < 0.5 else 3 - 4 * p

def sweep(seconds, f0, f1, wave_fn, volume=0.5, attack=0.005, curve=1.0):
    n = int(seconds * RATE)
    out, phase = [], 0.0
    for i in range(n):
        t = i / n
        freq = f0 + (f1 - f0) * (t ** curve)
        phase += freq / RATE
        env = min(1.0, i / max(1, attack * RATE)) * (1 - t) ** 1.5
        out.append(wave_fn(phase) * env * volume)
    return out

def notes(seq, wave_fn, volume=0.4):
    out = []
    for freq, seconds in seq:
        n = int(seconds * RATE)
        phase = 0.0
        for i in range(n):
            phase += freq / RATE
            env = min(1.0, i / 60) * (1 - i / n) ** 0.7
            out.append(wave_fn(phase) * env * volume)
    return out

def noise(seconds, volume=0.4, smooth_from=0.2, smooth_to=0.9):
    n = int(seconds * RATE)
    out, last = [], 0.0
    for i in range(n):
        t = i / n
        k = smooth_from + (smooth_to - smooth_from) * t   # the hiss darkens as it fades
        last = last * k + rng.uniform(-1, 1) * (1 - k)
        out.append(last * (1 - t) ** 2 * volume * 3)
    return out

def note(name):
    """'C4' → Hz (A4 = 440)."""
    names = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    semis = names[name[0]] + (1 if "#" in name else 0) + 12 * (int(name[-1]) - 4)
    return 440.0 * 2 ** (semis / 12)

# ---------------------------------------------------------------- effects
def make_effects():
    out = os.path.join(ROOT, "sounds")
    os.makedirs(out, exist_ok=True)
    effects = {
        "jump": sweep(0.16, 320, 760, lambda p: square(p, 0.25), 0.35, curve=0.6),
        "dash": [a + b for a, b in zip(noise(0.2, 0.35), sweep(0.2, 500, 180, triangle, 0.3))],
        "land": sweep(0.08, 140, 55, lambda p: math.sin(2 * math.pi * p), 0.7),
        "death": sweep(0.7, 620, 90, lambda p: square(p + 0.02 * math.sin(p * 0.9), 0.5), 0.3, curve=0.8),
        "win": notes([(note("C5"), 0.09), (note("E5"), 0.09), (note("G5"), 0.09), (note("C6"), 0.35)], lambda p: square(p, 0.25)),
        "menu_move": notes([(note("A5"), 0.045)], lambda p: square(p, 0.5), 0.25),
        "menu_choose": notes([(note("E5"), 0.06), (note("B5"), 0.1)], lambda p: square(p, 0.25), 0.3),
        "pad_connected": notes([(note("G4"), 0.07), (note("D5"), 0.12)], triangle, 0.5),
        "pad_disconnected": notes([(note("D5"), 0.07), (note("G4"), 0.12)], triangle, 0.5),
        # Level objects (after the rest: no noise, so the rng's draws above stay as they were).
        "checkpoint": notes([(note("G5"), 0.06), (note("C6"), 0.06), (note("E6"), 0.16)], triangle, 0.45),
        "leaf": notes([(note("E6"), 0.035), (note("A6"), 0.07)], lambda p: square(p, 0.25), 0.22),
        "stomp": sweep(0.12, 520, 160, lambda p: square(p, 0.5), 0.3, curve=0.7),
    }
    for name, samples in effects.items():
        write_wav(os.path.join(out, name + ".wav"), samples)

# ---------------------------------------------------------------- music loops
# Each loop is whole bars, so it repeats without a seam: bass on a triangle, a lead on a thin
# square, a hi-hat of noise. Patterns are written as scale degrees over a chord progression.
def make_loop(path, tempo, root, scale, chords, melody, seed):
    local = random.Random(seed)
    beat = 60.0 / tempo
    bars = len(chords)
    n = int(bars * 4 * beat * RATE)
    out = [0.0] * n
    def degree(d, octave=0):
        steps = scale[d % len(scale)] + 12 * (d // len(scale) + octave)
        return note(root) * 2 ** (steps / 12)
    def add(start_beat, beats, freq, fn, volume):
        start = int(start_beat * beat * RATE)
        length = int(beats * beat * RATE)
        phase = 0.0
        for i in range(length):
            if start + i >= n:
                break
            phase += freq / RATE
            env = min(1.0, i / 80) * (1 - i / length) ** 0.6
            out[start + i] += fn(phase) * env * volume
    for bar, chord in enumerate(chords):
        for b in range(4):  # bass: root, fifth, root, octave
            add(bar * 4 + b, 0.9, degree(chord, -2) * (2 ** ([0, 7, 0, 12][b] / 12)), triangle, 0.28)
        for step in range(8):  # hats on eighths
            start = int((bar * 4 + step * 0.5) * beat * RATE)
            length = int(0.05 * RATE)
            for i in range(length):
                if start + i < n:
                    out[start + i] += local.uniform(-1, 1) * (1 - i / length) ** 3 * (0.06 if step % 2 else 0.1)
    t = 0.0
    for d, beats in melody:
        if d is not None:
            add(t, beats * 0.95, degree(d, 0), lambda p: square(p, 0.25), 0.12)
        t += beats
    peak = max(1e-9, max(abs(s) for s in out))
    out = [s / peak * 0.8 for s in out]
    with tempfile.TemporaryDirectory() as tmp:
        wav = os.path.join(tmp, "loop.wav")
        write_wav(wav, out)
        subprocess.run(["oggenc", "--quiet", "-q", "0", "--serial", "1", "-o", path, wav], check=True)

MAJOR = [0, 2, 4, 5, 7, 9, 11]
MINOR = [0, 2, 3, 5, 7, 8, 10]
DORIAN = [0, 2, 3, 5, 7, 9, 10]
MIXOLYDIAN = [0, 2, 4, 5, 7, 9, 10]
PHRYGIAN = [0, 1, 3, 5, 7, 8, 10]

def melody(seed, bars, scale_len, rest_chance=0.15):
    r = random.Random(seed)
    out, d = [], 4
    for _ in range(bars):
        beats = 0.0
        while beats < 4:
            length = r.choice([0.5, 0.5, 1.0, 1.0, 1.5]) if beats <= 2.5 else 4 - beats
            length = min(length, 4 - beats)
            d = max(0, min(scale_len + 4, d + r.choice([-2, -1, -1, 1, 1, 2, 0])))
            out.append((None if r.random() < rest_chance else d, length))
            beats += length
    return out

def make_music():
    out = os.path.join(ROOT, "music")
    os.makedirs(out, exist_ok=True)
    make_loop(os.path.join(out, "title.ogg"), 100, "C4", MAJOR, [0, 5, 3, 4, 0, 5, 3, 4], melody(1, 8, 7), 1)
    make_loop(os.path.join(out, "level1.ogg"), 132, "G4", MAJOR, [0, 3, 4, 0, 5, 3, 4, 4], melody(2, 8, 7), 2)
    make_loop(os.path.join(out, "level2.ogg"), 116, "A3", DORIAN, [0, 3, 0, 6, 0, 3, 4, 6], melody(3, 8, 7), 3)
    make_loop(os.path.join(out, "level3.ogg"), 108, "F#3", PHRYGIAN, [0, 1, 0, 6, 0, 1, 5, 6], melody(6, 8, 7), 6)
    # World 2 (the gorge, the red centre, the crystal cave): in modes of its own, a loop for each level.
    make_loop(os.path.join(out, "level4.ogg"), 150, "B3", DORIAN, [0, 3, 6, 4, 0, 3, 4, 4], melody(7, 8, 7), 7)
    make_loop(os.path.join(out, "level5.ogg"), 124, "D4", MIXOLYDIAN, [0, 6, 3, 0, 4, 6, 3, 4], melody(5, 8, 7), 5)
    make_loop(os.path.join(out, "level6.ogg"), 144, "E4", MINOR, [0, 5, 2, 6, 0, 5, 3, 4], melody(4, 8, 7), 4)

if __name__ == "__main__":
    make_effects()
    make_music()
    for folder in ("sounds", "music"):
        files = sorted(os.listdir(os.path.join(ROOT, folder)))
        total = sum(os.path.getsize(os.path.join(ROOT, folder, f)) for f in files)
        print(f"wrote {folder}/: {', '.join(files)} ({total // 1024} KiB)")
