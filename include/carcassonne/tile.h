/* SPDX-License-Identifier: MIT */
/*
 * libcarcassonne: the tile catalogue.
 *
 * Tile kinds are numbered 0 .. carc_tile_kind_count()-1 in catalogue order
 * (base game A..X first, then the River RA..RL, then the garden copies
 * E.g H.g I.g M.g N.g R.g U.g V.g of the Abbot, then the 17 kinds of Inns &
 * Cathedrals "IC/Cccc.c" .. "IC/RrRr", ...). Numbers are stable within
 * a SONAME; names ("D", "RA") are stable forever and are what records use.
 *
 * Geometry: sides are N=0, E=1, S=2, W=3 (clockwise); a rotation r (0..3) turns
 * the tile r quarter turns clockwise, so catalogue side s lies on side (s+r)%4.
 * Field ports (half-edges) are numbered clockwise from the north-west corner:
 * Nw=0 Ne=1 En=2 Es=3 Se=4 Sw=5 Ws=6 Wn=7; rotation r sends port p to (p+2r)%8.
 */
#ifndef CARCASSONNE_TILE_H
#define CARCASSONNE_TILE_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Edge types. @since 0.1 */
typedef enum carc_edge {
    CARC_EDGE_FIELD = 0,
    CARC_EDGE_ROAD = 1,
    CARC_EDGE_CITY = 2,
    CARC_EDGE_RIVER = 3
} carc_edge;

/** Kinds of segment (feature parts on one tile). @since 0.1 */
typedef enum carc_segment_kind {
    CARC_SEG_FIELD = 0,
    CARC_SEG_ROAD = 1,
    CARC_SEG_CITY = 2,
    CARC_SEG_MONASTERY = 3,
    CARC_SEG_GARDEN = 4,
    CARC_SEG_RIVER = 5
} carc_segment_kind;

/** What a road (or river) ends at on its own tile. @since 0.1 */
typedef enum carc_segment_end {
    CARC_END_NONE = 0,       /**< passes through the tile (two or more edges) */
    CARC_END_VILLAGE = 1,
    CARC_END_CITY = 2,
    CARC_END_MONASTERY = 3,
    CARC_END_SPRING = 4,
    CARC_END_LAKE = 5
} carc_segment_end;

/** Sides of a tile. @since 0.1 */
enum { CARC_N = 0, CARC_E = 1, CARC_S = 2, CARC_W = 3 };

/**
 * Rules modules (flags for carc_game_options.modules). A flag is either one
 * rule element (the farmers, the River, the Count, and the elements below) or
 * a whole box, the shorthand for all its elements: CARC_MODULE_ABBOT,
 * CARC_MODULE_INNS and CARC_MODULE_TRADERS (carc_modules_elements).
 * @since 0.1
 */
enum {
    CARC_MODULE_FARMERS = 1u << 0, /**< "farmers": fields and farmers (on by default) */
    CARC_MODULE_RIVER = 1u << 1,   /**< "river": the River (12 tiles, the spring starts; @since 0.2) */
    CARC_MODULE_ABBOT = 1u << 2,   /**< "abbot", the box: CARC_MODULE_ABBOT_FIGURE and
                                        CARC_MODULE_GARDENS (@since 0.2) */
    CARC_MODULE_COUNT = 1u << 3,   /**< "count": the Count of Carcassonne: the City of Carcassonne
                                        and the Count */
    CARC_MODULE_INNS = 1u << 4,    /**< "inns", the box Inns & Cathedrals: its tiles, the big
                                        follower, inns and cathedrals (@since 0.2) */
    CARC_MODULE_TRADERS = 1u << 5  /**< "traders", the box Traders & Builders: its tiles, goods,
                                        the builder and, with farmers, the pig (@since 0.2) */
};

/**
 * Rule elements: each part of a box by itself (flags for
 * carc_game_options.modules, with the ones above). An element needs those
 * it names; carc_game_new refuses it without them (CARC_EINVAL, with the
 * reason in carc_game_options_check's message). A sixth player needs
 * CARC_MODULE_INNS_TILES or CARC_MODULE_BIG_FOLLOWER (the box's sixth colour).
 * @since 0.2
 */
enum {
    /** "inns-tiles": the 18 tiles of Inns & Cathedrals; without CARC_MODULE_INN
     * and CARC_MODULE_CATHEDRAL their inns and cathedrals change no score. */
    CARC_MODULE_INNS_TILES = 1u << 6,
    /** "big-follower": one big follower a player, worth two followers. */
    CARC_MODULE_BIG_FOLLOWER = 1u << 7,
    /** "inn": a road with an inn scores 2 a tile completed, 0 at the end.
     * Needs CARC_MODULE_INNS_TILES. */
    CARC_MODULE_INN = 1u << 8,
    /** "cathedral": a city with a cathedral scores 3 a tile and pennant
     * completed, 0 at the end. Needs CARC_MODULE_INNS_TILES. */
    CARC_MODULE_CATHEDRAL = 1u << 9,
    /** "traders-tiles": the 24 tiles of Traders & Builders; without
     * CARC_MODULE_GOODS their goods give nothing. */
    CARC_MODULE_TRADERS_TILES = 1u << 10,
    /** "goods": a completed city gives its goods to the player who completed
     * it; the majorities score 10 at the end. Needs CARC_MODULE_TRADERS_TILES. */
    CARC_MODULE_GOODS = 1u << 11,
    /** "builder": one builder a player, and the double turn it gives. */
    CARC_MODULE_BUILDER = 1u << 12,
    /** "pig": one pig a player, 4 a city instead of 3 for its field. Needs
     * CARC_MODULE_FARMERS (the box CARC_MODULE_TRADERS without farmers has no pig). */
    CARC_MODULE_PIG = 1u << 13,
    /** "abbot-figure": one abbot a player, on monasteries and gardens, and
     * its recall. */
    CARC_MODULE_ABBOT_FIGURE = 1u << 14,
    /** "gardens": the garden copies of eight base tiles (E, H, I, M, N, R, U,
     * V), in place of one plain copy each; only an abbot scores a garden. */
    CARC_MODULE_GARDENS = 1u << 15
};

/**
 * The name of one module flag, a box or an element ("farmers", "river",
 * "abbot", "count", "inns", "traders", "inns-tiles", "big-follower", "inn",
 * "cathedral", "traders-tiles", "goods", "builder", "pig", "abbot-figure",
 * "gardens"), or NULL when `module` is not exactly one known flag.
 * @since 0.2
 */
CARC_API const char *carc_module_name(uint32_t module);

/**
 * The flag a module name stands for (a box or an element, as
 * carc_module_name gives them; "all": every box, as carc_modules_parse reads it).
 * @return CARC_OK, CARC_EINVAL (NULL), CARC_ENOTFOUND (an unknown name).
 * @since 0.2
 */
CARC_API carc_status carc_module_find(uint32_t *out, const char *name);

/**
 * Parse a list of module names separated by spaces or commas ("river,abbot",
 * "farmers river") into CARC_MODULE_* flags. A name may be preceded by '-'
 * ("-farmers") to leave that module out of `*out`, which starts from
 * CARC_MODULE_FARMERS (farmers are on unless named with '-'). "" gives
 * CARC_MODULE_FARMERS. The name "all" stands for every module this build
 * implements (carc_modules_supported()); the names are applied from left to
 * right, so "all,-farmers" is every module but the farmers ("-all" leaves
 * every module out: "-all,river" is the River without the farmers). A box
 * less one of its elements gives the others ("traders,-pig": traders-tiles,
 * goods and builder); a whole box comes back as its box flag.
 * @return CARC_OK, CARC_EINVAL (NULL), CARC_EPARSE (an unknown name).
 * @since 0.2
 */
CARC_API carc_status carc_modules_parse(uint32_t *out, const char *text);

/** The CARC_MODULE_* flags this build implements, as whole boxes (what "all"
 * gives); with each of them, every rule element of it
 * (carc_modules_elements(carc_modules_supported())). Others give
 * CARC_EUNSUPPORTED at carc_game_new. @since 0.2 */
CARC_API uint32_t carc_modules_supported(void);

/**
 * The rule elements that module flags stand for: each box replaced by its
 * elements (CARC_MODULE_TRADERS without CARC_MODULE_FARMERS by those but the
 * pig), every other flag kept as it is. What a game plays:
 * `carc_modules_elements(opts.modules) & CARC_MODULE_PIG` says whether it has
 * the pig, whether given by box or by element.
 * @since 0.2
 */
CARC_API uint32_t carc_modules_elements(uint32_t modules);

/**
 * One segment of a tile, as rotated. Growable: set struct_size to
 * sizeof(carc_segment_info) before the call; the library fills only the
 * fields that fit.
 * @since 0.1
 */
typedef struct carc_segment_info {
    uint32_t struct_size;
    uint32_t kind;            /**< carc_segment_kind */
    uint32_t edges;           /**< bit s set: touches side s (roads, cities, rivers) */
    uint32_t ports;           /**< bit p set: touches port p (fields) */
    uint32_t pennants;        /**< coats of arms on this city segment */
    uint32_t end;             /**< carc_segment_end for roads and rivers */
    uint32_t adjacent_cities; /**< fields: bit i set: borders city segment i of this tile */
    uint32_t special;         /**< CARC_SEGMENT_* marks: an inn on this road, a cathedral or a
                                   goods symbol in this city (@since 0.2) */
} carc_segment_info;

/** Marks of a segment (carc_segment_info.special, carc_feature_info.special). @since 0.2 */
enum {
    CARC_SEGMENT_INN = 1u << 0,      /**< Inns & Cathedrals: an inn beside this road */
    CARC_SEGMENT_CATHEDRAL = 1u << 1, /**< Inns & Cathedrals: a cathedral in this city */
    CARC_SEGMENT_WINE = 1u << 2,      /**< Traders & Builders: a wine symbol in this city */
    CARC_SEGMENT_GRAIN = 1u << 3,     /**< Traders & Builders: a grain symbol in this city */
    CARC_SEGMENT_CLOTH = 1u << 4,     /**< Traders & Builders: a cloth symbol in this city */
    CARC_SEGMENT_COC = 1u << 5        /**< the Count: a field along the City of Carcassonne (the
                                           city counts as one completed city for its farmers) */
};
/** The segment mark of a kind of goods (carc_good, game.h): CARC_SEGMENT_WINE << good. @since 0.2 */
#define CARC_SEGMENT_GOOD(good) ((uint32_t)CARC_SEGMENT_WINE << (good))

/** Number of tile kinds in the catalogue. @since 0.1 */
CARC_API uint32_t carc_tile_kind_count(void);

/** The name of a tile kind ("A".."X", "RA".."RL"), or NULL if out of range. @since 0.1 */
CARC_API const char *carc_tile_name(uint32_t kind);

/**
 * Find a tile kind by name (exact, case-sensitive).
 * @return CARC_OK, CARC_EINVAL (NULL), CARC_ENOTFOUND.
 * @since 0.1
 */
CARC_API carc_status carc_tile_find(uint32_t *out, const char *name);

/**
 * How many copies of a kind a game with these modules uses, the start tile
 * included (base D: 4; with the River, whose spring starts, D: 3; with the
 * Abbot, E: 4 and its garden copy E.g: 1).
 * @return CARC_OK, CARC_EINVAL, CARC_ERANGE.
 * @since 0.1
 */
CARC_API carc_status carc_tile_copies(uint32_t *out, uint32_t kind, uint32_t modules);

/**
 * Edge type (carc_edge) on `side` of `kind` turned by `rotation`.
 * @return CARC_OK, CARC_EINVAL, CARC_ERANGE.
 * @since 0.1
 */
CARC_API carc_status carc_tile_edge(uint32_t *out, uint32_t kind, uint32_t rotation, uint32_t side);

/** Number of segments of a tile kind. @return CARC_OK, CARC_EINVAL, CARC_ERANGE. @since 0.1 */
CARC_API carc_status carc_tile_segment_count(uint32_t *out, uint32_t kind);

/**
 * Segment `index` of `kind` turned by `rotation`. Segment indices are those of
 * the catalogue and do not change with rotation.
 * @return CARC_OK, CARC_EINVAL (NULL, bad struct_size), CARC_ERANGE.
 * @since 0.1
 */
CARC_API carc_status carc_tile_segment(carc_segment_info *out, uint32_t kind, uint32_t rotation,
                                       uint32_t index);

#ifdef __cplusplus
}
#endif
#endif
