#!/usr/bin/env python3
"""Writes the TMX loader's test maps into Tests/Fixtures/maps/: one tiny 4x3 map per encoding
Tiled writes (csv, base64, zlib, gzip, xml), one with an external .tsx, and broken ones.
Rerun with `python3 tools/make_test_maps.py`; Tests/KoalioLevelTests/TMXLoaderTests.swift reads them.
The tileset images (a.png, sub/b.png) are plain grey PNGs of the sizes the maps declare."""
import base64, gzip, struct, zlib, os
out = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'Tests', 'Fixtures', 'maps')
W, H = 4, 3
FLIP_H, FLIP_V, FLIP_D = 0x80000000, 0x40000000, 0x20000000
walls = [0,0,0,0, 0,0,0,5|FLIP_H, 1,2|FLIP_V,3|FLIP_D,4]
bg = [0]*12
hz = [0,0,9,0, 0,0,0,0, 0,0,0,0]
def raw(g): return b''.join(struct.pack('<I', v) for v in g)
def data(g, enc):
    if enc == 'csv': return '<data encoding="csv">\n' + ','.join(map(str, g)) + '\n</data>'
    if enc == 'base64': return '<data encoding="base64">\n   ' + base64.b64encode(raw(g)).decode() + '\n  </data>'
    if enc == 'zlib': return '<data encoding="base64" compression="zlib">' + base64.b64encode(zlib.compress(raw(g))).decode() + '</data>'
    if enc == 'gzip': return '<data encoding="base64" compression="gzip">' + base64.b64encode(gzip.compress(raw(g), mtime=0)).decode() + '</data>'
    if enc == 'xml': return '<data>' + ''.join('<tile gid="%d"/>' % v for v in g) + '</data>'
inline_ts = ' <tileset firstgid="1" name="a" tilewidth="16" tileheight="16" tilecount="8" columns="4">\n  <image source="a.png" width="64" height="32"/>\n </tileset>\n <tileset firstgid="9" name="b" tilewidth="16" tileheight="16" tilecount="4" columns="2"><image source="sub/b.png" width="32" height="32"/></tileset>\n'
external_ts = ' <tileset firstgid="1" source="tiles/a.tsx"/>\n <tileset firstgid="9" name="b" tilewidth="16" tileheight="16" tilecount="4" columns="2"><image source="sub/b.png" width="32" height="32"/></tileset>\n'
def tmx(enc, tilesets=inline_ts, layers=None):
    layers = layers if layers is not None else [('background', bg), ('walls', walls), ('hazards', hz)]
    s = '<?xml version="1.0" encoding="UTF-8"?>\n<!-- a koalio test map -->\n<map version="1.10" orientation="orthogonal" renderorder="right-down" width="%d" height="%d" tilewidth="16" tileheight="16" infinite="0">\n' % (W, H)
    s += tilesets
    for i, (name, g) in enumerate(layers):
        s += ' <layer id="%d" name="%s" width="%d" height="%d">\n  %s\n </layer>\n' % (i + 1, name, W, H, data(g, enc))
    s += ' <objectgroup id="9" name="objects">\n  <object id="1" name="spawn" x="8" y="0" width="16" height="16"/>\n  <object id="2" type="goal" x="48" y="0" width="16" height="32"/>\n </objectgroup>\n'
    return s + '</map>\n'
def png(path, w, h):
    def chunk(kind, body): return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body))
    rows = b''.join(b'\x00' + b'\x80\x80\x80' * w for _ in range(h))
    open(path, 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
                           + chunk(b'IDAT', zlib.compress(rows, 9)) + chunk(b'IEND', b''))
os.makedirs(os.path.join(out, 'tiles'), exist_ok=True)
os.makedirs(os.path.join(out, 'sub'), exist_ok=True)
png(f'{out}/a.png', 64, 32)
png(f'{out}/sub/b.png', 32, 32)
for enc in ['csv', 'base64', 'zlib', 'gzip', 'xml']:
    open(f'{out}/{enc}.tmx', 'w').write(tmx(enc))
open(f'{out}/tiles/a.tsx', 'w').write('<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.10" name="a" tilewidth="16" tileheight="16" tilecount="8" columns="4">\n <image source="../a.png" width="64" height="32"/>\n</tileset>\n')
open(f'{out}/external.tmx', 'w').write(tmx('csv', tilesets=external_ts))
bad = {  # one problem each
 'isometric': tmx('csv').replace('orientation="orthogonal"', 'orientation="isometric"'),
 'unknown-encoding': tmx('csv').replace('encoding="csv"', 'encoding="hex"', 1),
 'zstd': tmx('zlib').replace('compression="zlib"', 'compression="zstd"', 1),
 'short-layer': tmx('csv', layers=[('background', bg), ('walls', walls[:-1]), ('hazards', hz)]),
 'missing-layer': tmx('csv', layers=[('background', bg), ('hazards', hz)]),
 'unknown-tile': tmx('csv', layers=[('background', bg), ('walls', walls[:-1] + [99]), ('hazards', hz)]),
 'missing-tsx': tmx('csv', tilesets=external_ts.replace('tiles/a.tsx', 'tiles/nope.tsx')),
 'not-xml': tmx('csv')[:300],
 'corrupt-zlib': tmx('zlib').replace('<data encoding="base64" compression="zlib">', '<data encoding="base64" compression="zlib">AAAA', 1),
 'infinite': tmx('csv').replace('infinite="0"', 'infinite="1"'),
}
for name, text in bad.items():
    open(f'{out}/bad-{name}.tmx', 'w').write(text)

# Maps as a level author brings them from Tiled (Tests/Fixtures/maps/author/): layers by class,
# scenery, a foreground, an image layer and a background colour, an image-collection tileset
# whose images have no size in the file, an animated tile, flipped tiles, and 32 px tiles.
def rgb_png(path, w, h, pixel):
    def chunk(kind, body): return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body))
    rows = b''.join(b'\x00' + b''.join(bytes(pixel(x, y)) for x in range(w)) for y in range(h))
    open(path, 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
                           + chunk(b'IDAT', zlib.compress(rows, 9)) + chunk(b'IEND', b''))
QUADS = [[(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)],      # tile 0: red green / blue white
         [(0, 255, 255), (255, 0, 255), (255, 255, 0), (40, 40, 40)],    # tile 1: cyan magenta / yellow grey
         [(90, 60, 30)] * 4, [(200, 120, 60)] * 4]                       # tiles 2, 3: plain
def quad_tile(tile, x, y, side):
    return QUADS[tile][(2 if y >= side // 2 else 0) + (1 if x >= side // 2 else 0)]
author = os.path.join(out, 'author')
os.makedirs(author, exist_ok=True)
rgb_png(f'{author}/quads.png', 64, 16, lambda x, y: quad_tile(x // 16, x % 16, y, 16))
rgb_png(f'{author}/quads32.png', 64, 32, lambda x, y: quad_tile(x // 32, x % 32, y, 32))
rgb_png(f'{author}/tree.png', 32, 48, lambda x, y: (20, 140, 60) if y < 32 else (110, 70, 30))
rgb_png(f'{author}/stone.png', 16, 16, lambda x, y: (128, 128, 140))
rgb_png(f'{author}/clouds.png', 40, 20, lambda x, y: (240, 240, 250))
AW, AH = 12, 6
def grid(cells):
    g = [0] * (AW * AH)
    for (c, r), v in cells.items(): g[r * AW + c] = v
    return ','.join(map(str, g))
ground = {(c, AH - 1): 3 for c in range(AW)}
# tile ids: quads tileset firstgid 1 (ids 1-4: tile 0 is 1; tile 3 animates 0 -> 1), collection firstgid 5 (tree 5, stone 6)
scenery = {(1, 1): 1, (2, 1): 1 | FLIP_H, (3, 1): 1 | FLIP_V, (4, 1): 1 | FLIP_D, (5, 1): 1 | FLIP_H | FLIP_V | FLIP_D, (6, 1): 4,
           (8, 4): 5, (10, 4): 6}
roles_tmx = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="{AW}" height="{AH}" tilewidth="16" tileheight="16" infinite="0" backgroundcolor="#336699" nextlayerid="8" nextobjectid="3">
 <tileset firstgid="1" name="quads" tilewidth="16" tileheight="16" tilecount="4" columns="4">
  <image source="quads.png" width="64" height="16"/>
  <tile id="3">
   <animation>
    <frame tileid="0" duration="1000"/>
    <frame tileid="1" duration="1000"/>
   </animation>
  </tile>
 </tileset>
 <tileset firstgid="5" name="things" tilewidth="32" tileheight="48" tilecount="2" columns="0">
  <grid orientation="orthogonal" width="1" height="1"/>
  <tile id="0"><image source="tree.png"/></tile>
  <tile id="1"><image source="stone.png"/></tile>
 </tileset>
 <imagelayer id="1" name="Clouds" offsetx="100" offsety="4">
  <image source="clouds.png"/>
 </imagelayer>
 <layer id="2" name="Scenery" width="{AW}" height="{AH}">
  <data encoding="csv">{grid(scenery)}</data>
 </layer>
 <group id="3" name="Solid" opacity="0.5">
  <layer id="4" name="Ground" class="walls" width="{AW}" height="{AH}">
   <data encoding="csv">{grid(ground)}</data>
  </layer>
 </group>
 <layer id="5" name="Hidden spikes" class="hazards" visible="0" width="{AW}" height="{AH}">
  <data encoding="csv">{grid({(11, AH - 2): 3})}</data>
 </layer>
 <layer id="6" name="Leaves in front" class="foreground" width="{AW}" height="{AH}">
  <data encoding="csv">{grid({(2, AH - 2): 2})}</data>
 </layer>
 <objectgroup id="7" name="Things">
  <object id="1" name="Start" class="spawn" x="24" y="48" width="16" height="32"/>
  <object id="2" class="goal" x="160" y="32" width="16" height="48"/>
 </objectgroup>
</map>
"""
open(f'{author}/roles.tmx', 'w').write(roles_tmx)
BW, BH = 20, 10
big_ground = {(c, BH - 1): 1 for c in range(BW)}
big_tmx = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="orthogonal" renderorder="right-down" width="{BW}" height="{BH}" tilewidth="32" tileheight="32" infinite="0">
 <tileset firstgid="1" name="quads32" tilewidth="32" tileheight="32" tilecount="2" columns="2">
  <image source="quads32.png"/>
 </tileset>
 <layer id="1" name="walls" width="{BW}" height="{BH}">
  <data encoding="base64" compression="zlib">{base64.b64encode(zlib.compress(raw([big_ground.get((i % BW, i // BW), 0) for i in range(BW * BH)]))).decode()}</data>
 </layer>
 <objectgroup id="2" name="objects">
  <object id="1" name="spawn" x="64" y="160"/>
  <object id="2" name="goal" x="576" y="224" width="32" height="64"/>
 </objectgroup>
</map>
"""
open(f'{author}/tiles32.tmx', 'w').write(big_tmx)
print('wrote', len(bad) + 8, 'maps into Tests/Fixtures/maps')
