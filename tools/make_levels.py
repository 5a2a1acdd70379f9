#!/usr/bin/env python3
"""Writes Levels/level2.tmx (treetops at dusk) and Levels/level3.tmx (the crystal cave).

Both use koalio's tileset (Levels/koalio.tsx) and a `platforms` layer of one-way platforms:
jump up through them from below, land on them from above. The .tmx files are ordinary Tiled
maps: open them in Tiled to edit by hand instead. Rerun with `python3 tools/make_levels.py`;
then solve and re-record the golden replays (see README, "Levels").
"""
import os

# Tile ids (Levels/koalio.tsx; drawn by tools/make_art.py)
GRASS, DIRT, BRICK, STONE, SPIKES, CRATE, LEDGE, PLANK = 1, 2, 3, 4, 5, 6, 7, 8
BUSH, RED, YELLOW, TALLGRASS, FENCE, ROCK, SIGN, SPRIG = 9, 10, 11, 12, 13, 14, 15, 16
BOARD, CAVE_TOP, CAVE_ROCK, CRYSTAL, MUSHROOM, LANTERN, STALACTITE, DUSK_GRASS = 17, 18, 19, 20, 21, 22, 23, 24


class Level:
    def __init__(self, name, width, height, theme, ground_top, ground_fill):
        self.name, self.W, self.H, self.theme = name, width, height, theme
        self.top_tile, self.fill_tile = ground_top, ground_fill
        self.layers = {n: [[0] * width for _ in range(height)] for n in ("background", "platforms", "walls", "hazards")}
        self.spawn = self.goal = None

    def ground(self, c0, c1, top):
        for c in range(c0, c1 + 1):
            self.layers["walls"][top][c] = self.top_tile
            for r in range(top + 1, self.H):
                self.layers["walls"][r][c] = self.fill_tile

    def block(self, c0, c1, r0, r1, tile):
        for c in range(c0, c1 + 1):
            for r in range(r0, r1 + 1):
                self.layers["walls"][r][c] = tile

    def rise(self, c0, c1, top, bottom):
        """A block standing on the ground: the level's ground tile on top, its fill below."""
        self.block(c0, c1, top + 1, bottom, self.fill_tile)
        self.block(c0, c1, top, top, self.top_tile)

    def platform(self, c0, c1, row):
        for c in range(c0, c1 + 1):
            self.layers["platforms"][row][c] = BOARD

    def hazard(self, c0, c1, row, tile=SPIKES):
        for c in range(c0, c1 + 1):
            self.layers["hazards"][row][c] = tile

    def thorns(self, c0, c1, floor):
        """A pit floored with spikes: ground one row down, spikes on it."""
        self.ground(c0, c1, floor + 1)
        self.hazard(c0, c1, floor)

    def deco(self, c, row, tile):
        self.layers["background"][row][c] = tile

    def write(self, folder):
        def csv(grid):
            return "\n" + ",\n".join(",".join(str(v) for v in row) for row in grid) + "\n"
        layers = "".join(
            f' <layer id="{i}" name="{name}" width="{self.W}" height="{self.H}">\n  <data encoding="csv">{csv(grid)}</data>\n </layer>\n'
            for i, (name, grid) in enumerate(self.layers.items(), start=1))
        sx, sy = self.spawn
        gx, gy = self.goal
        tmx = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="{self.W}" height="{self.H}" tilewidth="16" tileheight="16" infinite="0" nextlayerid="6" nextobjectid="3">
 <properties>
  <property name="theme" value="{self.theme}"/>
 </properties>
 <tileset firstgid="1" source="koalio.tsx"/>
{layers} <objectgroup id="5" name="objects">
  <object id="1" name="spawn" type="spawn" x="{sx * 16}" y="{sy * 16 - 32}" width="16" height="32"/>
  <object id="2" name="goal" type="goal" x="{gx * 16}" y="{gy * 16 - 64}" width="32" height="64"/>
 </objectgroup>
</map>
"""
        with open(os.path.join(folder, self.name + ".tmx"), "w") as f:
            f.write(tmx)


def level2():
    """Treetops at dusk: thorny forest floor below, branches (one-way) and trunks to climb."""
    G = 19  # the forest floor's walking row
    L = Level("level2", 340, 22, "dusk", DUSK_GRASS, DIRT)
    L.ground(0, 11, G)
    for c, t in [(1, LANTERN), (4, BUSH), (7, RED), (9, SIGN)]:
        L.deco(c, G - 1, t)
    # 12-29: thorns; hop along branches
    L.thorns(12, 29, G)
    for c0, c1, row in [(13, 15, 16), (18, 20, 14), (23, 25, 16), (27, 29, 13)]:
        L.platform(c0, c1, row)
    # 30-37: a trunk too tall to jump: climb the branches on its left
    L.ground(30, 37, G)
    L.block(36, 37, 6, G - 1, PLANK)
    for c0, c1, row in [(31, 34, 16), (30, 33, 13), (32, 35, 10), (30, 33, 7)]:
        L.platform(c0, c1, row)
    # 38-62: the canopy: branches high over the thorns, one gap to dash
    L.thorns(38, 62, G)
    for c0, c1, row in [(39, 42, 7), (47, 50, 8), (55, 58, 6)]:
        L.platform(c0, c1, row)
    L.block(61, 62, 7, G - 1, PLANK)     # the next trunk: land on its top
    # 63-80: down to the ground, then a dash over a wide thorn pit
    L.ground(63, 68, G)
    L.deco(65, G - 1, LANTERN)
    L.thorns(69, 79, G)
    L.ground(80, 88, G)
    L.deco(84, G - 1, BUSH)
    # 89-104: up a zigzag of branches to get over the tallest trunk
    L.block(103, 104, 4, G - 1, PLANK)
    L.thorns(89, 102, G)
    L.platform(89, 92, 16); L.platform(96, 100, 13); L.platform(90, 94, 10); L.platform(96, 101, 7)
    # 105-140: canopy run with drops and climbs
    L.thorns(105, 140, G)
    for c0, c1, row in [(106, 109, 6), (113, 115, 9), (119, 121, 12), (124, 126, 9), (129, 131, 6), (136, 140, 8)]:
        L.platform(c0, c1, row)
    # 141-160: ground with low branches and thorn patches between
    L.ground(141, 160, G)
    for c in (145, 146, 152, 153):
        L.hazard(c, c, G - 1)
    L.platform(144, 147, 15); L.platform(151, 154, 15)
    L.deco(142, G - 1, LANTERN); L.deco(157, G - 1, RED)
    # 161-190: last climb, then the highest branches with two dash gaps
    L.block(161, 162, 8, G - 1, PLANK)
    L.platform(158, 160, 15); L.platform(157, 160, 12); L.platform(158, 160, 9)
    L.thorns(163, 192, G)
    for c0, c1, row in [(165, 167, 8), (176, 178, 8), (187, 190, 9)]:
        L.platform(c0, c1, row)
    # 193-205: a clearing to catch your breath
    L.ground(193, 205, G)
    for c, t in [(195, LANTERN), (198, BUSH), (204, YELLOW)]:
        L.deco(c, G - 1, t)
    # 206-240: the old oak: a trunk with branches on both sides, over and down the far side
    L.block(214, 216, 3, G - 1, PLANK)
    L.thorns(206, 213, G); L.thorns(217, 240, G)
    for c0, c1, row in [(206, 209, 16), (210, 213, 13), (206, 209, 10), (210, 213, 7), (208, 211, 4)]:
        L.platform(c0, c1, row)
    for c0, c1, row in [(220, 222, 6), (227, 229, 9), (233, 235, 12), (238, 240, 15)]:
        L.platform(c0, c1, row)
    # 241-275: swinging branches: up and down again, with a dash across the widest gap
    L.thorns(241, 275, G)
    for c0, c1, row in [(244, 246, 12), (249, 251, 9), (254, 256, 6), (268, 270, 7), (274, 275, 10)]:
        L.platform(c0, c1, row)
    # 276-300: thorn patches on the ground between lanterns, under low branches
    L.ground(276, 300, G)
    for c in (281, 282, 288, 289, 295):
        L.hazard(c, c, G - 1)
    L.platform(279, 284, 14); L.platform(287, 291, 14)
    L.deco(277, G - 1, LANTERN); L.deco(299, G - 1, LANTERN)
    # 301-339: the clearing and the flag
    L.ground(301, 339, G)
    for c, t in [(304, BUSH), (310, LANTERN), (316, YELLOW), (321, BUSH), (328, LANTERN)]:
        L.deco(c, G - 1, t)
    L.block(339, 339, 0, G - 1, PLANK)
    L.spawn, L.goal = (2, G), (331, G)
    return L


def level3():
    """The crystal cave: a low ceiling with stalactites, shafts climbed on one-way ledges,
    drops into the dark, and dashes where a full jump would hit the ceiling."""
    G = 18
    L = Level("level3", 380, 22, "cave", CAVE_TOP, CAVE_ROCK)
    L.block(0, 379, 0, 1, CAVE_ROCK)  # the cave's roof
    L.ground(0, 14, G)
    for c, t in [(3, CRYSTAL), (6, MUSHROOM), (11, CRYSTAL)]:
        L.deco(c, G - 1, t)
    # 15-34: a low tunnel: stalactites overhead, keep the jumps short
    L.block(15, 34, 2, 12, CAVE_ROCK)
    L.ground(15, 34, G)
    for c in (18, 23, 29):
        L.hazard(c, c, 13, STALACTITE)
    L.hazard(21, 21, G - 1); L.hazard(26, 26, G - 1)
    # 35-50: a pit with crystal ledges (one-way), then up a shaft
    L.thorns(35, 50, G)
    L.platform(37, 39, 15); L.platform(43, 45, 13); L.platform(48, 50, 15)
    L.ground(51, 60, G)
    L.rise(57, 60, 8, G)  # a wall to climb past on ledges, up to the gallery
    L.platform(51, 54, 15); L.platform(52, 56, 12); L.platform(51, 54, 9)
    # 61-90: a high gallery over a deep drop, a dash between stalactite rows
    L.thorns(61, 90, G)
    L.block(61, 64, 3, 3, CAVE_ROCK)
    for c0, c1, row in [(61, 64, 6), (69, 71, 7), (82, 85, 6)]:
        L.platform(c0, c1, row)
    for c in range(66, 82, 3):
        L.hazard(c, c, 2, STALACTITE)
    L.rise(88, 90, 6, G)
    # 91-120: drop down the far side in steps, then a crawl under a ceiling
    L.ground(91, 120, G)
    L.rise(91, 94, 10, G)
    L.rise(95, 98, 14, G)
    L.block(102, 120, 2, 12, CAVE_ROCK)
    L.hazard(106, 106, G - 1); L.hazard(113, 113, G - 1)
    for c, t in [(100, MUSHROOM), (109, CRYSTAL), (114, MUSHROOM)]:
        L.deco(c, G - 1, t)
    # 121-150: the great shaft: up on alternating ledges over thorns to a high plateau
    L.thorns(121, 136, G)
    for c0, c1, row in [(121, 124, 15), (128, 132, 12), (122, 126, 9), (129, 134, 6)]:
        L.platform(c0, c1, row)
    L.hazard(127, 127, 2, STALACTITE)
    L.rise(137, 150, 7, G)
    L.deco(141, 6, CRYSTAL); L.deco(147, 6, MUSHROOM)
    # 151-185: a crystal field: thorns with narrow rock pillars, walk-jumps and one dash
    L.thorns(151, 185, G)
    for c0, c1 in [(155, 156), (161, 161), (167, 168), (181, 182)]:
        L.rise(c0, c1, G - 1, G)
    L.ground(186, 200, G)
    L.deco(190, G - 1, CRYSTAL); L.deco(195, G - 1, MUSHROOM)
    # 201-230: the last climb out, over a wall of stalactites
    L.rise(201, 202, 6, G)
    L.platform(196, 199, 15); L.platform(194, 197, 12); L.platform(197, 200, 9); L.platform(195, 198, 6)
    L.thorns(203, 225, G)
    for c0, c1, row in [(205, 207, 8), (211, 213, 10), (218, 220, 8)]:
        L.platform(c0, c1, row)
    for c in (209, 215, 222):
        L.hazard(c, c, 2, STALACTITE)
    L.ground(226, 240, G)
    L.deco(229, G - 1, CRYSTAL); L.deco(236, G - 1, MUSHROOM)
    # 241-275: the second tunnel, lower: stalactites and spikes in turn
    L.block(241, 275, 2, 12, CAVE_ROCK)
    L.ground(241, 275, G)
    for c in (245, 252, 259, 266, 272):
        L.hazard(c, c, 13, STALACTITE)
    for c in (248, 255, 262, 269):
        L.hazard(c, c, G - 1)
    # 276-310: a chasm crossed on three ledges, the last one a dash away
    L.thorns(276, 310, G)
    for c0, c1, row in [(278, 280, 15), (284, 286, 12), (290, 292, 12), (306, 308, 13)]:
        L.platform(c0, c1, row)
    for c in (283, 289, 299):
        L.hazard(c, c, 2, STALACTITE)
    # 311-340: crystal pillars over thorns
    L.thorns(311, 340, G)
    for c0, c1 in [(312, 313), (318, 318), (324, 325), (331, 331), (336, 337)]:
        L.rise(c0, c1, G - 2, G)
        L.deco(c0, G - 3, CRYSTAL)
    # 341-379: the way out, and the flag
    L.ground(341, 379, G)
    for c, t in [(344, CRYSTAL), (351, MUSHROOM), (358, CRYSTAL), (366, MUSHROOM)]:
        L.deco(c, G - 1, t)
    L.block(379, 379, 0, G, CAVE_ROCK)
    L.spawn, L.goal = (2, G), (371, G)
    return L


if __name__ == "__main__":
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Levels")
    for level in (level2(), level3()):
        level.write(folder)
        print(f"wrote Levels/{level.name}.tmx")
