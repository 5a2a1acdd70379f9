#!/usr/bin/env python3
"""Writes world 2: Levels/level4.tmx (the red centre), level5.tmx (the night forest) and
level6.tmx (the gorge). Like world 1 (tools/make_levels.py) but with the level objects:
checkpoints (flags where a dead koala comes back), eucalyptus leaves to collect, and critters
that walk their ground and can be stomped. The .tmx files are ordinary Tiled maps: open them in
Tiled to edit by hand instead. Rerun with `python3 tools/make_world2.py`; then solve, set the
medal times (Levels/medals.toml) and re-record the golden replays (README, "Levels").
"""
import os

from make_levels import Level, BOARD, SPIKES, LANTERN

RED_TOP, RED_FILL, NIGHT_TOP, NIGHT_FILL, SPINIFEX, FERN = 25, 26, 27, 28, 29, 30
T = 16


class World2Level(Level):
    def __init__(self, *args):
        super().__init__(*args)
        self.checkpoints, self.leaves, self.critters = [], [], []

    def checkpoint(self, c, row):
        """A flag standing on the ground whose top is `row`."""
        self.checkpoints.append((c, row))

    def leaf(self, c, row):
        self.leaves.append((c, row))

    def critter(self, c, row):
        """A critter dropped onto the ground at or below `row` (its top)."""
        self.critters.append((c, row))

    def write(self, folder):
        super().write(folder)
        path = os.path.join(folder, self.name + ".tmx")
        with open(path) as f:
            tmx = f.read()
        objects, next_id = [], 3
        for c, row in self.checkpoints:
            objects.append(f'  <object id="{next_id}" name="checkpoint" type="checkpoint" x="{c * T}" y="{row * T - 32}" width="16" height="32"/>')
            next_id += 1
        for c, row in self.leaves:
            objects.append(f'  <object id="{next_id}" name="leaf" type="leaf" x="{c * T + 2}" y="{row * T + 2}" width="12" height="12"/>')
            next_id += 1
        for c, row in self.critters:
            objects.append(f'  <object id="{next_id}" name="critter" type="critter" x="{c * T}" y="{row * T - 16}" width="16" height="16"/>')
            next_id += 1
        tmx = tmx.replace(' </objectgroup>', "\n".join(objects) + "\n </objectgroup>")
        tmx = tmx.replace('nextobjectid="3"', f'nextobjectid="{next_id}"')
        with open(path, "w") as f:
            f.write(tmx)


def level4():
    """The red centre: mesas to climb, spinifex flats with critters, and the first checkpoints."""
    G = 19
    L = World2Level("level4", 320, 22, "outback", RED_TOP, RED_FILL)
    L.ground(0, 20, G)
    for c in (1, 6, 18):
        L.deco(c, G - 1, SPINIFEX)
    L.critter(15, G)                     # the first critter: hop over it, or land on it
    L.leaf(8, G - 3); L.leaf(12, G - 4)
    # 21-27: a thorn pit with a plank in the middle
    L.thorns(21, 27, G)
    L.platform(23, 25, 16); L.leaf(24, 13)
    # 28-45: a mesa on the flat; a critter between it and the next pit
    L.ground(28, 45, G)
    L.rise(34, 37, 16, G); L.leaf(35, 13)
    L.critter(42, G)
    # 46-60: thorns under three planks
    L.thorns(46, 60, G)
    for c0, c1, row in [(48, 50, 15), (53, 55, 13), (58, 60, 15)]:
        L.platform(c0, c1, row)
    L.leaf(54, 9)
    # 61-80: a checkpoint on the flat, two critters
    L.ground(61, 80, G)
    L.checkpoint(63, G)
    L.critter(70, G); L.critter(77, G)
    for c in (66, 74):
        L.deco(c, G - 1, SPINIFEX)
    # 81-100: up a stair of mesas and down again
    L.ground(81, 100, G)
    L.rise(84, 87, 16, G); L.rise(88, 91, 13, G); L.rise(92, 95, 16, G)
    L.leaf(89, 9)
    L.critter(98, G)
    # 101-130: thorns under long planks, each with a critter walking it
    L.thorns(101, 130, G)
    for c0, c1, row in [(103, 108, 15), (112, 117, 13), (121, 126, 15)]:
        L.platform(c0, c1, row)
        L.critter((c0 + c1) // 2, row)
    L.leaf(114, 9)
    # 131-150: the second checkpoint, critters on the flat
    L.ground(131, 150, G)
    L.checkpoint(133, G)
    L.critter(141, G); L.critter(148, G)
    # 151-160: a pit to dash across (a leaf over its middle)
    L.thorns(151, 160, G)
    L.leaf(155, G - 4)
    # 161-200: mesas and a critter in each valley
    L.ground(161, 200, G)
    L.rise(168, 170, 16, G); L.rise(178, 182, 15, G); L.rise(190, 192, 16, G)
    L.critter(175, G); L.critter(186, G); L.critter(197, G)
    # 201-230: a zigzag of planks over thorns
    L.thorns(201, 230, G)
    for c0, c1, row in [(203, 205, 16), (208, 210, 13), (213, 215, 10), (219, 221, 12), (225, 227, 15)]:
        L.platform(c0, c1, row)
    L.leaf(214, 6)
    # 231-319: the last flats to the flag
    L.ground(231, 319, G)
    L.rise(245, 248, 16, G)
    L.critter(240, G); L.critter(256, G); L.critter(268, G)
    for c in (236, 252, 262, 280, 295, 305):
        L.deco(c, G - 1, SPINIFEX)
    L.block(319, 319, 0, G - 1, RED_FILL)
    L.spawn, L.goal = (2, G), (311, G)
    return L


def level5():
    """The night forest: ferns and one-way branches over thorns, critters walking the branches."""
    G = 19
    L = World2Level("level5", 340, 22, "night", NIGHT_TOP, NIGHT_FILL)
    L.ground(0, 12, G)
    for c in (1, 5, 10):
        L.deco(c, G - 1, FERN)
    L.critter(11, G)
    # 13-40: branches over thorns, critters on the long ones
    L.thorns(13, 40, G)
    for c0, c1, row in [(14, 18, 16), (21, 26, 13), (29, 33, 15), (36, 40, 12)]:
        L.platform(c0, c1, row)
    L.critter(24, 13); L.critter(38, 12)
    L.leaf(16, 12); L.leaf(31, 10)
    # 41-60: a clearing, a checkpoint, a trunk to climb on branches
    L.ground(41, 60, G)
    L.checkpoint(43, G)
    L.block(55, 56, 9, G - 1, NIGHT_FILL)
    for c0, c1, row in [(49, 53, 16), (51, 54, 13), (48, 52, 10)]:
        L.platform(c0, c1, row)
    L.leaf(50, 6)
    # 57-90: the canopy: high branches, a critter on each, thorns far below
    L.thorns(57, 90, G)
    for c0, c1, row in [(58, 62, 9), (66, 71, 8), (75, 79, 10), (83, 88, 8)]:
        L.platform(c0, c1, row)
    L.critter(68, 8); L.critter(85, 8)
    L.leaf(73, 5); L.leaf(81, 6)
    # 91-110: down to the forest floor; critters among the ferns
    L.ground(91, 110, G)
    L.platform(89, 92, 12); L.platform(92, 95, 15)
    L.critter(100, G); L.critter(107, G)
    for c in (94, 103):
        L.deco(c, G - 1, FERN)
    # 111-140: thorn patches on the floor under low branches
    L.ground(111, 140, G)
    for c in (115, 116, 122, 123, 130, 131, 137):
        L.hazard(c, c, G - 1)
    for c0, c1, row in [(113, 118, 15), (120, 125, 15), (128, 133, 15)]:
        L.platform(c0, c1, row)
    L.critter(122, 15)
    L.leaf(123, 11)
    # 141-160: the second checkpoint, then up a trunk
    L.ground(141, 160, G)
    L.checkpoint(143, G)
    L.block(158, 160, 6, G - 1, NIGHT_FILL)
    for c0, c1, row in [(150, 154, 16), (153, 157, 13), (149, 153, 10), (153, 157, 7)]:
        L.platform(c0, c1, row)
    L.leaf(151, 6)
    # 161-200: the high branches with gaps to dash
    L.thorns(161, 200, G)
    for c0, c1, row in [(164, 167, 7), (174, 177, 8), (185, 189, 7), (196, 200, 10)]:
        L.platform(c0, c1, row)
    L.critter(187, 7)
    L.leaf(171, 4)
    # 201-240: a lantern-lit clearing with critters
    L.ground(201, 240, G)
    L.critter(210, G); L.critter(220, G); L.critter(232, G)
    for c in (205, 215, 226, 237):
        L.deco(c, G - 1, LANTERN)
    L.leaf(220, G - 5)
    # 241-280: branches over thorns, down then up
    L.thorns(241, 280, G)
    for c0, c1, row in [(243, 247, 14), (251, 255, 16), (259, 264, 13), (268, 272, 10), (276, 280, 13)]:
        L.platform(c0, c1, row)
    L.critter(261, 13); L.critter(270, 10)
    L.leaf(270, 6)
    # 281-339: out of the trees to the flag
    L.ground(281, 339, G)
    L.critter(290, G); L.critter(300, G)
    for c in (284, 296, 310, 322):
        L.deco(c, G - 1, FERN)
    L.block(339, 339, 0, G - 1, NIGHT_FILL)
    L.spawn, L.goal = (2, G), (331, G)
    return L


def level6():
    """The gorge: narrow ledges over deep thorns, critters on every ledge, long dashes."""
    G = 19
    L = World2Level("level6", 360, 22, "outback", RED_TOP, RED_FILL)
    L.ground(0, 10, G)
    L.deco(3, G - 1, SPINIFEX)
    # 11-50: ledges of rock over thorns, a critter on each wide one
    L.thorns(11, 50, G)
    for c0, c1, top in [(13, 16, 16), (20, 24, 14), (28, 30, 12), (34, 39, 14), (43, 45, 12), (48, 50, 15)]:
        L.rise(c0, c1, top, G)
    L.critter(22, 14); L.critter(37, 14)
    L.leaf(26, 9); L.leaf(44, 8)
    # 51-70: a checkpoint on a flat shelf, a wall to climb on planks
    L.ground(51, 70, G)
    L.checkpoint(53, G)
    L.rise(64, 70, 8, G)
    for c0, c1, row in [(58, 62, 16), (60, 63, 13), (57, 61, 10)]:
        L.platform(c0, c1, row)
    L.critter(59, G)
    L.leaf(58, 6)
    # 71-110: along the clifftop, then a long drop over spikes with planks
    L.thorns(71, 110, G)
    L.block(71, 74, 8, G, RED_FILL); L.block(71, 74, 8, 8, RED_TOP)
    for c0, c1, row in [(78, 81, 9), (86, 88, 11), (93, 96, 9), (101, 103, 12), (107, 110, 15)]:
        L.platform(c0, c1, row)
    L.critter(80, 9); L.critter(95, 9)
    L.leaf(84, 6); L.leaf(99, 7)
    # 111-140: the second checkpoint, critters in a row
    L.ground(111, 140, G)
    L.checkpoint(113, G)
    L.critter(120, G); L.critter(127, G); L.critter(134, G)
    L.rise(137, 140, 16, G)
    # 141-175: two wide pits to dash, a pillar between
    L.thorns(141, 151, G)
    L.rise(152, 154, 15, G)
    L.critter(153, 15)
    L.thorns(155, 165, G)
    L.ground(166, 175, G)
    L.leaf(146, G - 5); L.leaf(160, G - 5)
    # 176-215: stepping stones (narrow pillars) over thorns
    L.thorns(176, 215, G)
    for c0, c1, top in [(178, 179, 16), (183, 184, 14), (188, 189, 12), (194, 195, 14), (200, 201, 12), (206, 207, 15), (212, 213, 13)]:
        L.rise(c0, c1, top, G)
    L.leaf(191, 8)
    # 216-240: the third checkpoint and a critter patrol
    L.ground(216, 240, G)
    L.checkpoint(218, G)
    L.critter(226, G); L.critter(232, G); L.critter(238, G)
    # 241-290: a plank staircase up and a run along the top, critters on top
    L.thorns(241, 290, G)
    for c0, c1, row in [(243, 246, 16), (249, 252, 13), (255, 258, 10), (261, 270, 8), (274, 277, 10), (281, 284, 13), (287, 290, 16)]:
        L.platform(c0, c1, row)
    L.critter(264, 8); L.critter(268, 8)
    L.leaf(265, 4)
    # 291-359: the last flats to the flag, critters and spinifex
    L.ground(291, 359, G)
    L.critter(300, G); L.critter(312, G); L.critter(325, G)
    L.rise(318, 320, 16, G)
    for c in (295, 308, 330, 342):
        L.deco(c, G - 1, SPINIFEX)
    L.leaf(319, 12)
    L.block(359, 359, 0, G - 1, RED_FILL)
    L.spawn, L.goal = (2, G), (351, G)
    return L


if __name__ == "__main__":
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Levels")
    for level in (level4(), level5(), level6()):
        level.write(folder)
        print(f"wrote Levels/{level.name}.tmx ({len(level.checkpoints)} checkpoints, {len(level.leaves)} leaves, {len(level.critters)} critters)")
