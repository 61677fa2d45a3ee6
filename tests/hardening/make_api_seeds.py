#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Write the seed corpus of the API fuzzer (fuzz/corpus/api/).

    python3 tests/hardening/make_api_seeds.py fuzz/corpus/api

The byte format is described at the top of fuzz/fuzz_api.c: a 14-byte header
(players and, in byte 0, the Count and its rule variants; flags: farmers
off, custom start, no undo journal, Dice Game, the River, the Abbot, Inns &
Cathedrals, Traders & Builders; custom start, seed)
and then operations, each an op byte and its arguments. The seeds are small
scripts that reach every operation, over every set of modules (six players
with Inns & Cathedrals); the fuzzer mutates them.
"""
import os
import random
import struct
import sys

(PLAY_INDEX, PLAY_INDEX2, PLAY_RAW, CHOOSE, UNDO, END, CLONE, COPY, SAVE_LOAD,
 RENDER, QUERIES, PLACEMENTS, FIGURE_OPTIONS, NOTATION, MISUSE, KIND, ABBOT, PENDING, BIG, CITY,
 LEARN) = range(21)

# tile kinds (catalogue order: A..X, RA..RL, E.g H.g I.g M.g N.g R.g U.g V.g,
# then the 17 kinds of Inns & Cathedrals, then the 24 of Traders & Builders)
INNS_KINDS = ["IC/Cccc.c", "IC/LRFR", "IC/CCCC", "IC/CCC", "IC/CRCR", "IC/CCc+", "IC/C!", "IC/CFR", "IC/CcR",
              "IC/CRcR+", "IC/RCc.i", "IC/RrC.i", "IC/CcRr+.i", "IC/RRR.i", "IC/RFr.i", "IC/Rr.i", "IC/RrRr"]
TRADERS_KINDS = ["TB/Cc.g", "TB/Cc.w", "TB/CCc.c", "TB/CCc.w", "TB/Ccc.g", "TB/CcCC.c", "TB/CcRR!.c", "TB/CcRR.w",
                 "TB/CcRC.c", "TB/CcRC.g", "TB/CcR.c", "TB/CcR!.w", "TB/CccR.w", "TB/CcCc.w", "TB/CFc.w", "TB/CR",
                 "TB/CRc.g", "TB/CRc.w", "TB/CRcR.w", "TB/LRRR", "TB/RCc.g", "TB/RCc!.g", "TB/RRC", "TB/RRrr"]
KINDS = [chr(ord("A") + i) for i in range(24)] + ["R" + chr(ord("A") + i) for i in range(12)] + \
    [c + ".g" for c in "EHIMNRUV"] + INNS_KINDS + TRADERS_KINDS
K = {name: i for i, name in enumerate(KINDS)}


def header(players=2, farmers=True, start=None, seed=1, no_undo=False, river=False, abbot=False, inns=False,
           traders=False, count=False, final_market=False, once_per_turn=False, spring=0, elements=0):
    """Byte 0: players - 2 (bits 0-3), the Count's variants coc-final market
    (bit 4) and coc-per-part no (bit 5), the Count (bit 6). With the Count
    and the River and no start given, byte 2 picks the spring's place among
    those beside the City of Carcassonne. Byte 14 (`elements`): bit 0 gives
    the boxes as rule elements, bits 1..7 take out big-follower, inn,
    cathedral, goods, builder, pig, gardens."""
    flags = (0 if farmers else 1) | (4 if no_undo else 0) | (16 if river else 0) | (32 if abbot else 0) | \
        (64 if inns else 0) | (128 if traders else 0)
    s = bytes([spring, 0, 0, 0])
    if start is not None:
        flags |= 2
        kind, rot, x, y = start
        s = struct.pack("<BBbb", kind, rot, x, y)
    b0 = (players - 2) | (16 if final_market else 0) | (32 if once_per_turn else 0) | (64 if count else 0)
    return bytes([b0, flags]) + s + struct.pack("<Q", seed) + bytes([elements])


def dice_header(players=2, seed=1, faces=None):
    flags = 8 | (16 if faces else 0)
    f = bytes(faces) if faces else bytes(4)
    return bytes([players - 2, flags]) + f + struct.pack("<Q", seed)


(D_PLAY, D_PLAY2, D_PLAY3, D_RAW, D_UNDO, D_CLONE, D_SAVE_LOAD, D_SET_ROLL, D_QUERIES) = range(9)


def play(i):
    return bytes([PLAY_INDEX]) + struct.pack("<H", i & 0xFFFF)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "fuzz/corpus/api"
    os.makedirs(out, exist_ok=True)
    rnd = random.Random(2024)
    seeds = {}

    # whole games by move index
    seeds["full-2p"] = header(2, seed=1) + b"".join(play(rnd.randrange(65536)) for _ in range(80))
    seeds["full-5p-nofarm"] = header(5, farmers=False, seed=7) + b"".join(
        play(rnd.randrange(65536)) for _ in range(80))
    # a custom start tile (C, turned, off the origin)
    seeds["start-c"] = header(3, start=(2, 1, -3, 5), seed=99) + b"".join(
        play(rnd.randrange(65536)) for _ in range(30))

    # every operation, interleaved with moves
    mixed = header(4, seed=42)
    for i in range(40):
        mixed += play(rnd.randrange(65536))
        mixed += [
            bytes([CHOOSE, rnd.randrange(256)]),
            bytes([UNDO]),
            bytes([CLONE, rnd.choice([0, 1, 2, 3, 0x41]), rnd.randrange(256)]),
            bytes([COPY, rnd.choice([0, 1, 2, 3, 0x40]), rnd.randrange(256)]),
            bytes([SAVE_LOAD, i & 1]),
            bytes([RENDER, rnd.randrange(16), rnd.randrange(256)]),
            bytes([QUERIES, rnd.randrange(256)]),
            bytes([PLACEMENTS, rnd.randrange(256)]),
            bytes([FIGURE_OPTIONS]) + struct.pack("<H", rnd.randrange(65536)),
            bytes([NOTATION]) + struct.pack("<H", rnd.randrange(65536)),
            bytes([MISUSE, rnd.randrange(256)]),
            bytes([PLAY_RAW]) + bytes(rnd.randrange(256) for _ in range(7)),
        ][i % 12]
    mixed += bytes([END, UNDO, END, QUERIES, 0, SAVE_LOAD, 1, UNDO, UNDO])
    seeds["mixed"] = mixed

    # raw moves around the board
    raw = header(2, seed=5)
    for _ in range(120):
        raw += bytes([PLAY_RAW]) + bytes([rnd.randrange(256), rnd.randrange(25), 0, rnd.randrange(4),
                                          rnd.randrange(2), rnd.randrange(13), 0])
    seeds["raw-moves"] = raw

    # tile choices (some unplaceable: discards), undone and replaced
    ch = header(3, seed=11)
    for _ in range(50):
        ch += bytes([CHOOSE, rnd.randrange(26), CHOOSE, rnd.randrange(26)]) + play(rnd.randrange(65536))
        if rnd.random() < 0.3:
            ch += bytes([UNDO])
    seeds["choices"] = ch

    # continue with clones, copies and loaded games, then undo a lot
    sw = header(2, seed=3)
    for i in range(30):
        sw += play(rnd.randrange(65536))
        sw += [bytes([CLONE, 2, 0]), bytes([CLONE, 3, 0]), bytes([COPY, 2, 0]), bytes([COPY, 3, 0]),
               bytes([SAVE_LOAD, 1])][i % 5]
    sw += bytes([UNDO]) * 40
    seeds["adopt-undo"] = sw

    # a game without an undo journal: choices, undo (refused), clones, loads
    nu = header(3, seed=21, no_undo=True)
    for i in range(40):
        nu += play(rnd.randrange(65536))
        nu += [bytes([CHOOSE, rnd.randrange(26)]), bytes([UNDO]), bytes([CLONE, 2, 0]), bytes([SAVE_LOAD, 0]),
               bytes([COPY, 3, 0]), bytes([CHOOSE, rnd.randrange(26), CHOOSE, rnd.randrange(26)])][i % 6]
    seeds["no-undo"] = nu

    # an open tile choice carried into a clone / copy without history, then
    # another choice there (a bug found by this fuzzer, fixed in d262aa5)
    nh = header(2, seed=1)
    for i in range(6):
        nh += bytes([CHOOSE, 21, CLONE if i % 2 == 0 else COPY, 3, 0, CHOOSE, 20]) + play(0) + bytes([SAVE_LOAD, 0])
    seeds["nohistory-choice"] = nh

    # Dice Game: actions by index (enumeration flags in the top bits)
    dg = dice_header(2, seed=5)
    for _ in range(150):
        dg += bytes([D_PLAY]) + struct.pack("<H", rnd.randrange(65536))
    seeds["dice-play"] = dg
    # Dice Game: every operation, a custom face set
    dm = dice_header(3, seed=6, faces=[0x1, 0x3, 0x7, 0xF])
    for i in range(60):
        dm += bytes([D_PLAY]) + struct.pack("<H", rnd.randrange(65536))
        dm += [bytes([D_RAW]) + bytes(rnd.randrange(256) for _ in range(6)), bytes([D_UNDO]),
               bytes([D_CLONE, rnd.choice([0, 1, 2, 3, 0x41])]), bytes([D_SAVE_LOAD, i & 1]),
               bytes([D_SET_ROLL, 9] + [rnd.randrange(6) for _ in range(9)]), bytes([D_QUERIES])][i % 6]
    dm += bytes([D_UNDO]) * 20
    seeds["dice-mixed"] = dm
    # Dice Game: fixed rolls of knights and catapults (knight option, catapult win)
    dk = dice_header(2, seed=8)
    for i in range(30):
        dk += bytes([D_SET_ROLL, 9] + [4, 4, 4, 5, 5, 5, 5, 5, 5]) + bytes([D_PLAY, 0, 0]) + \
            bytes([D_PLAY]) + struct.pack("<H", rnd.randrange(65536)) * 4
    dk += bytes([D_SET_ROLL, 9] + [5] * 9 + [D_PLAY, 0, 0, D_QUERIES, D_UNDO, D_UNDO])
    seeds["dice-knights"] = dk

    # early end, undo, end again; play after the end
    seeds["end"] = header(2, seed=8) + play(1) + play(2) + bytes([END, PLAY_RAW] + [0] * 7 + [UNDO]) + \
        play(3) + bytes([END, CHOOSE, 3, MISUSE, 0, QUERIES, 0, RENDER, 5, 100, UNDO, UNDO, UNDO, UNDO])

    # every set of modules (farmers x River x Abbot x Inns & Cathedrals):
    # whole games, the abbot placed and recalled often, the big follower
    # placed often; up to six players with Inns & Cathedrals
    for inns in (False, True):
        for farmers in (True, False):
            for river in (False, True):
                for abbot in (False, True):
                    name = "game-" + "-".join(n for n, on in (("farmers", farmers), ("river", river),
                                                               ("abbot", abbot), ("inns", inns))
                                              if on or n == "farmers")
                    if not farmers:
                        name = name.replace("farmers", "nofarm")
                    g = header(2 + rnd.randrange(5 if inns else 4), farmers=farmers, river=river, abbot=abbot,
                               inns=inns, seed=rnd.randrange(1 << 32))
                    for i in range(110 if inns else 90):
                        g += play(rnd.randrange(65536))
                        if abbot and i % 3 == 1:
                            g += bytes([ABBOT, rnd.randrange(256)])
                        if inns and i % 3 == 2:
                            g += bytes([BIG, rnd.randrange(256) & 0xFE])
                    seeds[name] = g

    # the River: land tiles and the lake chosen too early (refused), course
    # tiles chosen, raw moves away from the open end, undo across the river
    rv = header(3, river=True, abbot=True, seed=77)
    for i in range(14):
        rv += bytes([CHOOSE, K["D"], CHOOSE, K["RL"], CHOOSE, K["RA"] + 1 + rnd.randrange(10), CHOOSE, K["E.g"]])
        rv += bytes([PLAY_RAW, 0, rnd.randrange(25), 0, rnd.randrange(4), 0, 0, 0])
        rv += play(rnd.randrange(65536))
        if i % 4 == 3:
            rv += bytes([UNDO, UNDO]) + play(rnd.randrange(65536))
    rv += bytes([QUERIES, 1, RENDER, 0, 50, SAVE_LOAD, 1]) + bytes([UNDO]) * 20
    seeds["river-rules"] = rv
    # a custom start with the River: only the spring may start (else the default start)
    seeds["river-start"] = header(2, river=True, start=(K["D"], 1, 3, -2), seed=9) + \
        b"".join(play(rnd.randrange(65536)) for _ in range(20))
    seeds["river-spring-start"] = header(4, river=True, abbot=True, start=(K["RA"], 2, -5, 7), seed=10) + \
        b"".join(play(rnd.randrange(65536)) for _ in range(20))

    # the Abbot: placements and recalls (and refused recalls), garden copies
    # chosen, raw abbot moves (figure 3, recall segment), clones and loads
    ab = header(2, abbot=True, seed=31)
    for i in range(60):
        ab += bytes([ABBOT, rnd.randrange(256) & 0xFE]) if i % 4 == 0 else bytes([ABBOT, rnd.randrange(256) | 1])
        ab += [bytes([CHOOSE, K["B"]]), bytes([CHOOSE, K["A"]]), bytes([CHOOSE, K["V.g"]]),
               bytes([PLAY_RAW, rnd.randrange(256), rnd.randrange(25), 0, rnd.randrange(4), 3, 0xFF, 0x20]),
               bytes([CLONE, 3, 0]), bytes([SAVE_LOAD, 0]), bytes([UNDO]), bytes([COPY, 2, 1])][i % 8]
        ab += play(rnd.randrange(65536))
    seeds["abbot-moves"] = ab

    # moves of the other kinds (pass, exit, quarter, Count, unknown), pending
    # with every struct size, the misuse calls
    kd = header(3, river=True, abbot=True, seed=12)
    for i in range(40):
        kd += bytes([KIND, rnd.randrange(256), PENDING, rnd.randrange(256), MISUSE, rnd.randrange(256)])
        kd += bytes([PLAY_RAW]) + bytes(rnd.randrange(256) for _ in range(6)) + bytes([0x10 | rnd.randrange(256)])
        kd += play(rnd.randrange(65536))
    seeds["kinds-pending"] = kd

    # Inns & Cathedrals, six players: big followers placed (and refused with
    # none left), its tiles chosen (the cathedral, the interior field of
    # IC/CCCC, the inn on the junction), raw big-follower moves, notation,
    # clones, copies, queries, undo
    ic = header(6, river=True, abbot=True, inns=True, seed=88)
    for i in range(70):
        ic += bytes([CHOOSE, K[INNS_KINDS[i % len(INNS_KINDS)]]])
        ic += [bytes([BIG, rnd.randrange(256) & 0xFE]), bytes([BIG, (rnd.randrange(256) | 0xE0) & 0xFE]),
               bytes([PLAY_RAW, rnd.randrange(256), rnd.randrange(25), 0, rnd.randrange(4), 2, rnd.randrange(13), 0]),
               bytes([NOTATION]) + struct.pack("<H", rnd.randrange(65536)),
               bytes([CLONE, 3, 0]), bytes([COPY, 2, 1]), bytes([QUERIES, rnd.randrange(256)]),
               bytes([UNDO])][i % 8]
        ic += play(rnd.randrange(65536))
    ic += bytes([END, QUERIES, 0, UNDO]) + bytes([UNDO]) * 10
    seeds["inns-big"] = ic
    # six players without Inns & Cathedrals: refused, then five play; the
    # big follower where it is not in play
    seeds["six-no-inns"] = header(6, abbot=True, seed=90) + b"".join(
        play(rnd.randrange(65536)) + bytes([BIG, rnd.randrange(256) & 0xFE]) for _ in range(20))
    # the scores of inns and cathedrals: their tiles first, then to the end
    sc = header(3, inns=True, seed=91)
    for name in INNS_KINDS * 2:
        sc += bytes([CHOOSE, K[name]]) + play(rnd.randrange(65536))
    sc += b"".join(play(rnd.randrange(65536)) for _ in range(60)) + bytes([QUERIES, 0, SAVE_LOAD, 1])
    seeds["inns-scores"] = sc

    # Traders & Builders (header byte 1, bit 7): whole games of every set of
    # the other modules with it, builders and pigs placed often (BIG with bit
    # 0 of its argument set; bit 1: the pig), second tiles declined now and
    # then (a play index with bits 8-11 set, a pass move of KIND), goods
    # queries and misuse (MISUSE 10 and 11)
    def builder_pig(pig):
        return bytes([BIG, (rnd.randrange(64) << 2) | (2 if pig else 0) | 1])

    for farmers in (True, False):
        for river in (False, True):
            for abbot in (False, True):
                for inns in (False, True):
                    name = "traders-" + "-".join(n for n, on in (("farmers" if farmers else "nofarm", True),
                                                                ("river", river), ("abbot", abbot),
                                                                ("inns", inns)) if on)
                    g = header(2 + rnd.randrange(5 if inns else 4), farmers=farmers, river=river, abbot=abbot,
                               inns=inns, traders=True, seed=rnd.randrange(1 << 32))
                    for i in range(110):
                        g += play(rnd.randrange(65536))
                        g += builder_pig(farmers and i % 4 == 3)
                        if i % 5 == 2:
                            g += play(0x0F00 | rnd.randrange(256) | (rnd.randrange(16) << 12))
                        if i % 7 == 4:
                            g += bytes([KIND, 1])  # a pass (legal on a second tile only)
                        if abbot and i % 6 == 1:
                            g += bytes([ABBOT, rnd.randrange(256)])
                        if inns and i % 6 == 5:
                            g += bytes([BIG, rnd.randrange(256) & 0xFE])
                        if i % 9 == 0:
                            g += bytes([MISUSE, 10 + 12 * rnd.randrange(20), MISUSE, 11 + 12 * rnd.randrange(20)])
                    seeds[name] = g
    # the Traders & Builders tiles chosen (goods), builders and pigs from the
    # full list, second tiles passed and undone, raw builder / pig moves,
    # clones, copies, loads (a pending second tile in them), notation
    tb = header(4, traders=True, seed=123)
    for i in range(96):
        tb += bytes([CHOOSE, K[TRADERS_KINDS[i % len(TRADERS_KINDS)]]])
        tb += [builder_pig(False), bytes([BIG, (rnd.randrange(256) | 0xE1)]), builder_pig(True),
               bytes([PLAY_RAW, rnd.randrange(256), rnd.randrange(25), 0, rnd.randrange(4), 4 + (i & 1),
                      rnd.randrange(13), 0]),
               bytes([KIND, 1, UNDO]), bytes([CLONE, 3, 0]), bytes([COPY, 2, 1]), bytes([SAVE_LOAD, 1]),
               bytes([NOTATION]) + struct.pack("<H", 0x0F00 | rnd.randrange(256)), bytes([QUERIES, 0]),
               bytes([MISUSE, 10, MISUSE, 11]), bytes([UNDO])][i % 12]
        tb += play(rnd.randrange(65536))
    tb += bytes([END, QUERIES, 0, UNDO]) + bytes([UNDO]) * 10
    seeds["traders-goods-builders"] = tb
    # every module at once, six players, to the end
    al = header(6, river=True, abbot=True, inns=True, traders=True, seed=124)
    for i in range(160):
        al += play(rnd.randrange(65536)) + builder_pig(i % 2 == 1)
        if i % 8 == 7:
            al += play(0x0F00 | rnd.randrange(256))
    al += bytes([QUERIES, 0, SAVE_LOAD, 1]) + bytes([UNDO]) * 12
    seeds["traders-all-six"] = al

    # the Count (header byte 0, bit 6): whole games over every set of the
    # other modules but Traders & Builders (with it half of them), every
    # decision answered (CITY 0: a listed answer, CITY 1: an exit onto another
    # segment of its feature, CITY 2: a move shaped like the Count's from the
    # bytes, CITY 3: a pass), the variants now and then, the spring at each
    # of its places with the River
    def city(kind):
        return bytes([CITY, kind] + [rnd.randrange(256) for _ in range(5)])

    n = 0
    for farmers in (True, False):
        for river in (False, True):
            for abbot in (False, True):
                for inns in (False, True):
                    traders = bin(n).count("1") % 2 == 1  # every other set, not always with the same module
                    name = "count-" + "-".join(m for m, on in (("farmers" if farmers else "nofarm", True),
                                                              ("river", river), ("abbot", abbot), ("inns", inns),
                                                              ("traders", traders)) if on)
                    g = header(2 + rnd.randrange(5 if inns else 4), farmers=farmers, river=river, abbot=abbot,
                               inns=inns, traders=traders, count=True, final_market=n % 5 == 3,
                               once_per_turn=n % 5 == 4, spring=n, seed=rnd.randrange(1 << 32))
                    for i in range(120):
                        g += play(rnd.randrange(65536))
                        g += city([0, 0, 1, 2, 0, 3][i % 6])
                        if i % 11 == 5:
                            g += play(0x0F00 | rnd.randrange(256))  # a pass of an optional decision
                        if traders and i % 4 == 1:
                            g += bytes([BIG, (rnd.randrange(64) << 2) | 1])
                        if inns and i % 5 == 2:
                            g += bytes([BIG, rnd.randrange(256) & 0xFE])
                        if i % 13 == 7:
                            g += bytes([MISUSE, 12 + 14 * rnd.randrange(18), MISUSE, 13 + 14 * rnd.randrange(18)])
                    g += bytes([END]) + city(0) * 12 + bytes([QUERIES, 0, SAVE_LOAD, 1]) + bytes([UNDO]) * 8
                    seeds[name] = g
                    n += 1
    # the Count mid-decision: early ends (declining the part's decisions,
    # then the final round), undo, clones and copies (which keep the
    # decision), loads, tile choices (refused), placements and figure
    # options (none legal), notation of the answers
    cd = header(3, count=True, seed=301)
    for i in range(90):
        cd += play(rnd.randrange(65536)) + city(0)
        cd += [bytes([END]) + city(0) + bytes([UNDO]), bytes([CLONE, 3, 0]), bytes([COPY, 2, 1]),
               bytes([SAVE_LOAD, 1]), bytes([CHOOSE, rnd.randrange(26)]), bytes([PLACEMENTS, rnd.randrange(256)]),
               bytes([FIGURE_OPTIONS]) + struct.pack("<H", rnd.randrange(65536)),
               bytes([NOTATION]) + struct.pack("<H", rnd.randrange(65536)), bytes([UNDO, UNDO]),
               bytes([KIND, rnd.randrange(256)]), city(2), bytes([PENDING, rnd.randrange(256)])][i % 12]
    cd += bytes([END, END, QUERIES, 0]) + bytes([UNDO]) * 20
    seeds["count-decisions"] = cd
    # every module at once, five players, to the end and the final round
    ca = header(5, river=True, abbot=True, inns=True, traders=True, count=True, spring=3, seed=302)
    for i in range(170):
        ca += play(rnd.randrange(65536)) + city(i % 4)
        if i % 3 == 0:
            ca += bytes([BIG, (rnd.randrange(64) << 2) | 1 | (2 if i % 2 else 0)])
    ca += city(0) * 20 + bytes([QUERIES, 0, SAVE_LOAD, 1]) + bytes([UNDO]) * 12
    seeds["count-all"] = ca
    # starts with the Count: a custom start without the River (refused: the
    # City of Carcassonne starts), the spring at wrong places with the River
    # (refused, then a place beside the city), and at a right one
    seeds["count-start-refused"] = header(2, count=True, start=(K["D"], 1, 3, -2), seed=303) + \
        b"".join(play(rnd.randrange(65536)) + city(0) for _ in range(20))
    seeds["count-river-spring-wrong"] = header(3, river=True, count=True, start=(K["RA"], 0, 0, 0), seed=304) + \
        b"".join(play(rnd.randrange(65536)) + city(0) for _ in range(30))
    seeds["count-river-spring"] = header(2, river=True, count=True, start=(K["RA"], 2, -3, 0), seed=305) + \
        b"".join(play(rnd.randrange(65536)) + city(rnd.randrange(4)) for _ in range(40))
    # the variants without the Count: refused
    seeds["count-variants-without"] = header(2, final_market=True, once_per_turn=True, seed=306) + \
        b"".join(play(rnd.randrange(65536)) for _ in range(10))
    # rule elements: the three boxes as their elements less some, saved and
    # loaded (a modules line of many names), with the Count and the River too
    seeds["elements-less-some"] = header(3, abbot=True, inns=True, traders=True, seed=401,
                                         elements=1 | 2 | 16 | 128) + \
        b"".join(play(rnd.randrange(65536)) + bytes([SAVE_LOAD, 1]) for _ in range(40))
    seeds["elements-count-river"] = header(4, river=True, count=True, inns=True, traders=True, seed=402,
                                           elements=1 | 4 | 8 | 32 | 64) + \
        b"".join(play(rnd.randrange(65536)) + city(rnd.randrange(4)) for _ in range(40)) + bytes([SAVE_LOAD, 0])

    # the learning environment (LEARN, last so that the seeds above stay as
    # they were): the calls from scratch on the game (argument bit 0 clear),
    # the move they choose played (bit 1), a small vectorised environment
    # stepped with the input's actions (bit 0), on a few module sets
    def learn(arg):
        return bytes([LEARN, arg] + [rnd.randrange(256) for _ in range(8)])
    for name, hdr in (("learn-base", header(2, seed=401)),
                      ("learn-all", header(3, river=True, abbot=True, inns=True, traders=True, count=True,
                                           spring=1, seed=402)),
                      ("learn-count", header(2, count=True, seed=403)),
                      ("learn-traders", header(4, traders=True, abbot=True, seed=404))):
        data = hdr
        for i in range(90):
            data += learn(2 if i % 3 else (1 | (rnd.randrange(128) << 1)))
            if i % 4 == 0:
                data += city(rnd.randrange(4))
        seeds[name] = data

    for name, data in seeds.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
    print(f"wrote {len(seeds)} seeds to {out}")


if __name__ == "__main__":
    main()
