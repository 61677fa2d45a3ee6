# SPDX-License-Identifier: MIT
"""Mirrors of the enums and #defines of the public headers.

Each member has the value of the C enumerator of the same name (``Status.EINVAL``
is ``CARC_EINVAL``). The values are frozen by the library's ABI promise
(docs/conventions.md: never renumbered, never reused), so copying them is safe; the tests
check every member against ``carc_status_name()`` and, when the build provides
it, against a small C program that prints every enumerator.
"""
from enum import IntEnum, IntFlag

__all__ = [
    "Status", "Edge", "SegmentKind", "SegmentEnd", "SegmentSpecial", "Side", "Module", "Figure",
    "EventKind", "Bonus", "HistoryKind", "MoveKind", "Quarter", "Decision", "PendingFlag", "Good",
    "Policy", "POLICY_NAMES",
    "GOOD_COUNT", "GOOD_NAMES", "GOOD_MARKS",
    "GAME_OPTIONS_VERSION", "Variant", "VARIANT_OPTIONS", "DEFAULT_START_TILE", "NO_SEGMENT", "SEGMENT_RECALL",
    "CLONE_NO_HISTORY", "GAME_NO_UNDO", "MODULE_NAMES", "FIGURE_NAMES", "QUARTER_NAMES",
    "ENUM_UNIQUE_ROTATIONS", "RENDER_COLOR", "RENDER_NO_LEGEND", "RECORD_FORMAT",
    "PORT_NAMES", "SIDE_NAMES", "SPECIAL_NAMES", "BONUS_NAMES", "INTERIOR", "QUARTER_FEATURES",
    # dice.h
    "DiceEdge", "DiceFace", "DicePhase", "DiceWinReason", "DiceLocation", "DiceActionKind",
    "DiceEventKind",
    "DICE_COUNT", "DICE_CITY_FACES", "DICE_MAX_ROLLS", "DICE_WIN_SCORE",
    "DICE_KNIGHT_OPTION_KNIGHTS", "DICE_GRID_RADIUS", "DICE_FACES_VERSION",
    "DICE_OPTIONS_VERSION", "DICE_RECORD_FORMAT", "DICE_ENUM_UNIQUE_ROTATIONS",
    "DICE_ENUM_UNIQUE_DICE", "DICE_ENUM_TOUCHING", "DICE_DEFAULT_FACES",
    # learn.h
    "LearnLoc", "LearnFigure", "LearnPlane", "LearnStage", "LearnDone",
    "LEARN_LAYOUT_VERSION", "LEARN_NO_ACTION", "LEARN_DEFAULT_RADIUS", "LEARN_MAX_RADIUS",
    "LEARN_LOCATIONS", "LEARN_FIGURE_ACTIONS", "LEARN_FIXED_PLANES", "LEARN_VEC_NO_RESTART",
    "learn_figure_at",
]


class Status(IntEnum):
    """carc_status (common.h)."""
    OK = 0
    # usage errors
    EINVAL = -1
    ERANGE = -2
    EVERSION = -3
    EUNSUPPORTED = -4
    EBUFFER = -5
    ENOTFOUND = -6
    # rules errors
    EILLEGAL = -100
    EPHASE = -101
    EGAME_OVER = -102
    ENO_UNDO = -103
    ENOT_IN_BAG = -104
    # serialization errors
    EPARSE = -200
    EFORMAT = -201
    ERECORD = -202
    # resource errors
    ENOMEM = -300
    ELIMIT = -301

    @property
    def c_name(self) -> str:
        """The C spelling, as carc_status_name() returns it."""
        return "CARC_" + self.name


class Edge(IntEnum):
    """carc_edge (tile.h)."""
    FIELD = 0
    ROAD = 1
    CITY = 2
    RIVER = 3


class SegmentKind(IntEnum):
    """carc_segment_kind (tile.h); also the kind of a feature."""
    FIELD = 0
    ROAD = 1
    CITY = 2
    MONASTERY = 3
    GARDEN = 4
    RIVER = 5


class SegmentEnd(IntEnum):
    """carc_segment_end (tile.h): what a road or river ends at on its tile."""
    NONE = 0
    VILLAGE = 1
    CITY = 2
    MONASTERY = 3
    SPRING = 4
    LAKE = 5


class SegmentSpecial(IntFlag):
    """CARC_SEGMENT_* (tile.h, 0.2): the marks of a segment or a feature
    (carc_segment_info.special, carc_feature_info.special)."""
    NONE = 0
    INN = 1 << 0          # Inns & Cathedrals: an inn beside this road
    CATHEDRAL = 1 << 1    # Inns & Cathedrals: a cathedral in this city
    WINE = 1 << 2         # Traders & Builders: a wine symbol in this city
    GRAIN = 1 << 3        # Traders & Builders: a grain symbol in this city
    CLOTH = 1 << 4        # Traders & Builders: a cloth symbol in this city
    COC = 1 << 5          # the Count: a field along the City of Carcassonne (a completed
                          # city for its farmers)


class Side(IntEnum):
    """CARC_N .. CARC_W (tile.h)."""
    N = 0
    E = 1
    S = 2
    W = 3


class Module(IntFlag):
    """CARC_MODULE_* flags (tile.h) for the game options: rule elements, and
    the whole boxes ABBOT, INNS and TRADERS that stand for theirs
    (:func:`~carcassonne.module_elements`)."""
    NONE = 0
    FARMERS = 1 << 0
    RIVER = 1 << 1
    ABBOT = 1 << 2              # the box: ABBOT_FIGURE | GARDENS
    COUNT = 1 << 3
    INNS = 1 << 4               # the box: INNS_TILES | BIG_FOLLOWER | INN | CATHEDRAL
    TRADERS = 1 << 5            # the box: TRADERS_TILES | GOODS | BUILDER | PIG (the pig with farmers)
    INNS_TILES = 1 << 6         # the 18 tiles of Inns & Cathedrals
    BIG_FOLLOWER = 1 << 7
    INN = 1 << 8                # needs INNS_TILES
    CATHEDRAL = 1 << 9          # needs INNS_TILES
    TRADERS_TILES = 1 << 10     # the 24 tiles of Traders & Builders
    GOODS = 1 << 11             # needs TRADERS_TILES
    BUILDER = 1 << 12
    PIG = 1 << 13               # needs FARMERS
    ABBOT_FIGURE = 1 << 14
    GARDENS = 1 << 15           # the garden copies of eight base tiles


class Variant(IntFlag):
    """CARC_VARIANT_* rule variants (game.h) for the game options; their names
    are those of records and scenario files (VARIANT_OPTIONS)."""
    NONE = 0
    TINY_CITY = 1 << 0          # tiny-city yes: a completed 2-tile city scores 1 a tile and pennant
    COC_FINAL_MARKET = 1 << 1   # coc-final market (the Count)
    COC_ONCE_PER_TURN = 1 << 2  # coc-per-part no (the Count)


# record / scenario option name -> (variant, the value that sets it, the default)
VARIANT_OPTIONS = {
    "tiny-city": (Variant.TINY_CITY, "yes", "no"),
    "coc-final": (Variant.COC_FINAL_MARKET, "market", "all"),
    "coc-per-part": (Variant.COC_ONCE_PER_TURN, "no", "yes"),
}


class Figure(IntEnum):
    """carc_figure (moves.h)."""
    NONE = 0
    FOLLOWER = 1
    BIG = 2
    ABBOT = 3
    BUILDER = 4
    PIG = 5


class MoveKind(IntEnum):
    """carc_move_kind (moves.h, 0.2): what a move answers. 0 is the place
    move, so every 0.1 move is a place move."""
    PLACE = 0
    PASS = 1
    EXIT = 2
    QUARTER = 3
    COUNT = 4


class Quarter(IntEnum):
    """carc_quarter (moves.h, 0.2): the quarters of the City of Carcassonne,
    in clockwise order. The Count starts on the castle."""
    CASTLE = 0
    MARKET = 1
    BLACKSMITH = 2
    CATHEDRAL = 3

    @property
    def label(self) -> str:
        """The name of the move notation and the scenario files ("castle", ...)."""
        return QUARTER_NAMES[self]

    @property
    def feature(self) -> "SegmentKind":
        """The kind of feature its followers leave the city for: cities (castle),
        fields (market: at the end only), roads (blacksmith), monasteries
        (cathedral)."""
        return QUARTER_FEATURES[self]


class Decision(IntEnum):
    """carc_decision (moves.h, 0.2): what the game waits for."""
    NONE = 0
    PLACE = 1
    EXIT = 2
    QUARTER = 3
    COUNT = 4


class PendingFlag(IntFlag):
    """CARC_PENDING_* (moves.h, 0.2): flags of the pending decision."""
    NONE = 0
    OPTIONAL = 1 << 0
    SECOND_TILE = 1 << 1
    FINAL = 1 << 2


class EventKind(IntEnum):
    """carc_event_kind (scoring.h)."""
    SCORE = 0
    FINAL = 1
    DISCARD = 2
    RECALL = 3
    GOODS = 4     # Traders & Builders: one trade-goods token taken (0.2)
    TRADE = 5     # Traders & Builders: the 10-point majority of one kind of goods (0.2)


class Bonus(IntFlag):
    """CARC_BONUS_* (scoring.h, 0.2): what made a score's value other than
    the base rule (carc_event.bonus)."""
    NONE = 0
    INN = 1 << 0          # an inn: 2 per tile when complete, 0 at the end
    CATHEDRAL = 1 << 1    # a cathedral: 3 per tile and pennant when complete, 0 at the end
    PIG = 1 << 2          # a field's majority holder with his pig there: 4 per city


class Good(IntEnum):
    """carc_good (game.h, 0.2): the trade goods of Traders & Builders."""
    WINE = 0
    GRAIN = 1
    CLOTH = 2

    @property
    def mark(self) -> "SegmentSpecial":
        """The segment mark of its symbol (CARC_SEGMENT_GOOD(good))."""
        return SegmentSpecial(SegmentSpecial.WINE << self.value)


class HistoryKind(IntEnum):
    """carc_history_kind (undo.h)."""
    PLACE = 0
    DISCARD = 1
    END = 2


class Policy(IntEnum):
    """carc_policy (search.h, 0.2): the built-in policies of a playout.
    IMMEDIATE was GREEDY before 0.2.0 (C keeps CARC_POLICY_GREEDY as a
    deprecated alias; here the old name is refused, see policy_of)."""
    RANDOM = 0      # uniform over every legal answer to the pending decision
    IMMEDIATE = 1   # the most immediate points (own gain less the best other gain), ties at random


GAME_OPTIONS_VERSION = 2          # CARC_GAME_OPTIONS_VERSION
DEFAULT_START_TILE = 0xFFFFFFFF   # CARC_DEFAULT_START_TILE (UINT32_MAX)
NO_SEGMENT = 0xFF                 # CARC_NO_SEGMENT
SEGMENT_RECALL = 0xFE             # CARC_SEGMENT_RECALL (0.2): the abbot's recall
CLONE_NO_HISTORY = 1 << 0         # CARC_CLONE_NO_HISTORY
GAME_NO_UNDO = 1 << 0             # CARC_GAME_NO_UNDO
ENUM_UNIQUE_ROTATIONS = 1 << 0    # CARC_ENUM_UNIQUE_ROTATIONS
RENDER_COLOR = 1 << 0             # CARC_RENDER_COLOR
RENDER_NO_LEGEND = 1 << 1         # CARC_RENDER_NO_LEGEND
RECORD_FORMAT = 1                 # CARC_RECORD_FORMAT
GOOD_COUNT = 3                    # CARC_GOOD_COUNT: the kinds of goods

# Names used by the move notation (tile.h geometry, docs/scenarios.md).
SIDE_NAMES = ("N", "E", "S", "W")
PORT_NAMES = ("NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW")
#: The location of a field that touches no side (IC/CCCC): "field:interior".
INTERIOR = "interior"
#: The names of the segment marks and of the score bonuses, by flag.
SPECIAL_NAMES = {SegmentSpecial.INN: "inn", SegmentSpecial.CATHEDRAL: "cathedral",
                 SegmentSpecial.WINE: "wine", SegmentSpecial.GRAIN: "grain",
                 SegmentSpecial.CLOTH: "cloth", SegmentSpecial.COC: "coc"}
BONUS_NAMES = {Bonus.INN: "inn", Bonus.CATHEDRAL: "cathedral", Bonus.PIG: "pig"}
#: The names of the goods (the order of `expect goods P WINE GRAIN CLOTH`), and their marks.
GOOD_NAMES = {Good.WINE: "wine", Good.GRAIN: "grain", Good.CLOTH: "cloth"}
GOOD_MARKS = {good: good.mark for good in Good}
#: The names of the playout policies (Playout.run and choose take them).
POLICY_NAMES = {Policy.RANDOM: "random", Policy.IMMEDIATE: "immediate"}
#: The module names of carc_module_name / carc_modules_parse, by flag.
MODULE_NAMES = {Module.FARMERS: "farmers", Module.RIVER: "river", Module.ABBOT: "abbot",
                Module.COUNT: "count", Module.INNS: "inns", Module.TRADERS: "traders",
                Module.INNS_TILES: "inns-tiles", Module.BIG_FOLLOWER: "big-follower",
                Module.INN: "inn", Module.CATHEDRAL: "cathedral",
                Module.TRADERS_TILES: "traders-tiles", Module.GOODS: "goods",
                Module.BUILDER: "builder", Module.PIG: "pig",
                Module.ABBOT_FIGURE: "abbot-figure", Module.GARDENS: "gardens"}
#: The figure names of the move notation and the scenario files, by figure.
FIGURE_NAMES = {Figure.FOLLOWER: "follower", Figure.BIG: "big", Figure.ABBOT: "abbot",
                Figure.BUILDER: "builder", Figure.PIG: "pig"}
#: The quarter names of the move notation and the scenario files.
QUARTER_NAMES = {Quarter.CASTLE: "castle", Quarter.MARKET: "market",
                 Quarter.BLACKSMITH: "blacksmith", Quarter.CATHEDRAL: "cathedral"}
#: The kind of feature the followers of each quarter leave the city for (a
#: monastery: never a garden).
QUARTER_FEATURES = {Quarter.CASTLE: SegmentKind.CITY, Quarter.MARKET: SegmentKind.FIELD,
                    Quarter.BLACKSMITH: SegmentKind.ROAD, Quarter.CATHEDRAL: SegmentKind.MONASTERY}


# ------------------------------------------------------------------ dice.h
# The Carcassonne Dice Game (carc_dice_*).


class _Named(IntEnum):
    """An IntEnum that prints as its name: ``str(DicePhase.CHOOSE)`` and
    f"{phase}" give "CHOOSE" (a plain IntEnum prints the number since Python
    3.11); ``int()`` and ``%d`` still give the value."""

    def __str__(self) -> str:
        return self.name


class DiceEdge(IntFlag):
    """CARC_DICE_EDGE_* (dice.h): the bits of a city face's black-edge mask."""
    N = 1 << 0
    E = 1 << 1
    S = 1 << 2
    W = 1 << 3


class DiceFace(_Named):
    """carc_dice_face (dice.h): CITY0..3 are the four city faces of the face set."""
    CITY0 = 0
    CITY1 = 1
    CITY2 = 2
    CITY3 = 3
    KNIGHT = 4
    CATAPULT = 5
    NONE = 255

    @property
    def is_city(self) -> bool:
        return self <= DiceFace.CITY3

    @property
    def letter(self) -> str:
        """The token of the record's roll lines ("0".."3", "K", "C"; "-" for NONE)."""
        return "0123KC"[self] if self <= DiceFace.CATAPULT else "-"


class DicePhase(_Named):
    """carc_dice_phase (dice.h)."""
    ROLL = 0
    CHOOSE = 1
    KNIGHT_OPTION = 2
    GAME_OVER = 3


class DiceWinReason(_Named):
    """carc_dice_win_reason (dice.h)."""
    SCORE_REACHED = 1
    CATAPULTS = 2


class DiceLocation(_Named):
    """carc_dice_location (dice.h): where a die is."""
    POOL = 0
    KNIGHT = 1
    CITY = 2
    CATAPULT = 3
    KEPT = 4


class DiceActionKind(_Named):
    """carc_dice_action_kind (dice.h)."""
    ROLL = 0
    SET_KNIGHT = 1
    BUILD = 2
    STOP = 3
    KNIGHT_OPTION = 4


class DiceEventKind(_Named):
    """carc_dice_event_kind (dice.h)."""
    SCORE = 0
    KNIGHTS = 1
    CATAPULTS = 2
    WIN = 3


DICE_COUNT = 9                    # CARC_DICE_COUNT
DICE_CITY_FACES = 4               # CARC_DICE_CITY_FACES
DICE_MAX_ROLLS = 3                # CARC_DICE_MAX_ROLLS
DICE_WIN_SCORE = 42               # CARC_DICE_WIN_SCORE
DICE_KNIGHT_OPTION_KNIGHTS = 3    # CARC_DICE_KNIGHT_OPTION_KNIGHTS
DICE_GRID_RADIUS = 8              # CARC_DICE_GRID_RADIUS: the grid's reach beyond the built dice
DICE_FACES_VERSION = 1            # CARC_DICE_FACES_VERSION
DICE_OPTIONS_VERSION = 1          # CARC_DICE_OPTIONS_VERSION
DICE_RECORD_FORMAT = 1            # CARC_DICE_RECORD_FORMAT
DICE_ENUM_UNIQUE_ROTATIONS = 1 << 0   # CARC_DICE_ENUM_UNIQUE_ROTATIONS
DICE_ENUM_UNIQUE_DICE = 1 << 1        # CARC_DICE_ENUM_UNIQUE_DICE
DICE_ENUM_TOUCHING = 1 << 2           # CARC_DICE_ENUM_TOUCHING
#: CARC_DICE_FACES_INIT: cap BWWW, corner BBWW, straight BWBW, tee BBBW.
DICE_DEFAULT_FACES = (0x1, 0x3, 0x5, 0x7)


# ---------------------------------------------------------------- learn.h (0.2)

class LearnLoc(IntEnum):
    """Where a figure stands on a tile, in board orientation (learn.h, CARC_LEARN_LOC_*):
    a road, city or river by the lowest side it touches, a field by the lowest
    port it touches (PORT + port), a monastery, a garden or a field touching no
    side in the middle."""
    N = 0
    E = 1
    S = 2
    W = 3
    PORT = 4
    MIDDLE = 12


class LearnFigure(IntEnum):
    """The figure actions that are not a figure kind at a location (CARC_LEARN_FIGURE_*)."""
    NONE = 0
    RECALL = 66


class LearnPlane(IntEnum):
    """The planes every observation has (CARC_LEARN_PLANE_*); the figure planes follow."""
    TILE = 0
    EDGE = 1        # 1 + 4 * side + edge
    JOIN = 17       # N-E, N-S, N-W, E-S, E-W, S-W
    MONASTERY = 23
    GARDEN = 24
    PENNANT = 25
    INN = 26
    CATHEDRAL = 27
    GOODS = 28      # + good
    CITY = 31
    PENDING = 32


class LearnStage(IntEnum):
    """carc_learn_stage: the stage of a decision (one-hot in the observation vector)."""
    PLACE = 0
    FIGURE = 1
    EXIT = 2
    EXIT_FIGURE = 3
    QUARTER = 4
    COUNT = 5
    OVER = 6


class LearnDone(IntEnum):
    """The done flags of the vectorised environment (CARC_LEARN_DONE_*)."""
    NOT_DONE = 0
    OVER = 1
    TRUNCATED = 2


LEARN_LAYOUT_VERSION = 1          # CARC_LEARN_LAYOUT_VERSION
LEARN_NO_ACTION = 0xFFFFFFFF      # CARC_LEARN_NO_ACTION (UINT32_MAX)
LEARN_DEFAULT_RADIUS = 15         # CARC_LEARN_DEFAULT_RADIUS
LEARN_MAX_RADIUS = 64             # CARC_LEARN_MAX_RADIUS
LEARN_LOCATIONS = 13              # CARC_LEARN_LOCATIONS
LEARN_FIGURE_ACTIONS = 67         # CARC_LEARN_FIGURE_ACTIONS
LEARN_FIXED_PLANES = 33           # CARC_LEARN_FIXED_PLANES
LEARN_VEC_NO_RESTART = 1 << 0     # CARC_LEARN_VEC_NO_RESTART


def learn_figure_at(figure: int, location: int) -> int:
    """CARC_LEARN_FIGURE_AT: the figure action of figure kind `figure` (1..5) at `location`."""
    return 1 + (int(figure) - 1) * LEARN_LOCATIONS + int(location)
