#!/usr/bin/env python3
"""Writes the hostile-input regression files into Tests/Regressions/: each reproduces a crash, a
runaway allocation, a hang or an unclear message found by trying koalio with crafted files.
`make test` (Tests/KoalioEndToEndTests/RegressionTests.swift) runs every file through the real
binary: files named ok-* must play, every other must end in one line on stderr and exit 2.
Crashing inputs found by `make fuzz` are copied here by hand (fuzz-<target>-<hash>.*).
Rerun with `python3 tools/make_regressions.py`."""
import os, struct, zlib, gzip, base64

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'Tests', 'Regressions')
for sub in ['levels', 'replays', 'scripts', 'mappings']:
    os.makedirs(os.path.join(root, sub), exist_ok=True)

def write(path, data):
    mode = 'wb' if isinstance(data, bytes) else 'w'
    with open(os.path.join(root, path), mode, **({} if mode == 'wb' else {'newline': ''})) as f:
        f.write(data)

# ---- levels: a 4x3 map with the shipped tiles, and one thing wrong each ----
TILES = '../../../Resources/tiles.png'   # 256x16 px (16 tiles of 16 px)
def tmx(map_attrs='width="4" height="3" tilewidth="16" tileheight="16"', tileset=None, layers=None, objects=None, head='', wrap=lambda s: s):
    tileset = tileset if tileset is not None else f'<tileset firstgid="1" name="t" tilewidth="16" tileheight="16"><image source="{TILES}"/></tileset>'
    csv = ','.join(['0'] * 12)
    layers = layers if layers is not None else ''.join(f'<layer name="{n}" width="4" height="3"><data encoding="csv">{csv}</data></layer>' for n in ['background', 'walls', 'hazards'])
    objects = objects if objects is not None else '<objectgroup name="o"><object name="spawn" x="8" y="0"/><object name="goal" x="48" y="0" width="16" height="32"/></objectgroup>'
    return head + '<?xml version="1.0" encoding="UTF-8"?>\n<map orientation="orthogonal" ' + map_attrs + '>\n' + wrap(tileset + '\n' + layers + '\n' + objects) + '\n</map>\n'

write('levels/ok-bom.tmx', b'\xef\xbb\xbf' + tmx().encode())
write('levels/ok-crlf.tmx', tmx().replace('\n', '\r\n'))
write('levels/deep-nesting.tmx', tmx(wrap=lambda s: s + '<a>' * 5000 + '</a>' * 5000))
write('levels/huge-map.tmx', tmx('width="100000" height="100000" tilewidth="16" tileheight="16"'))
write('levels/width-overflow.tmx', tmx('width="4611686018427387904" height="4" tilewidth="16" tileheight="16"'))
write('levels/huge-tile.tmx', tmx('width="4" height="3" tilewidth="4294967296" tileheight="16"'))
write('levels/negative-spacing.tmx', tmx(tileset=f'<tileset firstgid="1" name="t" tilewidth="16" tileheight="16" spacing="-16"><image source="{TILES}"/></tileset>'))
write('levels/huge-margin.tmx', tmx(tileset=f'<tileset firstgid="1" name="t" tilewidth="16" tileheight="16" margin="4611686018427387904"><image source="{TILES}"/></tileset>'))
write('levels/huge-columns.tmx', tmx(tileset=f'<tileset firstgid="1" name="t" tilewidth="16" tileheight="16" columns="9223372036854775807"><image source="{TILES}"/></tileset>'))
write('levels/huge-firstgid.tmx', tmx(tileset=f'<tileset firstgid="4294967296" name="t" tilewidth="16" tileheight="16"><image source="{TILES}"/></tileset>'))
write('levels/negative-gid.tmx', tmx(layers=''.join(f'<layer name="{n}"><data>' + '<tile gid="-1"/>' * 12 + '</data></layer>' for n in ['background', 'walls', 'hazards'])))
write('levels/gid-past-32-bits.tmx', tmx(layers=''.join(f'<layer name="{n}"><data>' + '<tile gid="4294967296"/>' * 12 + '</data></layer>' for n in ['background', 'walls', 'hazards'])))
write('levels/spawn-1e300.tmx', tmx(objects='<objectgroup><object name="spawn" x="1e300" y="0"/></objectgroup>'))
write('levels/spawn-1e12.tmx', tmx(objects='<objectgroup><object name="spawn" x="8" y="1e12"/></objectgroup>'))
write('levels/goal-far-away.tmx', tmx(objects='<objectgroup><object name="goal" x="-1e300" y="0" width="1" height="1"/></objectgroup>'))
bomb = base64.b64encode(gzip.compress(b'\0' * (64 << 20), mtime=0)).decode()
write('levels/gzip-bomb.tmx', tmx(layers=''.join(f'<layer name="{n}"><data encoding="base64" compression="gzip">{bomb}</data></layer>' for n in ['background', 'walls', 'hazards'])))
write('levels/too-many-tilesets.tmx', tmx(tileset=''.join(f'<tileset firstgid="{1 + 16 * i}" name="t{i}" tilewidth="16" tileheight="16"><image source="{TILES}"/></tileset>' for i in range(1100))))
write('levels/missing-image.tmx', tmx(tileset='<tileset firstgid="1" name="t" tilewidth="16" tileheight="16"><image source="nowhere/tiles.png"/></tileset>'))
png_header = b'\x89PNG\r\n\x1a\n' + struct.pack('>I', 13) + b'IHDR' + struct.pack('>IIBBBBB', 20000, 20000, 8, 6, 0, 0, 0)
write('levels/huge-image.png', png_header + struct.pack('>I', zlib.crc32(png_header[12:])))
write('levels/huge-image.tmx', tmx(tileset='<tileset firstgid="1" name="t" tilewidth="16" tileheight="16"><image source="huge-image.png"/></tileset>'))
write('levels/duplicate-attribute.tmx', tmx('width="4" width="4000" height="3" tilewidth="16" tileheight="16"'))
write('levels/escape-in-encoding.tmx', tmx(layers='<layer name="walls"><data encoding="\x1b[31mcsv\n">0</data></layer>'))

# ---- replays ----
def replay(body, crc_ok=True):
    data = b'KOALIORP' + struct.pack('<H', 1) + body
    crc = zlib.crc32(data) if crc_ok else 0
    return data + struct.pack('<I', crc)
def string(s): b = s.encode(); return bytes([len(b)]) + b
def header(level='level1', ticks=0, sources=('Keyboard',)):
    return string('0.1.0') + string(level) + b'\0' * 32 + struct.pack('<H', 60) + bytes([len(sources)]) + b''.join(string(s) for s in sources) + struct.pack('<I', ticks)
def varint(v):
    out = b''
    while v >= 0x80: out += bytes([v & 0x7F | 0x80]); v >>= 7
    return out + bytes([v])
run1 = varint(1) + b'\0\0\0'
write('replays/four-billion-ticks.koalioreplay', replay(header(ticks=0xFFFFFFFF) + run1, crc_ok=False))
write('replays/four-billion-ticks-good-crc.koalioreplay', replay(header(ticks=0xFFFFFFFF) + run1))
write('replays/twenty-million-tick-run.koalioreplay', replay(header(ticks=20_000_000) + varint(20_000_000) + b'\0\0\0' + varint(0)))
write('replays/checksum-tick-past-63-bits.koalioreplay', replay(header(ticks=1) + run1 + varint(1) + varint(1 << 63) + b'\0' * 8))
write('replays/level-path.koalioreplay', replay(header(level='../../../../etc/hostname', ticks=1) + run1 + varint(0)))
write('replays/level-with-escape.koalioreplay', replay(header(level='lev\x1b[2Jel', ticks=1) + run1 + varint(0)))
write('replays/many-checksums.koalioreplay', replay(header(ticks=1) + run1 + varint(1 << 40)))

# ---- input scripts ----
write('scripts/ok-crlf.keys', '0 right down\r\n30 right up\r\n')
write('scripts/ok-bom.keys', '\ufeff0 right down\n30 right up\n')
write('scripts/mouse-1e10.keys', '0 mouse down 1e10 10\n')
write('scripts/mouse-nan.keys', '0 mouse down nan 10\n')
write('scripts/finger-inf.keys', '0 finger1 down 10 inf\n')
write('scripts/pad-before-attach.keys', '10 pad attach ps5\n5 pad1 a down\n')
write('scripts/pad-after-detach.keys', '0 pad attach ps5\n1 pad1 detach\n2 pad1 a down\n')
write('scripts/escape-sequence.keys', '0 \x1b]0;owned\x07 down\n')
write('scripts/too-many-pads.keys', ''.join('0 pad attach generic\n' for _ in range(17)))

# ---- controller mappings (SDL's format: lines it cannot use are skipped, so these must run) ----
write('mappings/ok-crlf-and-comments.txt', '# koalio test\r\n030000005e0400008e02000010010000,X360 (test),a:b0,b:b1,platform:Linux,\r\n\r\n')
write('mappings/ok-garbage.txt', 'not a mapping\n' + 'zz' * 16 + ',x,a:b0\n' + '0' * 32 + ',,\n' + '\x00\xff' * 100 + '\n')
write('mappings/ok-long-line.txt', '0' * 32 + ',long,' + 'a:b0,' * 20000 + 'platform:Linux,\n')
print('wrote the regression files into Tests/Regressions')
