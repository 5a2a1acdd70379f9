#!/usr/bin/env python3
"""Draws koalio's bitmap font atlas, Resources/font.png, and its table of cells,
Sources/App/KoalioView/FontCells.swift: 8x12 cells, 16 to a row.

Rerun after a translation gains a character:  /usr/bin/python3 tools/make_font.py
(Debian: python3-pil, python3-fonttools, fonts-dejavu-core, fonts-misaki). No TrueType is read at run time: the
atlas is pixels, so the screenshots are the same on every Debian.

- ASCII 32...127 first, where it has always been (the cell of code c is c - 32).
- Then, packed in this order, every character with pixels: Latin-1, Latin Extended-A, Greek,
  Cyrillic, general punctuation and Arabic presentation forms (B, and A's ligatures) from DejaVu
  Sans Mono Bold (Bitstream Vera licence), drawn as the ASCII ones are; Japanese punctuation,
  kana, fullwidth forms and the kanji the catalogues (po/*.po) use from Misaki Gothic, an 8x8
  pixel font (fonts-misaki; its own free licence), in the cell's middle rows.
"""
import glob
import os
from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
GLYPH_W, GLYPH_H, COLUMNS = 8, 12, 16
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"
MISAKI = "/usr/share/fonts/truetype/misaki/misaki_gothic.ttf"

LATIN_AND_OTHERS = (list(range(0xA0, 0x100)) + list(range(0x100, 0x180)) + list(range(0x370, 0x400))
                    + list(range(0x400, 0x500)) + list(range(0x2010, 0x2028)) + [0x20AC, 0x060C, 0x061B, 0x061F, 0x0621, 0x0640]
                    + list(range(0xFE70, 0xFF00)) + list(range(0xFEF5, 0xFEFD)))
JAPANESE_FIXED = list(range(0x3000, 0x3040)) + list(range(0x3040, 0x3100)) + list(range(0xFF01, 0xFF61))
SPACES = {0xA0, 0x3000}


def catalog_kanji():
    """The CJK ideographs the game draws from the shipped catalogues (and the languages' own names), in code order."""
    found = set()
    # Only the messages the game draws: those whose note gives their room ("#. At most N
    # characters."); the phone's page and the desktop files have fonts of their own.
    for path in glob.glob(os.path.join(ROOT, "po", "*.po")):
        for entry in open(path, encoding="utf-8").read().split("\n\n"):
            if "#. At most" in entry:
                found.update(ord(c) for line in entry.split("\n") if line.startswith(("msgstr", '"'))
                             for c in line if 0x3400 <= ord(c) <= 0x9FFF)
    for line in open(os.path.join(ROOT, "Sources", "Model", "KoalioText", "Language.swift"), encoding="utf-8"):
        if "case ." in line:  # each language's own name, as the setting lists it
            found.update(ord(c) for c in line if 0x3400 <= ord(c) <= 0x9FFF)
    return sorted(found)


def cell(font, char, origin):
    """The character drawn in a cell-sized 1-bit mask (nothing spills into a neighbour)."""
    mask = Image.new("1", (GLYPH_W, GLYPH_H), 0)
    draw = ImageDraw.Draw(mask)
    draw.fontmode = "1"  # no anti-aliasing: crisp pixels when scaled up
    draw.text(origin, char, font=font, fill=1)
    return mask


def main():
    dejavu = ImageFont.truetype(DEJAVU, 11)
    misaki = ImageFont.truetype(MISAKI, 8)
    # A character the font has no glyph for would be drawn as its empty box: left out instead.
    has_dejavu = set(TTFont(DEJAVU).getBestCmap())
    has_misaki = set(TTFont(MISAKI).getBestCmap())
    cells = []  # (code, mask)
    for code in range(32, 128):
        cells.append((code, cell(dejavu, chr(code), (1, -2 if code == ord("_") else -1))))
    extra = []
    seen = set(range(32, 128))
    for code in LATIN_AND_OTHERS:
        if code in seen or code not in has_dejavu:
            continue
        seen.add(code)
        # Arabic's joining strokes reach the cell's edges: drawn from its left edge, not one in.
        x = 0 if code >= 0xFB50 else 1
        mask = cell(dejavu, chr(code), (x, -1))
        if mask.getbbox() or code in SPACES:
            extra.append((code, mask))
    for code in JAPANESE_FIXED + catalog_kanji():
        if code in seen or code not in has_misaki:
            continue
        seen.add(code)
        mask = cell(misaki, chr(code), (0, 2))
        if mask.getbbox() or code in SPACES:
            extra.append((code, mask))
    cells += extra
    rows = (len(cells) + COLUMNS - 1) // COLUMNS
    img = Image.new("RGBA", (GLYPH_W * COLUMNS, GLYPH_H * rows), (0, 0, 0, 0))
    white = Image.new("RGBA", (GLYPH_W, GLYPH_H), (255, 255, 255, 255))
    for index, (_, mask) in enumerate(cells):
        img.paste(white, ((index % COLUMNS) * GLYPH_W, (index // COLUMNS) * GLYPH_H), mask)
    img.save(os.path.join(ROOT, "Resources", "font.png"), optimize=True)
    lines = [
        "// Made by tools/make_font.py with Resources/font.png: do not edit; run it again.",
        "extension Art {",
        "    /// The atlas's cells after ASCII's 96, in order, by Unicode scalar value: Latin, Greek,",
        "    /// Cyrillic, punctuation and Arabic presentation forms from DejaVu Sans Mono Bold; Japanese",
        "    /// from Misaki Gothic (the kanji the catalogues use). Characters without pixels are left out.",
        "    static let extraGlyphs: [UInt32] = [",
    ]
    codes = [code for code, _ in extra]
    for start in range(0, len(codes), 12):
        lines.append("        " + " ".join(f"0x{c:04X}," for c in codes[start:start + 12]))
    lines += ["    ]", "}", ""]
    open(os.path.join(ROOT, "Sources", "App", "KoalioView", "FontCells.swift"), "w").write("\n".join(lines))
    print(f"font.png: {len(cells)} cells in {rows} rows ({len(extra)} beyond ASCII)")


if __name__ == "__main__":
    main()
