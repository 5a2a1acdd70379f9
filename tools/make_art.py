#!/usr/bin/env python3
"""Draws koalio's art into Resources/ (koala.png, tiles.png, sky.png, hills.png, goal.png, font.png,
hud.png, buttons.png, objects.png) and the desktop icons into dist/icons/hicolor/NxN/apps/koalio.png (16 to 256 px).

Rerun after changing it:  apt install python3-pil && /usr/bin/python3 tools/make_art.py
Frame and tile positions here must match Sources/App/KoalioView/Art.swift.
The font atlas and its table are tools/make_font.py's (which this runs).
"""
import math
import os
import random
from PIL import Image, ImageDraw, ImageFilter, ImageFont

import make_font

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
OUT = os.path.join(ROOT, "Resources")
ICONS = os.path.join(ROOT, "dist", "icons", "hicolor")
rng = random.Random(7)  # fixed seed: the same art every run

def rgba(h, a=255):
    h = h.lstrip("#")
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16), a)

# ---------------------------------------------------------------- koala
# Cells of 24x28; the koala stands on the cell's bottom edge, centred. Frames, in order:
# 0 stand, 1-4 walk, 5 jump, 6 dash, 7 cheer (the win). Row 1: their outlines. Rows 2 and 3:
# the ghost (the best run) floating, two frames of its hem, and their outlines. Art.swift reads
# the same layout.
CELL_W, CELL_H = 24, 28
HEAD = [  # 18 wide; . transparent, o outline, g fur, l light fur, p pink ear, n nose, e eye, w eye glint
    "..ooo........ooo..",
    ".oglgo......oglgo.",
    "ogpplgoooooogpplgo",
    "ogpplggggggggpplgo",
    "ogpplggggggggpplgo",
    ".oglgggggggggglgo.",
    "..ogggewgggggggo..",
    "..ogggeegggnnngo..",
    "..oggggggggnnnno..",
    "..ogllggggggnnno..",
    "...ogllgggggggo...",
    "....oollllllloo...",
    "......ooooooo.....",
]
PAL = {"o": "#2b2533", "g": "#8d8d9e", "l": "#c9c9d6", "p": "#e79ab0", "n": "#231f29", "e": "#101014", "w": "#ffffff",
       "b": "#b0b0c0", "d": "#6e6e80", "c": "#e8a25a"}

def put_map(img, rows, ox, oy, pal, dark=1.0):
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch == ".":
                continue
            r, g, b, a = rgba(pal[ch])
            img.putpixel((ox + x, oy + y), (int(r * dark), int(g * dark), int(b * dark), a))

def koala_frame(img, cell, legs, arms_up=False, dark=1.0, stretch=False):
    frame = Image.new("RGBA", (CELL_W, CELL_H), (0, 0, 0, 0))
    d = ImageDraw.Draw(frame)
    ox = 3
    # body (torso) under the head
    body_top = 12
    d.rounded_rectangle([ox + 3, body_top, ox + 14, body_top + 11], radius=4, fill=rgba(PAL["o"]))
    d.rounded_rectangle([ox + 4, body_top + 1, ox + 13, body_top + 10], radius=3, fill=rgba(PAL["g"]))
    d.ellipse([ox + 6, body_top + 3, ox + 12, body_top + 10], fill=rgba(PAL["l"]))
    # arms
    if arms_up:
        d.line([ox + 4, body_top + 3, ox + 1, body_top - 1], fill=rgba(PAL["o"]), width=3)
        d.line([ox + 13, body_top + 3, ox + 16, body_top - 1], fill=rgba(PAL["o"]), width=3)
        d.point([(ox + 1, body_top - 1), (ox + 16, body_top - 1)], fill=rgba(PAL["g"]))
    else:
        d.rectangle([ox + 12, body_top + 4, ox + 15, body_top + 7], fill=rgba(PAL["o"]))
        d.rectangle([ox + 13, body_top + 5, ox + 14, body_top + 6], fill=rgba(PAL["g"]))
    # legs: list of (x offset, lift) pairs for back and front foot
    for lx, lift in legs:
        top = body_top + 9
        bottom = CELL_H - 1 - lift
        d.rectangle([ox + lx, top, ox + lx + 3, bottom], fill=rgba(PAL["o"]))
        d.rectangle([ox + lx + 1, top, ox + lx + 2, bottom - 1], fill=rgba(PAL["d"]))
    put_map(frame, HEAD, ox, 0, PAL)
    if stretch:  # dash: longer and lower, leaning forward, as in the original
        frame = frame.resize((CELL_W, CELL_H - 5), Image.NEAREST)
        wide = frame.transform(frame.size, Image.AFFINE, (1, 0.25, -3, 0, 1, 0), Image.NEAREST)
        frame = Image.new("RGBA", (CELL_W, CELL_H), (0, 0, 0, 0))
        frame.paste(wide, (0, 5))
    if dark != 1.0:
        px = frame.load()
        for y in range(CELL_H):
            for x in range(CELL_W):
                r, g, b, a = px[x, y]
                px[x, y] = (int(r * dark), int(g * dark), int(b * dark * 1.1) if b * dark * 1.1 < 255 else 255, a)
    img.alpha_composite(frame, (cell * CELL_W, 0))

def koala_outline(img, cell, row):
    """The frame at (cell, row)'s silhouette grown by a pixel, in white, into the row under it:
    drawn tinted under the figure (dark for the koala, per backdrop for the ghost) as its outline,
    so it shows against every backdrop."""
    alpha = img.crop((cell * CELL_W, row * CELL_H, (cell + 1) * CELL_W, (row + 1) * CELL_H)).getchannel("A").point(lambda a: 255 if a > 0 else 0)
    silhouette = Image.new("RGBA", (CELL_W, CELL_H), (255, 255, 255, 0))
    silhouette.putalpha(alpha.filter(ImageFilter.MaxFilter(3)))  # grown within its cell
    img.paste(silhouette, (cell * CELL_W, (row + 1) * CELL_H))

# The ghost: the koala's head in pale, glowing colours over a sheet that ends in a wavy hem
# instead of legs, so it reads as a ghost (not a second koala) on every sky.
GHOST_PAL = {"o": "#9fb0de", "g": "#eef3ff", "l": "#ffffff", "p": "#f6cfe0", "n": "#4a5488", "e": "#27305e", "w": "#ffffff"}

def ghost_frame(img, cell, phase):
    frame = Image.new("RGBA", (CELL_W, CELL_H), (0, 0, 0, 0))
    d = ImageDraw.Draw(frame)
    ox = 3
    body, edge = rgba(GHOST_PAL["g"]), rgba(GHOST_PAL["o"])
    d.rounded_rectangle([ox + 1, 9, ox + 16, 23], radius=5, fill=edge)
    d.rounded_rectangle([ox + 2, 10, ox + 15, 23], radius=4, fill=body)
    for x in range(ox + 1, ox + 17):  # the hem: scallops two pixels wide, shifted by the phase
        low = ((x - ox + phase * 2) // 2) % 2 == 0
        bottom = 26 if low else 24
        d.line([(x, 23), (x, bottom)], fill=edge)
        if ox + 2 <= x <= ox + 15:
            d.line([(x, 23), (x, bottom - 1)], fill=body)
    d.rectangle([ox + 0, 14, ox + 2, 16], fill=edge); d.point((ox + 1, 15), fill=body)  # little arms, raised a little
    d.rectangle([ox + 15, 13, ox + 17, 15], fill=edge); d.point((ox + 16, 14), fill=body)
    put_map(frame, HEAD, ox, 0, GHOST_PAL)
    img.alpha_composite(frame, (cell * CELL_W, 2 * CELL_H))

def make_koala():
    img = Image.new("RGBA", (CELL_W * 8, CELL_H * 4), (0, 0, 0, 0))
    koala_frame(img, 0, [(4, 0), (10, 0)])
    walk = [[(3, 0), (11, 1)], [(5, 1), (9, 0)], [(7, 0), (7, 1)], [(9, 1), (5, 0)]]
    for i, legs in enumerate(walk):
        koala_frame(img, 1 + i, legs)
    koala_frame(img, 5, [(3, 3), (11, 2)], arms_up=True)
    koala_frame(img, 6, [(2, 1), (12, 2)], dark=0.62, stretch=True)
    koala_frame(img, 7, [(4, 0), (10, 0)], arms_up=True)
    # The cheer's happy eyes: closed arcs where the open eye was.
    for y in (6, 7):
        for x in (6, 7):
            img.putpixel((7 * CELL_W + 3 + x, y), rgba(PAL["g"]))
    for x, y in ((6, 7), (7, 6), (8, 7)):
        img.putpixel((7 * CELL_W + 3 + x - 1, y), rgba(PAL["e"]))
    for cell in range(8):
        koala_outline(img, cell, 0)
    for phase in range(2):
        ghost_frame(img, phase, phase)
        koala_outline(img, phase, 2)
    img.save(os.path.join(OUT, "koala.png"))

# ---------------------------------------------------------------- tiles (16x16, 8 columns)
T = 16

def speckle(d, x0, y0, w, h, colors, n):
    for _ in range(n):
        d.point((x0 + rng.randrange(w), y0 + rng.randrange(h)), fill=rgba(rng.choice(colors)))

def make_tiles():
    img = Image.new("RGBA", (T * 8, T * 4), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    def at(i):
        return (i % 8) * T, (i // 8) * T
    # 0 grass-topped ground
    x, y = at(0)
    d.rectangle([x, y, x + 15, y + 15], fill=rgba("#8a5a34"))
    speckle(d, x, y + 5, 16, 11, ["#6f4526", "#a06c42", "#5c3a20"], 26)
    d.rectangle([x, y, x + 15, y + 4], fill=rgba("#4fb548"))
    d.line([x, y + 5, x + 15, y + 5], fill=rgba("#2f7d2e"))
    for k in range(0, 16, 3):
        d.point((x + k, y + 5 + (k % 2)), fill=rgba("#2f7d2e"))
        d.point((x + k + 1, y), fill=rgba("#7fd66d"))
    # 1 dirt
    x, y = at(1)
    d.rectangle([x, y, x + 15, y + 15], fill=rgba("#8a5a34"))
    speckle(d, x, y, 16, 16, ["#6f4526", "#a06c42", "#5c3a20"], 34)
    # 2 brick
    x, y = at(2)
    d.rectangle([x, y, x + 15, y + 15], fill=rgba("#5b2c1e"))
    for row in range(4):
        off = 0 if row % 2 == 0 else 4
        for bx in range(-8, 16, 8):
            x0 = x + bx + off
            r = [max(x0, x), y + row * 4, min(x0 + 6, x + 15), y + row * 4 + 2]
            if r[0] <= r[2]:
                d.rectangle(r, fill=rgba("#b4553a"))
                d.line([r[0], r[1], r[2], r[1]], fill=rgba("#d9774f"))
    # 3 stone block
    x, y = at(3)
    d.rectangle([x, y, x + 15, y + 15], fill=rgba("#7c8290"))
    d.line([x, y, x + 15, y], fill=rgba("#b7bcc7")); d.line([x, y, x, y + 15], fill=rgba("#b7bcc7"))
    d.line([x, y + 15, x + 15, y + 15], fill=rgba("#4a4e58")); d.line([x + 15, y, x + 15, y + 15], fill=rgba("#4a4e58"))
    speckle(d, x + 2, y + 2, 12, 12, ["#6c717e", "#8d93a1"], 10)
    # 4 spikes (hazard)
    x, y = at(4)
    for k in range(4):
        sx = x + k * 4
        d.polygon([(sx, y + 15), (sx + 1.5, y + 6), (sx + 3, y + 15)], fill=rgba("#c8ccd6"))
        d.line([sx + 1, y + 8, sx + 1, y + 14], fill=rgba("#f4f6fa"))
        d.line([sx + 3, y + 15, sx + 2, y + 9], fill=rgba("#7a7f8c"))
    d.rectangle([x, y + 14, x + 15, y + 15], fill=rgba("#5c606b"))
    # 5 crate
    x, y = at(5)
    d.rectangle([x, y, x + 15, y + 15], fill=rgba("#3d2614"))
    d.rectangle([x + 1, y + 1, x + 14, y + 14], fill=rgba("#c98a3b"))
    d.rectangle([x + 3, y + 3, x + 12, y + 12], outline=rgba("#8e5a22"))
    d.line([x + 3, y + 3, x + 12, y + 12], fill=rgba("#8e5a22")); d.line([x + 12, y + 3, x + 3, y + 12], fill=rgba("#8e5a22"))
    # 6 grass-topped stone ledge
    x, y = at(6)
    d.rectangle([x, y, x + 15, y + 15], fill=rgba("#7c8290"))
    speckle(d, x, y + 5, 16, 11, ["#6c717e", "#8d93a1"], 14)
    d.rectangle([x, y, x + 15, y + 3], fill=rgba("#4fb548"))
    d.line([x, y + 4, x + 15, y + 4], fill=rgba("#2f7d2e"))
    # 7 wooden plank platform block
    x, y = at(7)
    d.rectangle([x, y, x + 15, y + 15], fill=rgba("#6b4424"))
    for k in range(0, 16, 4):
        d.line([x, y + k, x + 15, y + k], fill=rgba("#4a2d16"))
        d.line([x, y + k + 1, x + 15, y + k + 1], fill=rgba("#9a6a3c"))
    # decorations (background layer, not solid)
    x, y = at(8)   # bush
    for cx, cy, r in [(4, 11, 4), (8, 9, 5), (12, 11, 4)]:
        d.ellipse([x + cx - r, y + cy - r, x + cx + r, y + cy + r], fill=rgba("#2f8f3a"))
    for cx, cy in [(6, 7), (10, 8)]:
        d.point((x + cx, y + cy), fill=rgba("#7fd66d"))
    d.rectangle([x, y + 14, x + 15, y + 15], fill=rgba("#2f8f3a"))
    for i, color in [(9, "#e8413c"), (10, "#f5c938")]:  # flowers
        x, y = at(i)
        for fx, h in [(4, 7), (11, 9)]:
            d.line([x + fx, y + 15, x + fx, y + 15 - h], fill=rgba("#2f7d2e"))
            d.ellipse([x + fx - 2, y + 13 - h, x + fx + 2, y + 17 - h], fill=rgba(color))
            d.point((x + fx, y + 15 - h), fill=rgba("#fff3b0"))
    x, y = at(11)  # tall grass
    for k in range(1, 16, 2):
        h = 5 + (k * 7) % 6
        d.line([x + k, y + 15, x + k + (1 if k % 4 == 1 else -1), y + 15 - h], fill=rgba("#3f9e3f"))
    x, y = at(12)  # fence
    d.rectangle([x, y + 6, x + 15, y + 7], fill=rgba("#d8b07a")); d.rectangle([x, y + 11, x + 15, y + 12], fill=rgba("#d8b07a"))
    for px in (2, 10):
        d.rectangle([x + px, y + 3, x + px + 2, y + 15], fill=rgba("#e9c894"))
        d.point((x + px + 1, y + 2), fill=rgba("#e9c894"))
    x, y = at(13)  # rock
    d.ellipse([x + 2, y + 8, x + 14, y + 17], fill=rgba("#8d93a1"))
    d.ellipse([x + 4, y + 9, x + 9, y + 12], fill=rgba("#b7bcc7"))
    x, y = at(14)  # arrow sign
    d.rectangle([x + 7, y + 8, x + 8, y + 15], fill=rgba("#6b4424"))
    d.polygon([(x + 1, y + 3), (x + 11, y + 3), (x + 15, y + 6), (x + 11, y + 9), (x + 1, y + 9)], fill=rgba("#d8b07a"))
    d.line([x + 4, y + 6, x + 11, y + 6], fill=rgba("#6b4424"))
    x, y = at(15)  # eucalyptus sprig
    d.line([x + 8, y + 15, x + 8, y + 3], fill=rgba("#6b4424"))
    for k, side in [(5, -1), (8, 1), (11, -1), (13, 1)]:
        d.ellipse([x + 8 + side * 4 - 2, y + 15 - k - 1, x + 8 + side * 4 + 2, y + 15 - k + 1], fill=rgba("#6fae8f"))
    # Row 3 (tile ids 17-24), for levels 2 and 3. Drawn after the others, so the seeded speckles
    # of rows 1-2 stay as they were.
    x, y = at(16)  # 17 one-way platform: a plank on two brackets, open below (the platforms layer)
    d.rectangle([x, y, x + 15, y + 4], fill=rgba("#b07a44"))
    d.line([x, y, x + 15, y], fill=rgba("#e2b07a"))
    d.line([x, y + 4, x + 15, y + 4], fill=rgba("#5a3a1c"))
    for bx in (2, 12):
        d.polygon([(x + bx, y + 5), (x + bx + 2, y + 5), (x + bx + 1, y + 9)], fill=rgba("#5a3a1c"))
    x, y = at(17)  # 18 cave floor: dark stone with glowing moss on top
    d.rectangle([x, y, x + 15, y + 15], fill=rgba("#3b3547"))
    speckle(d, x, y + 4, 16, 12, ["#2c2836", "#4a4458", "#332e3f"], 30)
    d.rectangle([x, y, x + 15, y + 2], fill=rgba("#3fbfa0"))
    for k in range(0, 16, 3):
        d.point((x + k, y + 3), fill=rgba("#2a8a74"))
    x, y = at(18)  # 19 cave rock
    d.rectangle([x, y, x + 15, y + 15], fill=rgba("#3b3547"))
    speckle(d, x, y, 16, 16, ["#2c2836", "#4a4458", "#332e3f"], 36)
    x, y = at(19)  # 20 crystal (decoration)
    d.polygon([(x + 4, y + 15), (x + 6, y + 5), (x + 8, y + 15)], fill=rgba("#6fe0ff"))
    d.polygon([(x + 7, y + 15), (x + 10, y + 2), (x + 13, y + 15)], fill=rgba("#a9f0ff"))
    d.line([x + 10, y + 4, x + 11, y + 13], fill=rgba("#ffffff"))
    x, y = at(20)  # 21 glowing mushrooms (decoration)
    for mx, h, r in [(5, 6, 4), (11, 9, 3)]:
        d.rectangle([x + mx, y + 15 - h, x + mx + 1, y + 15], fill=rgba("#e8e0d0"))
        d.pieslice([x + mx - r + 1, y + 15 - h - r, x + mx + r, y + 15 - h + r], 180, 360, fill=rgba("#c46fe0"))
    x, y = at(21)  # 22 lantern on a post (decoration, dusk)
    d.rectangle([x + 7, y + 5, x + 8, y + 15], fill=rgba("#4a2d16"))
    d.rectangle([x + 5, y + 1, x + 10, y + 6], fill=rgba("#ffd36b"))
    d.rectangle([x + 5, y + 1, x + 10, y + 1], fill=rgba("#4a2d16"))
    x, y = at(22)  # 23 stalactite (hazards layer: it hangs from the ceiling)
    d.polygon([(x + 1, y), (x + 15, y), (x + 8, y + 14)], fill=rgba("#8d8aa0"))
    d.polygon([(x + 4, y), (x + 8, y), (x + 7, y + 9)], fill=rgba("#c9c6d8"))
    x, y = at(23)  # 24 ground with dusk grass
    d.rectangle([x, y, x + 15, y + 15], fill=rgba("#6a4a3a"))
    speckle(d, x, y + 5, 16, 11, ["#55382a", "#7d5a48", "#4a3024"], 26)
    d.rectangle([x, y, x + 15, y + 4], fill=rgba("#6f8f48"))
    d.line([x, y + 5, x + 15, y + 5], fill=rgba("#44602e"))
    # Row 4 (tile ids 25-30), for world 2: the outback and the night forest. Their speckles come
    # from their own seeded generator, so everything drawn after keeps its draws.
    world2 = random.Random(31)
    def speckle2(x0, y0, w, h, colors, n):
        for _ in range(n):
            d.point((x0 + world2.randrange(w), y0 + world2.randrange(h)), fill=rgba(world2.choice(colors)))
    x, y = at(24)  # 25 red sand over red earth (outback ground top)
    d.rectangle([x, y, x + 15, y + 15], fill=rgba("#a8452a"))
    speckle2(x, y + 4, 16, 12, ["#8c3620", "#c0593a", "#7a2e1a"], 28)
    d.rectangle([x, y, x + 15, y + 3], fill=rgba("#e08a4e"))
    d.line([x, y + 4, x + 15, y + 4], fill=rgba("#7a2e1a"))
    for k in range(1, 16, 4):
        d.point((x + k, y), fill=rgba("#f4b47a"))
    x, y = at(25)  # 26 red earth
    d.rectangle([x, y, x + 15, y + 15], fill=rgba("#a8452a"))
    speckle2(x, y, 16, 16, ["#8c3620", "#c0593a", "#7a2e1a"], 36)
    x, y = at(26)  # 27 night grass over dark soil (night forest ground top)
    d.rectangle([x, y, x + 15, y + 15], fill=rgba("#3a3550"))
    speckle2(x, y + 5, 16, 11, ["#2c2840", "#48426a", "#25213a"], 26)
    d.rectangle([x, y, x + 15, y + 4], fill=rgba("#3f7a6a"))
    d.line([x, y + 5, x + 15, y + 5], fill=rgba("#24463e"))
    for k in range(0, 16, 3):
        d.point((x + k + 1, y), fill=rgba("#6fb8a0"))
    x, y = at(27)  # 28 dark soil
    d.rectangle([x, y, x + 15, y + 15], fill=rgba("#3a3550"))
    speckle2(x, y, 16, 16, ["#2c2840", "#48426a", "#25213a"], 34)
    x, y = at(28)  # 29 spinifex tuft (decoration, outback)
    for k, h in [(2, 7), (5, 11), (8, 9), (11, 12), (14, 6)]:
        d.line([x + 8, y + 15, x + k, y + 15 - h], fill=rgba("#c9b25a"))
    d.ellipse([x + 3, y + 11, x + 13, y + 16], fill=rgba("#9a8a3e"))
    x, y = at(29)  # 30 glowing fern (decoration, night)
    for side in (-1, 1):
        for k in range(0, 10, 3):
            d.line([x + 8, y + 15 - k, x + 8 + side * (6 - k // 2), y + 12 - k], fill=rgba("#5fe0b0"))
    d.line([x + 8, y + 15, x + 8, y + 3], fill=rgba("#3aa080"))
    img.save(os.path.join(OUT, "tiles.png"))

# ---------------------------------------------------------------- sky and hills (568x320, tile horizontally)
W, H = 568, 320

def make_sky():
    img = Image.new("RGBA", (W, H))
    d = ImageDraw.Draw(img)
    top, bottom = rgba("#4f9be0"), rgba("#cfeaff")
    for yy in range(H):
        t = yy / (H - 1)
        d.line([0, yy, W, yy], fill=tuple(int(top[k] + (bottom[k] - top[k]) * t) for k in range(3)) + (255,))
    for cx, cy, s in [(60, 60, 1.0), (250, 40, 1.3), (420, 85, 0.9), (530, 30, 0.7)]:
        for dx, dy, r in [(-18, 4, 12), (0, 0, 16), (18, 4, 12), (8, 8, 12), (-8, 8, 11)]:
            for ox in (0, -W, W):
                d.ellipse([ox + cx + (dx - r) * s, cy + (dy - r) * s, ox + cx + (dx + r) * s, cy + (dy + r) * s], fill=rgba("#ffffff", 235))
    img.convert("RGB").save(os.path.join(OUT, "sky.png"))  # opaque: the renderer copies instead of blending

def make_hills():
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    def ridge(base, amp, period, phase, color):
        pts = [(0, H)]
        for xx in range(0, W + 1, 2):
            yy = base - amp * (0.6 * math.sin(2 * math.pi * (xx / period + phase)) + 0.4 * math.sin(2 * math.pi * (2 * xx / period + phase * 1.7)))
            pts.append((xx, yy))
        pts.append((W, H))
        d.polygon(pts, fill=rgba(color))
    ridge(205, 34, W / 2, 0.1, "#8fc7a0")   # far hills (period divides W: seamless)
    ridge(245, 24, W / 4, 0.35, "#5fae72")  # near hills
    for tx in range(20, W, 71):  # eucalyptus trees on the near ridge
        ty = 245 - 24 * (0.6 * math.sin(2 * math.pi * (tx / (W / 4) + 0.35)) + 0.4 * math.sin(2 * math.pi * (2 * tx / (W / 4) + 0.595)))
        d.rectangle([tx - 1, ty - 14, tx + 1, ty + 4], fill=rgba("#4b6a4f"))
        d.ellipse([tx - 8, ty - 26, tx + 8, ty - 10], fill=rgba("#3f8f5a"))
    img.save(os.path.join(OUT, "hills.png"))

def gradient(d, stops):
    """A vertical gradient through colour stops (t from 0 at the top to 1 at the bottom)."""
    for yy in range(H):
        t = yy / (H - 1)
        for (t0, c0), (t1, c1) in zip(stops, stops[1:]):
            if t0 <= t <= t1:
                a, b = rgba(c0), rgba(c1)
                k = (t - t0) / (t1 - t0)
                d.line([0, yy, W, yy], fill=tuple(int(a[i] + (b[i] - a[i]) * k) for i in range(3)) + (255,))
                break

def make_dusk():
    img = Image.new("RGBA", (W, H))
    d = ImageDraw.Draw(img)
    gradient(d, [(0.0, "#2d2a5c"), (0.45, "#8a4f86"), (0.8, "#f08a5d"), (1.0, "#ffc872")])
    d.ellipse([380, 170, 440, 230], fill=rgba("#ffdf8a"))   # the setting sun
    for sx, sy in [(40, 20), (120, 48), (210, 14), (300, 36), (470, 22), (530, 58), (90, 80)]:
        d.point((sx, sy), fill=rgba("#ffffff"))
    img.convert("RGB").save(os.path.join(OUT, "sky-dusk.png"))
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    for tx in range(0, W, 38):  # treetop canopy in silhouette; 568 = 38 * 14 + 36: drawn wrapped
        for ox in (0, -W, W):
            cx = tx + ox + 19
            top = 190 + (tx * 37) % 40
            d.ellipse([cx - 30, top, cx + 30, top + 70], fill=rgba("#3a2a4a"))
            d.rectangle([cx - 3, top + 40, cx + 3, H], fill=rgba("#2a1f36"))
    d.rectangle([0, 250, W, H], fill=rgba("#2a1f36"))
    img.save(os.path.join(OUT, "hills-dusk.png"))

def make_cave():
    img = Image.new("RGBA", (W, H))
    d = ImageDraw.Draw(img)
    d.rectangle([0, 0, W, H], fill=rgba("#1d1a26"))
    cave_rng = random.Random(23)
    for _ in range(260):
        x0, y0, r = cave_rng.randrange(W), cave_rng.randrange(H), cave_rng.randrange(3, 14)
        for ox in (0, -W, W):
            d.ellipse([x0 + ox - r, y0 - r, x0 + ox + r, y0 + r], fill=rgba(cave_rng.choice(["#24202e", "#2a2535", "#201c29"])))
    img.convert("RGB").save(os.path.join(OUT, "sky-cave.png"))
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    for tx in range(0, W, 71):  # stalactites above, columns and crystals in the middle distance
        d.polygon([(tx, 0), (tx + 26, 0), (tx + 13, 60 + (tx * 13) % 50)], fill=rgba("#302a3d"))
        d.rectangle([tx + 40, 120 + (tx * 7) % 60, tx + 52, H], fill=rgba("#2b2638"))
        d.polygon([(tx + 20, 280), (tx + 26, 250), (tx + 32, 280)], fill=rgba("#3c8aa0"))
    d.rectangle([0, 280, W, H], fill=rgba("#2b2638"))
    img.save(os.path.join(OUT, "hills-cave.png"))

def make_outback():
    """World 2's red centre: a hot sky over red mesas (its own generator, as every theme since dusk)."""
    img = Image.new("RGBA", (W, H))
    d = ImageDraw.Draw(img)
    gradient(d, [(0.0, "#3f8fd0"), (0.55, "#9fd0e8"), (1.0, "#f3d9a4")])
    d.ellipse([80, 40, 120, 80], fill=rgba("#fff3c0"))
    img.convert("RGB").save(os.path.join(OUT, "sky-outback.png"))
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    for x0, w, top in [(10, 120, 170), (190, 90, 200), (300, 160, 160), (480, 70, 210)]:  # flat-topped mesas
        for ox in (0, -W, W):
            d.polygon([(ox + x0, H), (ox + x0 + 12, top), (ox + x0 + w - 12, top), (ox + x0 + w, H)], fill=rgba("#b4583a"))
            d.line([(ox + x0 + 12, top), (ox + x0 + w - 12, top)], fill=rgba("#d27a52"), width=2)
    d.rectangle([0, 255, W, H], fill=rgba("#c96a3e"))
    for tx in range(30, W, 83):  # a desert oak here and there
        d.rectangle([tx - 1, 236, tx + 1, 256], fill=rgba("#5a3a28"))
        d.ellipse([tx - 10, 222, tx + 10, 240], fill=rgba("#6f7a3a"))
    img.save(os.path.join(OUT, "hills-outback.png"))

def make_night():
    """World 2's night forest: stars and a moon over ghost gums in silhouette."""
    img = Image.new("RGBA", (W, H))
    d = ImageDraw.Draw(img)
    gradient(d, [(0.0, "#0c1230"), (0.6, "#1e2c5a"), (1.0, "#35508a")])
    stars = random.Random(41)
    for _ in range(90):
        d.point((stars.randrange(W), stars.randrange(200)), fill=rgba("#ffffff", stars.choice([140, 200, 255])))
    d.ellipse([430, 36, 470, 76], fill=rgba("#f4f1d8"))
    d.ellipse([442, 34, 478, 70], fill=rgba("#0f1636"))  # a crescent
    img.convert("RGB").save(os.path.join(OUT, "sky-night.png"))
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    for tx in range(0, W, 71):
        for ox in (0, -W, W):
            cx = tx + ox + 30
            top = 150 + (tx * 29) % 50
            d.rectangle([cx - 3, top + 20, cx + 3, H], fill=rgba("#c8cce0", 90))  # pale ghost-gum trunks
            d.ellipse([cx - 26, top - 10, cx + 26, top + 36], fill=rgba("#182a3a"))
    d.rectangle([0, 262, W, H], fill=rgba("#141f2e"))
    img.save(os.path.join(OUT, "hills-night.png"))

# ---------------------------------------------------------------- goal flag (32x64)
def make_goal():
    img = Image.new("RGBA", (32, 64), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rectangle([6, 4, 8, 63], fill=rgba("#e6e6ee")); d.line([8, 4, 8, 63], fill=rgba("#9a9aa8"))
    d.ellipse([4, 0, 10, 6], fill=rgba("#f5c938"))
    d.polygon([(9, 7), (31, 13), (9, 21)], fill=rgba("#e8413c"))
    d.polygon([(9, 14), (31, 13), (9, 21)], fill=rgba("#c22f2a"))
    d.ellipse([13, 11, 18, 16], fill=rgba("#ffffff"))
    d.rectangle([2, 58, 12, 63], fill=rgba("#7c8290"))
    img.save(os.path.join(OUT, "goal.png"))

# ---------------------------------------------------------------- level objects (objects.png, 64x48)
# Checkpoint flag 16x32 lowered at (0, 0), raised at (16, 0); leaf 12x12 at (32, 0);
# critter 16x14 walking frames at (32, 16) and (48, 16), facing left; the medals 16x16, gold,
# silver and bronze, at (0, 32), (16, 32) and (32, 32). Dark outlines so each reads
# against every backdrop. Art.swift reads the same layout. Uses no randomness (the rng's draws
# for the other images stay as they were).
MEDALS = [("#f5c938", "#c8961c", "#fff1a8"), ("#d5dbe6", "#98a2b4", "#ffffff"), ("#d98a4e", "#9e5a2c", "#f4c08e")]

def make_objects():
    img = Image.new("RGBA", (64, 48), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    outline = rgba("#1d1a24")
    for ox, raised in ((0, False), (16, True)):
        d.rectangle([ox + 2, 3, ox + 5, 31], fill=outline)
        d.rectangle([ox + 3, 4, ox + 4, 31], fill=rgba("#e6e6ee"))
        d.rectangle([ox + 1, 28, ox + 7, 31], fill=outline); d.rectangle([ox + 2, 29, ox + 6, 30], fill=rgba("#7c8290"))
        top = 4 if raised else 17
        color, shade = (rgba("#4fd16a"), rgba("#2f9e48")) if raised else (rgba("#9a8f86"), rgba("#6f655e"))
        d.polygon([(ox + 5, top - 1), (ox + 15, top + 4), (ox + 5, top + 9)], fill=outline)
        d.polygon([(ox + 5, top), (ox + 13, top + 4), (ox + 5, top + 8)], fill=color)
        d.polygon([(ox + 5, top + 4), (ox + 13, top + 4), (ox + 5, top + 8)], fill=shade)
        d.ellipse([ox + 1, 0, ox + 6, 5], fill=outline); d.ellipse([ox + 2, 1, ox + 5, 4], fill=rgba("#f5c938" if raised else "#b0a890"))
    # A eucalyptus leaf, tilted, with its midrib.
    leaf = [(33, 10), (35, 5), (39, 1), (43, 0), (42, 4), (39, 8), (35, 11)]
    d.polygon(leaf, fill=outline)
    d.polygon([(34, 10), (36, 5), (39, 2), (42, 1), (41, 4), (38, 8), (35, 10)], fill=rgba("#8cc7a0"))
    d.line([(34, 10), (41, 2)], fill=rgba("#4d8a62"))
    d.point((39, 3), fill=rgba("#d8f0e0"))
    # The critter: a round beetle walking left, legs alternating between the frames.
    for ox, step in ((32, 0), (48, 1)):
        oy = 16
        for i, lx in enumerate((3, 7, 11)):
            x = ox + lx + (1 if (i + step) % 2 else -1)
            d.line([(ox + lx, oy + 10), (x, oy + 13)], fill=outline, width=2)
        d.ellipse([ox + 1, oy + 2, ox + 15, oy + 12], fill=outline)
        d.ellipse([ox + 2, oy + 3, ox + 14, oy + 11], fill=rgba("#b0563a"))
        d.ellipse([ox + 5, oy + 4, ox + 13, oy + 8], fill=rgba("#d9794f"))
        d.line([(ox + 9, oy + 3), (ox + 9, oy + 11)], fill=rgba("#6e2f20"))
        d.ellipse([ox + 0, oy + 4, ox + 6, oy + 10], fill=outline)
        d.ellipse([ox + 1, oy + 5, ox + 5, oy + 9], fill=rgba("#3a2a30"))
        d.point((ox + 2, oy + 6), fill=rgba("#ffffff")); d.point((ox + 2, oy + 7), fill=rgba("#101014"))
    # The medals: a disc on a ribbon, a star struck in it, a glint.
    for index, (metal, shade, shine) in enumerate(MEDALS):
        ox, oy = index * 16, 32
        d.polygon([(ox + 3, oy), (ox + 7, oy), (ox + 9, oy + 6), (ox + 6, oy + 7)], fill=outline)
        d.polygon([(ox + 12, oy), (ox + 8, oy), (ox + 6, oy + 6), (ox + 9, oy + 7)], fill=outline)
        d.polygon([(ox + 4, oy + 1), (ox + 6, oy + 1), (ox + 8, oy + 6), (ox + 7, oy + 6)], fill=rgba("#3d6fd8"))
        d.polygon([(ox + 11, oy + 1), (ox + 9, oy + 1), (ox + 7, oy + 6), (ox + 8, oy + 6)], fill=rgba("#e8413c"))
        d.ellipse([ox + 2, oy + 5, ox + 13, oy + 15], fill=outline)
        d.ellipse([ox + 3, oy + 6, ox + 12, oy + 14], fill=rgba(shade))
        d.ellipse([ox + 3, oy + 6, ox + 11, oy + 13], fill=rgba(metal))
        cx, cy = ox + 7.5, oy + 10
        star = [(cx + (2.6 if i % 2 == 0 else 1.1) * math.sin(i * math.pi / 5), cy - (2.6 if i % 2 == 0 else 1.1) * math.cos(i * math.pi / 5)) for i in range(10)]
        d.polygon(star, fill=rgba(shade))
        d.point([(ox + 5, oy + 7), (ox + 4, oy + 8)], fill=rgba(shine))
    img.save(os.path.join(OUT, "objects.png"))

# ---------------------------------------------------------------- HUD: white, drawn translucent and tinted
# Joystick base 80x80 at x 0, knob 40x40 at x 80, button 56x56 at x 120 (pressed at x 176),
# pause button 32x32 at x 232. Art.swift reads the same layout.
def make_hud():
    img = Image.new("RGBA", (264, 80), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.ellipse([1, 1, 78, 78], fill=(255, 255, 255, 46), outline=(255, 255, 255, 190), width=3)
    d.ellipse([22, 22, 57, 57], outline=(255, 255, 255, 70), width=1)
    d.ellipse([81, 1, 118, 38], fill=(255, 255, 255, 200), outline=(40, 36, 52, 200), width=2)
    d.ellipse([90, 8, 102, 18], fill=(255, 255, 255, 255))
    d.ellipse([121, 1, 174, 54], fill=(255, 255, 255, 64), outline=(255, 255, 255, 200), width=3)
    d.ellipse([177, 1, 230, 54], fill=(255, 255, 255, 170), outline=(255, 255, 255, 255), width=3)
    d.ellipse([233, 1, 262, 30], fill=(255, 255, 255, 64), outline=(255, 255, 255, 200), width=2)
    d.rectangle([242, 9, 245, 22], fill=(255, 255, 255, 230))
    d.rectangle([250, 9, 253, 22], fill=(255, 255, 255, 230))
    img.save(os.path.join(OUT, "hud.png"))

# ---------------------------------------------------------------- controller button glyphs
# Cells of 14x14. Rows: 0 Xbox, 1 PlayStation, 2 Nintendo, 3 generic pad; columns: 0 bottom face
# button, 1 right, 2 left, 3 top, 4 Start/Menu/Options/+, 5 Back/View/Create/-, 6 left shoulder,
# 7 right shoulder, 8 left trigger, 9 right trigger, 10 left stick press, 11 right stick press,
# 12 guide. Row 4: d-pad up, down, left, right, the left stick, the on-screen A, B, pause and
# joystick, then a keycap's left edge, middle and right edge (Art.swift reads the same layout).
# Drawn pixel by pixel (letters from a 3x5 pixel alphabet), so they stay crisp at any whole scale.
BTN = 14
MINI = {  # 3x5 letters and digits for the small labels
    "A": [".#.", "#.#", "###", "#.#", "#.#"], "B": ["##.", "#.#", "##.", "#.#", "##."],
    "X": ["#.#", "#.#", ".#.", "#.#", "#.#"], "Y": ["#.#", "#.#", ".#.", ".#.", ".#."],
    "L": ["#..", "#..", "#..", "#..", "###"], "R": ["##.", "#.#", "##.", "#.#", "#.#"],
    "T": ["###", ".#.", ".#.", ".#.", ".#."], "S": [".##", "#..", ".#.", "..#", "##."],
    "Z": ["###", "..#", ".#.", "#..", "###"], "1": [".#.", "##.", ".#.", ".#.", "###"],
    "2": ["##.", "..#", ".#.", "#..", "###"], "3": ["##.", "..#", ".#.", "..#", "##."],
}

def mini_text(d, text, cx, cy, color, scale=1):
    width = len(text) * 4 * scale - scale
    x0, y0 = cx - width // 2, cy - (5 * scale) // 2
    for i, ch in enumerate(text):
        for row, line in enumerate(MINI[ch]):
            for col, bit in enumerate(line):
                if bit == "#":
                    x, y = x0 + i * 4 * scale + col * scale, y0 + row * scale
                    d.rectangle([x, y, x + scale - 1, y + scale - 1], fill=color)

RIM = "#c8c4d4"  # a light rim: glyphs stay readable on the dimmed pause screen and on dark levels

def face(d, ox, oy, body, mark=None, letter=None, letter_color=None):
    d.ellipse([ox, oy, ox + 13, oy + 13], fill=rgba("#2b2533"), outline=rgba(RIM))
    d.ellipse([ox + 1, oy + 1, ox + 12, oy + 12], fill=body)
    if letter:
        mini_text(d, letter, ox + 7, oy + 7, letter_color, scale=2 if len(letter) == 1 else 1)
    if mark:
        mark(d, ox, oy)

def pill(d, ox, oy, label=None, color=(255, 255, 255, 255), shape=None):
    d.rounded_rectangle([ox, oy + 2, ox + 13, oy + 11], radius=3, fill=rgba("#3a3446"), outline=rgba(RIM))
    if label:
        mini_text(d, label, ox + 7, oy + 7, color)
    if shape:
        shape(d, ox, oy)

def make_buttons():
    img = Image.new("RGBA", (BTN * 13, BTN * 5), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    dark = rgba("#3a3446")
    white = rgba("#f4f4f8")
    def at(col, row): return col * BTN, row * BTN
    # Xbox: dark buttons, coloured letters (A green, B red, X blue, Y yellow)
    for col, (letter, color) in enumerate([("A", "#52c45a"), ("B", "#ef4a4a"), ("X", "#4a8cf0"), ("Y", "#f5c232")]):
        face(d, *at(col, 0), dark, letter=letter, letter_color=rgba(color))
    # PlayStation: dark buttons, coloured symbols (cross blue, circle red, square pink, triangle green)
    def cross(d, ox, oy):
        d.line([ox + 4, oy + 4, ox + 9, oy + 9], fill=rgba("#8fb6f2"), width=2); d.line([ox + 9, oy + 4, ox + 4, oy + 9], fill=rgba("#8fb6f2"), width=2)
    def circle(d, ox, oy): d.ellipse([ox + 3, oy + 3, ox + 10, oy + 10], outline=rgba("#ff7070"), width=2)
    def square(d, ox, oy): d.rectangle([ox + 4, oy + 4, ox + 9, oy + 9], outline=rgba("#ee9be0"), width=2)
    def triangle(d, ox, oy):
        d.polygon([(ox + 7, oy + 3), (ox + 11, oy + 10), (ox + 3, oy + 10)], outline=rgba("#48dcb0"))
        d.polygon([(ox + 7, oy + 4), (ox + 10, oy + 9), (ox + 4, oy + 9)], outline=rgba("#48dcb0"))
    for col, mark in enumerate([cross, circle, square, triangle]):
        face(d, *at(col, 1), dark, mark=mark)
    # Nintendo: as printed, bottom B, right A, left Y, top X; light letters on dark buttons
    for col, letter in enumerate(["B", "A", "Y", "X"]):
        face(d, *at(col, 2), dark, letter=letter, letter_color=white)
    # Generic: the four-button diamond with the one meant filled in
    for col, (dx, dy) in enumerate([(0, 4), (4, 0), (-4, 0), (0, -4)]):
        ox, oy = at(col, 3)
        face(d, ox, oy, dark)
        for px, py in [(0, 4), (4, 0), (-4, 0), (0, -4)]:
            filled = (px, py) == (dx, dy)
            d.ellipse([ox + 6 + px - 1, oy + 6 + py - 1, ox + 8 + px, oy + 8 + py], fill=white if filled else None, outline=white)
    # Start / Back by family
    def menu_lines(d, ox, oy):
        for y in (5, 7, 9): d.line([ox + 4, oy + y - 0, ox + 9, oy + y], fill=white)
    def view_squares(d, ox, oy):
        d.rectangle([ox + 3, oy + 4, ox + 7, oy + 8], outline=white); d.rectangle([ox + 6, oy + 6, ox + 10, oy + 10], outline=white, fill=rgba("#3a3446"))
    def plus(d, ox, oy): d.rectangle([ox + 4, oy + 6, ox + 9, oy + 7], fill=white); d.rectangle([ox + 6, oy + 4, ox + 7, oy + 9], fill=white)
    def minus(d, ox, oy): d.rectangle([ox + 4, oy + 6, ox + 9, oy + 7], fill=white)
    def start_arrow(d, ox, oy): d.polygon([(ox + 5, oy + 4), (ox + 9, oy + 7), (ox + 5, oy + 10)], fill=white)
    def select_arrow(d, ox, oy): d.polygon([(ox + 9, oy + 4), (ox + 5, oy + 7), (ox + 9, oy + 10)], fill=white)
    def create(d, ox, oy):
        for x, y in [(5, 5), (8, 5), (5, 8), (8, 8)]: d.point((ox + x, oy + y), fill=white); d.point((ox + x + 1, oy + y), fill=white)
    for row, (start, back) in enumerate([(menu_lines, view_squares), (menu_lines, create), (plus, minus), (start_arrow, select_arrow)]):
        if row == 0:  # Xbox's Menu and View buttons are round; PlayStation's Options and Create are pills
            for col, shape in [(4, start), (5, back)]:
                ox, oy = at(col, row)
                d.ellipse([ox, oy, ox + 13, oy + 13], fill=rgba("#3a3446"), outline=rgba(RIM))
                shape(d, ox, oy)
            continue
        pill(d, *at(4, row), shape=start)
        pill(d, *at(5, row), shape=back)
    # Shoulders, triggers, stick presses, guide
    labels = [("LB", "RB", "LT", "RT", "LS", "RS"), ("L1", "R1", "L2", "R2", "L3", "R3"),
              ("L", "R", "ZL", "ZR", "LS", "RS"), ("L1", "R1", "L2", "R2", "L3", "R3")]
    for row, names in enumerate(labels):
        for i, name in enumerate(names):
            pill(d, *at(6 + i, row), label=name)
        ox, oy = at(12, row)
        d.ellipse([ox + 1, oy + 1, ox + 12, oy + 12], fill=rgba("#3a3446"), outline=rgba(RIM))
        d.ellipse([ox + 4, oy + 4, ox + 9, oy + 9], fill=white)
    # Row 4: the d-pad's directions, the left stick
    for col, (dx, dy) in enumerate([(0, -1), (0, 1), (-1, 0), (1, 0)]):
        ox, oy = at(col, 4)
        d.rectangle([ox + 5, oy + 1, ox + 8, oy + 12], fill=dark, outline=rgba("#15121a"))
        d.rectangle([ox + 1, oy + 5, ox + 12, oy + 8], fill=dark, outline=rgba("#15121a"))
        d.rectangle([ox + 6, oy + 2, ox + 7, oy + 11], fill=dark); d.rectangle([ox + 2, oy + 6, ox + 11, oy + 7], fill=dark)
        # the arm meant, in white
        arm = {(0, -1): [6, 2, 7, 5], (0, 1): [6, 8, 7, 11], (-1, 0): [2, 6, 5, 7], (1, 0): [8, 6, 11, 7]}[(dx, dy)]
        d.rectangle([ox + arm[0], oy + arm[1], ox + arm[2], oy + arm[3]], fill=white)
    ox, oy = at(4, 4)
    d.ellipse([ox, oy, ox + 13, oy + 13], fill=dark, outline=rgba("#15121a"))
    d.ellipse([ox + 3, oy + 3, ox + 10, oy + 10], fill=rgba("#6a6478"), outline=white)
    # The on-screen controls: A, B, pause, joystick (white rings, as the HUD draws them)
    for col, letter in [(5, "A"), (6, "B")]:
        ox, oy = at(col, 4)
        d.ellipse([ox, oy, ox + 13, oy + 13], fill=(255, 255, 255, 70), outline=white)
        mini_text(d, letter, ox + 7, oy + 7, white, scale=2)
    ox, oy = at(7, 4)
    d.ellipse([ox, oy, ox + 13, oy + 13], fill=(255, 255, 255, 70), outline=white)
    d.rectangle([ox + 4, oy + 4, ox + 5, oy + 9], fill=white); d.rectangle([ox + 8, oy + 4, ox + 9, oy + 9], fill=white)
    ox, oy = at(8, 4)
    d.ellipse([ox, oy, ox + 13, oy + 13], fill=(255, 255, 255, 50), outline=white)
    d.ellipse([ox + 4, oy + 4, ox + 9, oy + 9], fill=white)
    # A keycap, cut in three: left edge, a middle column to stretch behind the key's name, right edge
    ox, oy = at(9, 4)
    d.rounded_rectangle([ox, oy, ox + 13 + 2 * BTN, oy + 13], radius=3, fill=rgba("#e8e6ee"), outline=rgba("#15121a"))
    d.rectangle([ox + 1, oy + 11, ox + 12 + 2 * BTN, oy + 12], fill=rgba("#a9a4b8"))
    d.rounded_rectangle([ox, oy, ox + 13 + 2 * BTN, oy + 13], radius=3, outline=rgba("#15121a"))
    img.save(os.path.join(OUT, "buttons.png"))

# ---------------------------------------------------------------- desktop icons (hicolor theme)
# The koala's head on a leaf-green rounded tile. Pixel art, so each size is a whole multiple of
# a small master drawn pixel by pixel: 16, 22, 24 (and 48 at 2×), 32 (and 64/128/256 at 2/4/8×).
ICON_SIZES = [16, 22, 24, 32, 48, 64, 128, 256]

def icon_master(size):
    layer = Image.new("RGBA", (size, size), rgba("#5fb04a"))
    d = ImageDraw.Draw(layer)
    d.rectangle([0, size * 3 // 4, size - 1, size - 1], fill=rgba("#3f8a34"))
    if size >= 22:
        put_map(layer, HEAD, (size - len(HEAD[0])) // 2, (size - len(HEAD)) // 2 + 1, PAL)
    else:  # 16 px: every other column and row of the head, which keeps ears, eye and nose
        small = [row[::2] for row in HEAD[::2]] + [HEAD[-1][::2]]
        put_map(layer, small, (size - len(small[0])) // 2, (size - len(small)) // 2 + 1, PAL)
    mask = Image.new("L", (size, size), 0)
    ImageDraw.Draw(mask).rounded_rectangle([0, 0, size - 1, size - 1], radius=size // 5, fill=255)
    img = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    img.paste(layer, (0, 0), mask)
    ImageDraw.Draw(img).rounded_rectangle([0, 0, size - 1, size - 1], radius=size // 5, outline=rgba("#2b2533"))
    return img

def make_icons():
    masters = {size: icon_master(size) for size in (16, 22, 24, 32)}
    for size in ICON_SIZES:
        base = size if size in masters else 24 if size % 24 == 0 else 32
        img = masters[base].resize((size, size), Image.NEAREST)
        folder = os.path.join(ICONS, f"{size}x{size}", "apps")
        os.makedirs(folder, exist_ok=True)
        img.save(os.path.join(folder, "koalio.png"))

if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    make_koala(); make_tiles(); make_sky(); make_hills(); make_dusk(); make_cave(); make_goal(); make_font.main(); make_hud(); make_buttons(); make_icons(); make_objects(); make_outback(); make_night()
    print("wrote", ", ".join(sorted(f for f in os.listdir(OUT) if f.endswith(".png"))))
