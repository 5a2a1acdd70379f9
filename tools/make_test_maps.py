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
 'missing-layer': tmx('csv', layers=[('background', bg), ('walls', walls)]),
 'unknown-tile': tmx('csv', layers=[('background', bg), ('walls', walls[:-1] + [99]), ('hazards', hz)]),
 'missing-tsx': tmx('csv', tilesets=external_ts.replace('tiles/a.tsx', 'tiles/nope.tsx')),
 'not-xml': tmx('csv')[:300],
 'corrupt-zlib': tmx('zlib').replace('<data encoding="base64" compression="zlib">', '<data encoding="base64" compression="zlib">AAAA', 1),
 'infinite': tmx('csv').replace('infinite="0"', 'infinite="1"'),
}
for name, text in bad.items():
    open(f'{out}/bad-{name}.tmx', 'w').write(text)
print('wrote', len(bad) + 6, 'maps into Tests/Fixtures/maps')
