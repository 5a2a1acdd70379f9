#!/usr/bin/env python3
"""Draws koalio's bitmap font atlas, Resources/font.png, and its table of glyphs,
Sources/App/KoalioView/FontCells.swift: a grid of 8x12 cells, 16 to a row; a glyph wider
than 8 pixels takes two cells side by side (never split across rows).

Rerun after a translation gains a character:  /usr/bin/python3 tools/make_font.py
(Debian: python3-pil, python3-fonttools, fonts-dejavu-core, xfonts-shinonome, pcf2bdf). No font
file is read at run time: the atlas is pixels, so the screenshots are the same on every Debian.

- ASCII 32...127 first, where it has always been (the cell of code c is c - 32), 8 wide.
- Then, packed in this order, every character with pixels: Latin-1, Latin Extended-A, Greek,
  Cyrillic and general punctuation from DejaVu Sans Mono Bold (Bitstream Vera licence), 8 wide
  as the ASCII ones are; Arabic presentation forms (B, and A's ligatures) from DejaVu Sans Bold,
  each as wide as the font advances it (proportional, so joined letters meet their neighbours);
  Japanese punctuation, kana, fullwidth forms and the kanji the catalogues (po/*.po) use from
  Shinonome Gothic 12, a 12x12 JIS X 0208 bitmap font (xfonts-shinonome, public domain), 12
  wide: full-width, one and a half Latin cells.
"""
import glob
import os
from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
GLYPH_W, GLYPH_H, COLUMNS = 8, 12, 16
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"
DEJAVU_PROPORTIONAL = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
SHINONOME = "/usr/share/fonts/X11/misc/shnmk12.pcf.gz"
JAPANESE_W = 12
ARABIC_THRESHOLD = 50  # of 255: a smoothed pixel at least this covered is drawn

LATIN_AND_OTHERS = (list(range(0xA0, 0x100)) + list(range(0x100, 0x180)) + list(range(0x370, 0x400))
                    + list(range(0x400, 0x500)) + list(range(0x2010, 0x2028)) + [0x20AC])
ARABIC = [0x060C, 0x061B, 0x061F, 0x0621, 0x0640] + list(range(0xFE70, 0xFEFD))
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


def shinonome():
    """Shinonome Gothic 12's glyphs by Unicode scalar: its PCF through pcf2bdf, each 12x12 bitmap
    as a 1-bit mask (the font is JIS X 0208, each code read through EUC-JP)."""
    import gzip
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory() as scratch:
        pcf = os.path.join(scratch, "font.pcf")
        with gzip.open(SHINONOME) as packed, open(pcf, "wb") as unpacked:
            unpacked.write(packed.read())
        bdf = subprocess.run(["pcf2bdf", pcf], check=True, capture_output=True, text=True).stdout
    glyphs = {}
    for chunk in bdf.split("STARTCHAR")[1:]:
        fields = dict(line.split(" ", 1) for line in chunk.split("\n") if " " in line)
        jis = int(fields["ENCODING"])
        try:
            code = ord(bytes([(jis >> 8) | 0x80, (jis & 0xFF) | 0x80]).decode("euc_jp"))
        except (UnicodeDecodeError, TypeError):
            continue
        width, height, x_offset, y_offset = (int(v) for v in fields["BBX"].split())
        rows = chunk.split("BITMAP\n", 1)[1].split("ENDCHAR", 1)[0].split()
        mask = Image.new("1", (JAPANESE_W, GLYPH_H), 0)
        top = 10 - (y_offset + height)  # the font's ascent is 10 of its 12 rows
        for y, row in enumerate(rows):
            bits = int(row, 16)
            span = len(row) * 4
            for x in range(width):
                if bits >> (span - 1 - x) & 1 and 0 <= top + y < GLYPH_H and 0 <= x_offset + x < JAPANESE_W:
                    mask.putpixel((x_offset + x, top + y), 1)
        glyphs[code] = mask
    return glyphs


def cell(font, char, origin, width=GLYPH_W):
    """The character drawn in a `width`-wide 1-bit mask (nothing spills into a neighbour)."""
    mask = Image.new("1", (width, GLYPH_H), 0)
    draw = ImageDraw.Draw(mask)
    draw.fontmode = "1"  # no anti-aliasing: crisp pixels when scaled up
    draw.text(origin, char, font=font, fill=1)
    return mask


def main():
    dejavu = ImageFont.truetype(DEJAVU, 11)
    # 10 pixels: Arabic's tall letters and the dots below the line both fit the cell's 12 rows.
    proportional = ImageFont.truetype(DEJAVU_PROPORTIONAL, 10)
    japanese = shinonome()
    # A character the font has no glyph for would be drawn as its empty box: left out instead.
    has_dejavu = set(TTFont(DEJAVU).getBestCmap())
    has_proportional = set(TTFont(DEJAVU_PROPORTIONAL).getBestCmap())
    glyphs = []  # (code, mask): the mask's width is the glyph's advance
    for code in range(32, 128):
        glyphs.append((code, cell(dejavu, chr(code), (1, -2 if code == ord("_") else -1))))
    seen = set(range(32, 128))
    for code in LATIN_AND_OTHERS:
        if code in seen or code not in has_dejavu:
            continue
        seen.add(code)
        mask = cell(dejavu, chr(code), (1, -1))
        if mask.getbbox() or code in SPACES:
            glyphs.append((code, mask))
    for code in ARABIC:
        if code in seen or code not in has_proportional:
            continue
        seen.add(code)
        # As wide as the font advances it: a joining stroke reaches the edge its neighbour's meets.
        advance = max(1, min(2 * GLYPH_W, round(proportional.getlength(chr(code)))))
        # Drawn smooth and cut at a low threshold: the font's hinting drops the dots under the
        # line in 1-bit drawing, and a dot is what tells beh from teh from yeh.
        smooth = Image.new("L", (advance, GLYPH_H), 0)
        ImageDraw.Draw(smooth).text((0, 0), chr(code), font=proportional, fill=255)
        mask = smooth.point(lambda level: 255 if level >= ARABIC_THRESHOLD else 0).convert("1")
        if mask.getbbox():
            glyphs.append((code, mask))
    for code in JAPANESE_FIXED + catalog_kanji():
        if code in seen or code not in japanese:
            continue
        seen.add(code)
        if japanese[code].getbbox() or code in SPACES:
            glyphs.append((code, japanese[code]))
    # Packed into the grid: one cell for a glyph up to 8 wide, two for a wider one, which moves
    # to the next row rather than straddle the edge.
    placed = []  # (code, first cell, width, mask)
    index = 0
    for code, mask in glyphs:
        span = 1 if mask.width <= GLYPH_W else 2
        if index % COLUMNS + span > COLUMNS:
            index += COLUMNS - index % COLUMNS
        placed.append((code, index, mask.width, mask))
        index += span
    rows = (index + COLUMNS - 1) // COLUMNS
    img = Image.new("RGBA", (GLYPH_W * COLUMNS, GLYPH_H * rows), (0, 0, 0, 0))
    for code, first, width, mask in placed:
        white = Image.new("RGBA", (width, GLYPH_H), (255, 255, 255, 255))
        img.paste(white, ((first % COLUMNS) * GLYPH_W, (first // COLUMNS) * GLYPH_H), mask)
    img.save(os.path.join(ROOT, "Resources", "font.png"), optimize=True)
    extra = placed[96:]
    lines = [
        "// Made by tools/make_font.py with Resources/font.png: do not edit; run it again.",
        "extension Art {",
        "    /// The atlas's glyphs after ASCII's 96, in order, each its Unicode scalar value and its",
        "    /// width in pixels (bits 24 and up): Latin, Greek, Cyrillic and punctuation from DejaVu Sans",
        "    /// Mono Bold; Arabic presentation forms from DejaVu Sans Bold (proportional); Japanese from",
        "    /// Shinonome Gothic 12 (full-width, the kanji the catalogues use). Characters without",
        "    /// pixels are left out. Packed into the grid as ``extraGlyphPlaces`` reads it.",
        "    static let extraGlyphs: [UInt32] = [",
    ]
    packed = [code | width << 24 for code, _, width, _ in extra]
    for start in range(0, len(packed), 8):
        lines.append("        " + " ".join(f"0x{v:08X}," for v in packed[start:start + 8]))
    lines += ["    ]", "}", ""]
    open(os.path.join(ROOT, "Sources", "App", "KoalioView", "FontCells.swift"), "w").write("\n".join(lines))
    print(f"font.png: {len(placed)} glyphs in {rows} rows ({len(extra)} beyond ASCII)")


if __name__ == "__main__":
    main()
