#!/usr/bin/env python3
"""Writes Levels/level1.tmx (and Levels/koalio.tsx) from the section list below.

The .tmx is an ordinary Tiled map: open it in Tiled to edit by hand instead. Rerun with
`python3 tools/make_level1.py`; then re-record the winning test input (see README, "Levels").
"""
import os

W, H = 200, 20
GROUND = 17              # first ground row; the koala walks on y = 17 * 16
GRASS, DIRT, BRICK, STONE, SPIKES, CRATE, LEDGE, PLANK = 1, 2, 3, 4, 5, 6, 7, 8
BUSH, RED, YELLOW, TALLGRASS, FENCE, ROCK, SIGN, SPRIG = 9, 10, 11, 12, 13, 14, 15, 16

walls = [[0] * W for _ in range(H)]
hazards = [[0] * W for _ in range(H)]
background = [[0] * W for _ in range(H)]

def ground(c0, c1, top=GROUND):
    for c in range(c0, c1 + 1):
        walls[top][c] = GRASS
        for r in range(top + 1, H):
            walls[r][c] = DIRT

def block(c0, c1, r0, r1, tile):
    for c in range(c0, c1 + 1):
        for r in range(r0, r1 + 1):
            walls[r][c] = tile

def spikes(c0, c1, row):
    for c in range(c0, c1 + 1):
        hazards[row][c] = SPIKES

def deco(c, row, tile):
    background[row][c] = tile

# 0-13: start meadow
ground(0, 13)
for c, t in [(1, FENCE), (2, FENCE), (5, BUSH), (7, RED), (8, YELLOW), (11, SIGN)]:
    deco(c, GROUND - 1, t)
# 14-16: first pit
ground(17, 30)
block(22, 22, 16, 16, CRATE)
block(25, 26, 15, 16, CRATE)
deco(19, 16, TALLGRASS); deco(29, 16, ROCK)
# 31-34: spikes set into the ground
ground(31, 34, top=GROUND + 1); spikes(31, 34, GROUND)
ground(35, 44)
# 38-47: brick stairs up to a high walk
block(38, 39, 15, 16, BRICK)
block(40, 41, 13, 16, BRICK)
block(42, 44, 11, 16, BRICK)
block(45, 52, 11, 11, PLANK)            # bridge over a spike gully
ground(45, 52, top=GROUND + 1); spikes(45, 52, GROUND)
ground(53, 66)
block(53, 54, 11, 16, BRICK)
deco(58, 16, BUSH); deco(60, 16, SPRIG); deco(63, 16, YELLOW)
# 56-64: the low tunnel with spike patches: short hops under a ceiling
block(56, 64, 12, 13, STONE)
block(56, 64, 0, 11, BRICK)             # the roof goes up out of sight: through, not over
spikes(58, 58, 16); spikes(60, 60, 16); spikes(62, 62, 16)
# 67-80: floating ledges over a deep spike pit
for c in range(67, 81):
    walls[19][c] = STONE
spikes(67, 80, 18)
block(69, 71, 14, 14, LEDGE)
block(74, 76, 12, 12, LEDGE)
ground(81, 98)
deco(91, 16, FENCE); deco(92, 16, FENCE); deco(94, 16, RED)
# 81-98: a wall too tall to jump: climb ledges right, back left, then right again
block(96, 98, 8, 16, STONE)
block(86, 88, 14, 14, LEDGE)
block(81, 83, 11, 11, LEDGE)
block(89, 92, 8, 8, LEDGE)
block(99, 112, 8, 8, PLANK)             # high road over spikes, then drop
ground(99, 112, top=GROUND + 1); spikes(99, 112, GROUND)
ground(113, 118)
deco(115, 16, SIGN)
# 119-129: a gap too wide to walk-jump: dash!
ground(130, 140)
deco(131, 16, BUSH); deco(133, 16, TALLGRASS)
# 130-140: the second tower, taller: right, left, right, left, then over the top
block(138, 140, 0, 16, BRICK)
block(134, 135, 14, 14, LEDGE)
block(130, 131, 11, 11, LEDGE)
block(134, 135, 8, 8, LEDGE)
block(130, 131, 5, 5, LEDGE)
block(132, 133, 2, 2, LEDGE)
# 141-155: spike field with stone islands
ground(141, 155, top=GROUND + 1)
spikes(141, 143, GROUND); spikes(146, 149, GROUND); spikes(152, 155, GROUND)
block(144, 145, GROUND, GROUND, STONE); block(150, 151, GROUND, GROUND, STONE)
ground(156, 170)
block(161, 161, 15, 16, CRATE); block(162, 163, 13, 16, CRATE); block(164, 164, 15, 16, CRATE)
deco(167, 16, ROCK); deco(169, 16, SPRIG)
# 171-174: last pit, 175-199: the finish
ground(175, 199)
for c, t in [(177, RED), (178, YELLOW), (180, BUSH), (186, FENCE), (187, FENCE), (196, BUSH)]:
    deco(c, 16, t)
block(199, 199, 0, 16, STONE)           # the world's end

def csv(grid):
    return "\n" + ",\n".join(",".join(str(v) for v in row) for row in grid) + "\n"

here = os.path.dirname(os.path.abspath(__file__))
levels = os.path.join(here, "..", "Levels")
tmx = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="{W}" height="{H}" tilewidth="16" tileheight="16" infinite="0" nextlayerid="5" nextobjectid="3">
 <tileset firstgid="1" source="koalio.tsx"/>
 <layer id="1" name="background" width="{W}" height="{H}">
  <data encoding="csv">{csv(background)}</data>
 </layer>
 <layer id="2" name="walls" width="{W}" height="{H}">
  <data encoding="csv">{csv(walls)}</data>
 </layer>
 <layer id="3" name="hazards" width="{W}" height="{H}">
  <data encoding="csv">{csv(hazards)}</data>
 </layer>
 <objectgroup id="4" name="objects">
  <object id="1" name="spawn" type="spawn" x="40" y="{GROUND * 16 - 32}" width="16" height="32"/>
  <object id="2" name="goal" type="goal" x="{191 * 16}" y="{GROUND * 16 - 64}" width="32" height="64"/>
 </objectgroup>
</map>
"""
tsx = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="koalio" tilewidth="16" tileheight="16" tilecount="24" columns="8">
 <image source="../Resources/tiles.png" width="128" height="48"/>
</tileset>
"""
with open(os.path.join(levels, "level1.tmx"), "w") as f:
    f.write(tmx)
with open(os.path.join(levels, "koalio.tsx"), "w") as f:
    f.write(tsx)
print("wrote Levels/level1.tmx and Levels/koalio.tsx")
