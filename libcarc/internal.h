/* SPDX-License-Identifier: MIT */
/*
 * libcarcassonne internals shared across libcarc/ files. Never installed.
 * Internal symbols use the carci_ prefix (hidden by visibility and by the
 * version script, which exports carc_* only).
 */
#ifndef CARCI_INTERNAL_H
#define CARCI_INTERNAL_H

#include <carcassonne/carcassonne.h>
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>
#include <stdio.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* x86-64 with GCC or Clang: code paths for AVX2 processors next to the
 * baseline's SSE2 ones, chosen at run time (rs->avx2). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__EMSCRIPTEN__)
#define CARCI_AVX2_DISPATCH 1
#else
#define CARCI_AVX2_DISPATCH 0
#endif

#define CARCI_NONE 0xFFu
#define CARCI_MAX_SEG 12
#define CARCI_MAX_PLAYERS 6   /* 6 with Inns & Cathedrals, else 5 */
#define CARCI_BASE_PLAYERS 5
#define CARCI_FOLLOWERS 7
#define CARCI_SPECIALS 4      /* figure kinds of one each: big, abbot, builder, pig */
/* A module's own state: words of the state block after the header, laid out
 * by the ruleset (rs->mod_off[slot]) for the words its install reserved
 * (carci_state_reserve); the slots are the modules' (rules/state.h). */
#define CARCI_MOD_SLOTS 4u
#define CARCI_MAX_FIGS (CARCI_MAX_PLAYERS * (CARCI_FOLLOWERS + CARCI_SPECIALS))
#define CARCI_MAX_TILES 255   /* tiles in one game, start tile included */
#define CARCI_MAX_KINDS 128   /* tile kinds in the catalogue */

/* ---- tile catalogue (tiles.c) ---------------------------------------- */

typedef struct carci_segdef {
    uint8_t kind;     /* carc_segment_kind */
    uint8_t edges;    /* side mask, catalogue orientation */
    uint8_t ports;    /* port mask, catalogue orientation */
    uint8_t pennants;
    uint8_t end;      /* carc_segment_end */
    uint8_t adj;      /* fields: mask of city segment indices on the same tile */
    uint8_t special;  /* CARC_SEGMENT_INN, CARC_SEGMENT_CATHEDRAL (tile.h) */
} carci_segdef;

typedef struct carci_tiledef {
    const char *name;
    uint32_t module;  /* 0: base game; else the CARC_MODULE_* that brings it */
    uint8_t copies;
    /* With this kind's module, this many copies of kind `replaces` leave the
     * set (a garden copy replaces a plain copy; the spring replaces the base
     * start tile), or CARCI_NONE. */
    uint8_t replaces;
    uint8_t edges;    /* side s: bits 2s..2s+1 hold its carc_edge */
    uint8_t nseg;
    carci_segdef seg[CARCI_MAX_SEG];
    /* The rotations that give distinct tiles (bit r: rotation r), for tiles
     * that look alike in several rotations; 0: derived at game creation. A
     * test checks every value given here against the derivation. */
    uint8_t unique_rot;
} carci_tiledef;

uint8_t carci_derive_unique_rot(const carci_tiledef *t);

extern const carci_tiledef carci_tiles[];
extern const uint32_t carci_tile_kinds;
/* The figure kinds (carc_figure) and their names in messages ("big
 * follower"), by kind (tiles/catalogue.c). */
#define CARCI_FIGURE_KINDS (CARC_FIGURE_PIG + 1)
extern const char *const carci_figure_names[CARCI_FIGURE_KINDS];
/* The figure whose action the public encoding's action segment names
 * (moves.h: CARC_SEGMENT_RECALL, the abbot's recall). */
extern const uint8_t carci_action_figure;
/* The words of the public vocabulary in messages: move kinds (carc_move_kind,
 * as the notation writes them) and what each decision (carc_decision) asks. */
extern const char *const carci_move_kind_names[5];
extern const char *const carci_segment_kind_names[6]; /* carc_segment_kind */
extern const char *const carci_decision_names[5];
/* The kind named `name` (the lookup of carc_tile_find), or CARCI_NONE32. */
uint32_t carci_tile_find(const char *name);
/* Copies of a kind in a game with these modules, the start tile included:
 * one kind, or every kind (copies[carci_tile_kinds]). */
uint32_t carci_tile_copies(uint32_t kind, uint32_t modules);
void carci_tile_counts(uint8_t *copies, uint32_t modules);
bool carci_kind_in_set(uint32_t kind, uint32_t modules);

/* Bits set in a 16-bit mask (no popcnt instruction is assumed). */
static inline uint32_t carci_popcount16(uint32_t x)
{
    x = x - ((x >> 1) & 0x5555u);
    x = (x & 0x3333u) + ((x >> 2) & 0x3333u);
    x = (x + (x >> 4)) & 0x0F0Fu;
    return (x + (x >> 8)) & 0x1Fu;
}

/* Rotate a side mask / port mask / edge signature by r quarter turns clockwise. */
static inline uint8_t carci_rot_sides(uint8_t m, unsigned r)
{
    r &= 3;
    return (uint8_t)(((m << r) | (m >> (4 - r))) & 0xF);
}
static inline uint8_t carci_rot_ports(uint8_t m, unsigned r)
{
    r = (r & 3) * 2;
    return (uint8_t)((m << r) | (m >> ((8 - r) & 7)));
}
static inline uint8_t carci_rot_sig(uint8_t sig, unsigned r)
{
    r = (r & 3) * 2;
    return r ? (uint8_t)((sig << r) | (sig >> (8 - r))) : sig;
}

/* Per-kind tables derived from the catalogue (ruleset.c): immutable once built. */
typedef struct carci_kindinfo {
    uint8_t sig;            /* edge signature at rotation 0 */
    uint8_t unique_rot;     /* mask of rotations that are not repeats of an earlier one */
    uint8_t side_seg[4];    /* catalogue side -> road/city/river segment, or NONE */
    uint8_t port_seg[8];    /* catalogue port -> field segment, or NONE */
    uint8_t center;         /* segment index of a monastery or garden, or NONE */
    uint8_t nseg;
    uint16_t rc_mask;       /* bit i: segment i is a road or a city */
    uint16_t field_mask;    /* bit i: segment i is a field */
    uint16_t center_mask;   /* bit i: segment i is a monastery or a garden */
    uint16_t city_mask;     /* bit i: segment i is a city */
    uint8_t river;          /* segment index of the river, or NONE */
    uint8_t seg_open[CARCI_MAX_SEG]; /* edges a segment opens: roads, cities, rivers */
} carci_kindinfo;

/* A tile kind turned r quarter turns (ruleset.c, from carci_kindinfo): what
 * the hot paths read by board direction, with no rotation arithmetic. */
typedef struct carci_rotinfo {
    uint8_t side_seg[4];  /* board side -> road/city/river segment, or NONE */
    uint8_t port_seg[8];  /* board port -> field segment, or NONE */
    uint8_t sig;          /* edge signature turned r */
    uint8_t rc_sides;     /* board sides whose edge is not a field (road, city, river) */
    uint8_t field_sides;  /* board sides with field halves (not a city) */
    uint8_t pad_;         /* 16 bytes: an entry is found with a shift */
} carci_rotinfo;
_Static_assert(sizeof(carci_rotinfo) == 16, "carci_rotinfo is 16 bytes");

/* Extension points: what a module changes in the core, installed into the
 * ruleset by the module's install function (rules/modules.c). A hook left
 * NULL costs the base game one predictable branch. */
struct carci_ruleset;
typedef struct carci_hooks {
    /* tile set: put the shuffled draw pile in the module's order (River:
     * the River tiles on top, the lake under them) */
    void (*deal)(const struct carci_ruleset *rs, uint16_t *bag, uint32_t n);
    /* chance control: whether tile `kind` may be drawn now (River: only
     * River tiles while they last, the lake last) */
    bool (*may_draw)(const carc_game *g, uint32_t kind, char *err, size_t cap);
    /* placement: the extra rule for kinds with `restricted` set (River:
     * extend the river at its open end, no U-turn); `fits` already holds */
    bool (*placement_ok)(const carc_game *g, uint32_t kind, int32_t x, int32_t y, uint32_t rot, char *err,
                         size_t cap);
    /* the cells where a restricted kind may go (River: the open end), or
     * false when it may go nowhere; at most one cell */
    bool (*placement_cell)(const carc_game *g, uint32_t kind, int32_t *x, int32_t *y);
    /* after a tile of a restricted kind is placed (River: the new open end) */
    void (*placed)(carc_game *g, uint32_t kind, int32_t x, int32_t y, uint32_t rot);
    /* after the start tile is laid, before the first move (River: the
     * spring's open end); setup writes, not journaled */
    void (*started)(carc_game *g);
    /* scoring: the value of a road (value[CARC_SEG_ROAD]) or a city
     * (value[CARC_SEG_CITY]) whose segments carry marks of rs->value_marks
     * (`special`: their OR over its segments, masked; inns, cathedrals),
     * completed or at the end; *bonus receives the CARC_BONUS_* that made it */
    int32_t (*value[CARC_SEG_CITY + 1])(uint32_t special, uint32_t tiles, uint32_t pennants, bool complete,
                                        uint32_t *bonus);
    /* figure rule of the kinds in rs->joins_own, instead of the occupancy
     * rule: the segments of `kind` turned `rot` on frontier cell fi (whose
     * placed sides are `placed`) figure `fig` may stand on, bit s for
     * segment s (Traders & Builders: the builder and the pig join a feature
     * of their owner's) */
    unsigned (*figure_mask)(const carc_game *g, uint32_t fi, unsigned placed, uint32_t kind, uint32_t rot,
                            uint32_t fig);
    /* after the tile of a place move (kind, its first node `base`) joined
     * its neighbours, before its figure and scoring, in the first part of a
     * turn: whether the player takes a second tile (the builder). `segs`:
     * the tile's segments that met a neighbour's road or city (the others
     * are features of their own; ~0u: not known) */
    bool (*extends)(const carc_game *g, uint32_t player, uint16_t base, uint32_t kind, unsigned segs);
    /* after the scoring of the roads and cities the tile (kind, its first
     * node base) of `player`'s move completed during play, whether or not
     * anybody held them: what they give besides points (trade goods);
     * `segs` as for extends (only they can have completed one) */
    void (*completed)(carc_game *g, uint16_t base, uint32_t kind, uint32_t player, uint32_t turn, unsigned segs);
    /* field scoring: of the majority holders `players`, the ones who score
     * *points (with *bonus) instead of the points given in (the pig) */
    uint32_t (*better)(const carc_game *g, uint16_t root, uint32_t players, int32_t *points, uint32_t *bonus);
    /* after a figure of kind `figure` left the board outside scoring (an
     * abbot's recall): the figures that may not stay alone go home (ruling
     * T-7) */
    void (*removed)(carc_game *g, uint32_t figure);
    /* final scoring, after the features (the trade-goods majorities) */
    void (*final)(carc_game *g, uint32_t turn);
    /* set-up instead of laying the start tile (the Count: the City of
     * Carcassonne); with the River the spring is laid after it */
    void (*setup)(carc_game *g);
    /* the Count, in a turn part after the figure action of place move
     * `turn` (a history index): whether the scoring waits for moves out of
     * the city (a decision is then pending) */
    bool (*exits)(carc_game *g, uint32_t turn);
    /* the Count, after the scoring of a part: whether the placer is asked
     * for a follower into the city (a decision is then pending) */
    bool (*scored)(carc_game *g);
    /* the Count, when the game would end: whether the final round of moves
     * out of the city begins (a decision is then pending) */
    bool (*final_round)(carc_game *g);
    /* check a move of the kind the pending step (h->step) takes (the core
     * checks the kind and the pass), and apply an answer to it */
    carc_status (*check_step)(const carc_game *g, const carc_move *m, char *err, size_t cap);
    void (*apply_step)(carc_game *g, const carc_move *m);
    /* every legal answer to the pending step, the pass last */
    carc_status (*enum_step)(carc_movelist *l, const carc_game *g);
    /* a figure action of a module's own in place of putting a figure on the
     * tile (segment CARCI_SEGMENT_ACTION; the Abbot: the recall): check it
     * for the tile of move m, before the tile is placed; append it to l
     * after the legal placement m when it is legal (room reserved); apply
     * it once the tile lies on the board (turn: the move's history index) */
    /* when a player's turn ends, its last part played or the rest declined:
     * what a module keeps for one turn is reset (the Count: the follower
     * into the city, with the variant once a turn) */
    void (*turn_end)(carc_game *g);
    carc_status (*action_check)(const carc_game *g, const carc_move *m, char *err, size_t cap);
    void (*action_enum)(carc_movelist *l, const carc_game *g, const carc_move *m);
    void (*action_apply)(carc_game *g, uint32_t player, uint32_t turn, const carc_move *m);
} carci_hooks;

/* The segment code of a module's own figure action (carci_hooks.action_*):
 * the public CARC_SEGMENT_RECALL. */
#define CARCI_SEGMENT_ACTION CARC_SEGMENT_RECALL

/* A graph node: a segment of a placed tile (features.c). parent: the index
 * of the feature's root (on the root: its own | rank << 12); open: edges of
 * the feature still unmatched (on the root); tile_occ: the tile's number |
 * the figures on the feature << 8 (on the root). */
typedef struct carci_node { uint16_t parent, next; int16_t open; uint16_t tile_occ; } carci_node;
/* Nodes a tile lays without a loop (carci_tile_init): every kind but none
 * in the catalogue has at most this many segments; the node array has room
 * for this many past its last node. */
#define CARCI_NODE_TMPL 8u

typedef struct carci_ruleset {
    atomic_uint refs;
    carc_allocator alloc;
    uint32_t modules;
    uint32_t players;
    uint32_t ntiles;        /* tiles in the game, start tile included */
    uint32_t nnodes;        /* upper bound of segments placed in one game */
    uint32_t nkinds;
    uint32_t hash_cap;      /* power of two */
    uint32_t front_cap;     /* padded to a multiple of 16 (16-cell scans) */
    bool avx2;              /* the processor has AVX2 (CARCI_AVX2_DISPATCH) */
    uint32_t mon_cap;       /* monastery tiles in the set */
    uint32_t fig_cap;
    uint32_t event_cap;
    uint32_t hist_cap;
    uint32_t unit_reserve;  /* journal entries one undo unit can need at most */
    uint32_t start_kind, start_rot;
    uint32_t start_tile;    /* the options' start_tile as given (CARC_DEFAULT_START_TILE: none named) */
    uint32_t flags;         /* CARC_GAME_* */
    uint32_t variants;      /* CARC_VARIANT_* */
    int32_t start_x, start_y;
    /* state layout: word offsets of each array */
    uint32_t off_bag, off_placed, off_hash, off_fslot, off_fnm, off_fnb, off_mon, off_node, off_fig,
        off_event;
    uint32_t state_words;
    const carci_kindinfo *kinds; /* carci_kinds: per tile kind */
    carci_rotinfo rot[CARCI_MAX_KINDS][4]; /* per tile kind and rotation */
    /* the first off_event words of a new game's state before the pile is
     * shuffled (carci_setup_state): its own allocation, freed with the ruleset */
    uint16_t *init;
    /* per tile kind: its first nodes as laid (carci_tile_init), with parent
     * and next relative to the first node and no tile number */
    struct carci_node node_tmpl[CARCI_MAX_KINDS][CARCI_NODE_TMPL];
    /* figure rules: for each carc_figure, a mask of the carc_segment_kind
     * it may stand on (bit k); 0: not in play */
    uint8_t figure_on[8];
    /* ... and derived from it: the segments of each tile kind that figure
     * may stand on (bit i: segment i) */
    uint16_t eligible[CARC_FIGURE_PIG + 1][CARCI_MAX_KINDS];
    uint32_t max_actions;   /* figure actions after one placement, at most (no figure included) */
    uint8_t specials;       /* bit f: figure kind f (one per player) is in play */
    uint8_t joins_own;      /* bit f: figure kind f obeys hooks.figure_mask, not the occupancy rule */
    bool fields;            /* fields are joined, and scored at the end (farmers) */
    uint32_t value_marks;   /* the CARC_SEGMENT_* marks a hooks.value scores */
    /* the modules' own state (carci_state_reserve): words and offset in the
     * state block of each slot, and what of it goes into the position hash
     * (carc_game_hash: the slots in order) */
    /* (size_t: a read of an offset is not reloaded after each write of the
     * state or the journal, whose words are 16 and 32 bits) */
    size_t mod_words[CARCI_MOD_SLOTS], mod_off[CARCI_MOD_SLOTS];
    uint64_t (*mod_mix[CARCI_MOD_SLOTS])(const carc_game *g, uint64_t acc);
    bool lays_start;        /* the start tile is laid (else a module's set-up takes its place) */
    /* for each figure kind of joins_own: why hooks.figure_mask refused a
     * segment, a format with one %u (the player) */
    const char *joins_own_why[CARCI_FIGURE_KINDS];
    bool turn_steps;        /* hooks.extends or hooks.completed: steps of a module within a turn */
    uint32_t hist_extra;    /* history entries a module adds to a game (passes), at most */
    uint32_t event_extra;   /* events a module adds to a game (goods), at most */
    uint8_t copies[CARCI_MAX_KINDS]; /* copies of each kind in the set, the start tile included */
    uint8_t restricted[64]; /* bit k%8 of byte k/8: placements of kind k obey hooks.placement_ok */
    uint8_t preplaced[16];  /* bit k%8 of byte k/8: kind k is laid by hooks.setup, never drawn */
    carci_hooks hooks;
} carci_ruleset;

static inline bool carci_restricted(const carci_ruleset *rs, uint32_t kind)
{
    return (rs->restricted[kind >> 3] >> (kind & 7)) & 1u;
}

/* The per-kind tables of every catalogue kind, derived from carci_tiles
 * (kinds.c, written by carci_print_kinds; a test checks them against
 * carci_derive_kind). */
extern const carci_kindinfo carci_kinds[];
void carci_derive_kind(carci_kindinfo *k, const carci_tiledef *t);
void carci_print_kinds(void *file); /* a FILE *: the C source of carci_kinds */

/* ---- game state (one flat block of 16-bit words; clone = memcpy) ------ */

#define CARCI_STEP_FINAL 0x8u

typedef struct carci_hdr {
    uint16_t players, cur, over, n_placed;
    uint16_t n_bag, n_nodes, n_front, n_figs;
    uint16_t n_events, n_hist, n_mon, cur_idx; /* cur_idx: bag index of the tile to place, 0xFFFF: none */
    /* the board's part of the position hash (search/hash.c): the sum, mod
     * 2^64, of a key for each tile placed, each figure on the board and each
     * tile discarded; low word first */
    uint16_t zob[4];
    int16_t score[CARCI_MAX_PLAYERS + 1];
    uint16_t supply[CARCI_MAX_PLAYERS + 1];
    uint16_t specials[CARCI_MAX_PLAYERS + 1]; /* bit f: the player's figure of kind f is in supply */
    /* a second part of the turn, which a module grants (hooks.extends): 0
     * none, 1 pending (part 2 of the turn), 2 earned by the part being
     * played */
    uint16_t part2;
    /* bit x & 15 of word y & 15: a monastery or garden may lie within one
     * cell of (x, y) (play.c: the monasteries are looked at only then) */
    uint16_t mon_near[16];
    /* a decision other than a place move is pending (the Count): 0 none,
     * else carc_decision | CARCI_STEP_FINAL | deciding player << 4 */
    uint16_t step;
} carci_hdr;


typedef struct carci_placed { int16_t x, y; uint16_t kind, rot_base; } carci_placed; /* rot_base: rot | node_base<<2 */
typedef struct carci_mon { uint16_t node; int16_t x, y; uint16_t count; } carci_mon; /* count: tiles around */
typedef struct carci_fig { uint16_t node; uint16_t player_kind; } carci_fig;    /* player | figure << 8 */
typedef struct carci_ev {
    uint16_t kind_fkind;    /* kind | bonus << 3 | feature kind << 8 */
    uint16_t turn;
    int16_t points;
    uint16_t players_ret;   /* players mask | returned << 8 */
    uint16_t node;          /* a node of the feature (discards: tile kind) */
    uint16_t tiles;
} carci_ev;
typedef struct carci_hist {
    uint16_t kind_player;   /* kind | player << 8 */
    int16_t x, y;
    uint16_t tile;
    uint16_t rot_fig_seg;   /* rot | figure << 2 | move kind << 5 | segment << 8 */
} carci_hist;

#define CARCI_SLOT_EMPTY 0xFFFFu
#define CARCI_SLOT_FRONT 0x8000u
#define CARCI_NODE_IDX(p) ((uint16_t)((p) & 0x0FFFu))

struct carc_game {
    const carci_ruleset *rs;
    carc_allocator alloc;
    uint16_t *st;            /* state block: rs->state_words words */
    /* the history log, beside the state block (room for the worst case of a
     * game: hist_cap entries; clones copy the live part, h->n_hist entries) */
    carci_hist *hist;
    uint32_t hist_cap;
    /* undo journal (not part of the state) */
    uint32_t *trail;         /* (word offset << 16) | old value */
    size_t trail_len, trail_cap; /* size_t: a uint32_t journal entry store cannot alias them */
    uint32_t *marks;         /* trail position at the start of each undo unit */
    uint32_t n_marks, marks_cap;
    bool unit_open;          /* a tile choice is pending in the open unit */
    bool no_journal;         /* CARC_GAME_NO_UNDO: writes are not recorded */
    /* st, hist, marks and trail lie in the game's own allocation (one
     * malloc for a new game or a clone; block_bytes long) unless their bit
     * in `apart` says they were allocated on their own (CARCI_APART_*: a
     * journal that grew, a copy from a game of other options) */
    uint8_t apart;
    size_t block_bytes;
    uint64_t seed;           /* the options' seed (the ruleset is shared by games of every seed) */
    char err[160];
};

#define CARCI_APART_ST 1u
#define CARCI_APART_HIST 2u
#define CARCI_APART_TRAIL 4u
#define CARCI_APART_MARKS 8u
/* Make room for `n` elements of `size` bytes in the part `p` holds (`cap`
 * of them, `live` in use), keeping the live ones (journal.c): false, and
 * nothing changed, when memory runs out. */
bool carci_part_grow(carc_game *g, void **p, unsigned bit, size_t size, size_t live, size_t cap, size_t n);

/* typed views of the state block */
#define CARCI_HDR(g) ((carci_hdr *)(void *)(g)->st)
#define CARCI_BAG(g) ((g)->st + (g)->rs->off_bag)
#define CARCI_PLACED(g) ((carci_placed *)(void *)((g)->st + (g)->rs->off_placed))
/* the cells (placed tiles and the frontier), open addressing in buckets of
 * four slots: the keys, x and y as two words a slot, then the values (placed
 * index, or CARCI_SLOT_FRONT | frontier index). A slot is free when its x
 * word is CARCI_KEY_EMPTY; its y word and value are then dead (board.c
 * writes them unjournaled, so an undo may leave them behind). */
#define CARCI_HKEYS(g) ((int16_t *)(void *)((g)->st + (g)->rs->off_hash))
#define CARCI_HVALS(g) ((g)->st + (g)->rs->off_hash + 2 * (g)->rs->hash_cap)
#define CARCI_HASH_WORDS 3u /* words a slot */
/* the frontier, as parallel arrays: the cell's slot in the hash (which holds
 * its position), need | mask << 8, and the placed neighbour on each side
 * (bytes, CARCI_NONE if none) */
#define CARCI_FSLOT(g) ((g)->st + (g)->rs->off_fslot)
#define CARCI_FNM(g) ((g)->st + (g)->rs->off_fnm)
#define CARCI_FNB(g) ((g)->st + (g)->rs->off_fnb) /* 2 words per cell: side0 | side1 << 8, side2 | side3 << 8 */
#define CARCI_MONS(g) ((carci_mon *)(void *)((g)->st + (g)->rs->off_mon))
#define CARCI_NODES(g) ((carci_node *)(void *)((g)->st + (g)->rs->off_node))
#define CARCI_FIGS(g) ((carci_fig *)(void *)((g)->st + (g)->rs->off_fig))
#define CARCI_EVENTS(g) ((carci_ev *)(void *)((g)->st + (g)->rs->off_event))
#define CARCI_HIST(g) ((g)->hist)

/* ---- allocation (alloc.c) -------------------------------------------- */
extern const carc_allocator carci_default_allocator;
void *carci_alloc(const carc_allocator *a, size_t n);
void *carci_realloc(const carc_allocator *a, void *p, size_t old_n, size_t new_n);
void carci_free(const carc_allocator *a, void *p, size_t n);

/* ---- what the core asks of the rules modules ---------------------------
 * rules/modules.c defines it (carci_module_rules, rules/rules.h) and the API hands it down,
 * so that the core names no module. */
typedef struct carci_start {
    uint32_t kind, rot;
    int32_t x, y;
} carci_start;
typedef struct carci_rules {
    /* the options' modules, players and variants, before the start's checks */
    carc_status (*check_modules)(const carc_game_options *o, char *err, size_t cap);
    /* the start the options give, the modules' defaults filled in */
    carci_start (*start)(const carc_game_options *o);
    /* the modules' rules of the start (sp: as start() resolved it), after
     * the core's range checks */
    carc_status (*check_start)(const carc_game_options *o, const carci_start *sp, char *err, size_t cap);
    /* the figure rules and hooks of the modules of rs->modules */
    void (*install)(carci_ruleset *rs);
} carci_rules;

/* ---- ruleset (ruleset.c) --------------------------------------------- */
carc_status carci_ruleset_new(const carci_ruleset **out, const carc_game_options *o, const carc_allocator *a,
                              const carci_rules *rules);
void carci_ruleset_retain(const carci_ruleset *rs);
void carci_ruleset_release(const carci_ruleset *rs);
/* Whether rs was built from options equal to o but for the seed. */
bool carci_ruleset_matches(const carci_ruleset *rs, const carc_game_options *o, const carci_rules *rules);
/* A new game of these options (carc_game_new's work; the API hands down the rules). */
carc_status carci_game_new(carc_game **out, const carc_game_options *opts, const carci_rules *rules);
/* ---- the last ruleset built with the default allocator (ruleset_cache.c) */
const carci_ruleset *carci_ruleset_take(const carc_game_options *o, const carci_rules *rules); /* or NULL */
void carci_ruleset_keep(const carci_ruleset *rs);

/* ---- journal (journal.c) --------------------------------------------- */
/* Every write to the state goes through carci_set so that undo restores it. */
static inline void carci_set(carc_game *g, void *field, uint16_t v)
{
    uint16_t *w = (uint16_t *)field;
    /* Always recorded, even when the value does not change: a test of the old
     * value costs more (mispredicted branches) than the entry it saves.
     * carci_unit_begin reserved room for the whole unit. */
    if (!g->no_journal)
        g->trail[g->trail_len++] = ((uint32_t)(w - g->st) << 16) | *w;
    *w = v;
}
#define CARCI_SET(g, lv, v) carci_set((g), &(lv), (uint16_t)(v))
/* *field += c for c 0 or 1, recorded only when c is 1, without a branch on
 * c: the entry is always written at the journal's end, which advances by c
 * (the unit's reserve has room for it). For counters most writes leave as
 * they are (the monasteries' neighbour counts). */
static inline void carci_add01(carc_game *g, uint16_t *w, uint32_t c)
{
    if (!g->no_journal) {
        g->trail[g->trail_len] = ((uint32_t)(w - g->st) << 16) | *w;
        g->trail_len += c;
    }
    *w = (uint16_t)(*w + c);
}
/* The header's first words (the counts of every array, the player to move,
 * whether the game is over, the current tile) change with almost every move:
 * they are saved whole at the start of each undo unit (journal.c) and
 * written without an entry each. A CARCI_SET of one is still correct (undo
 * restores the saved words last), only slower. */
#define CARCI_HOT_WORDS 16u
#define CARCI_HSET(g, field, v)                                                                                  \
    do {                                                                                                         \
        _Static_assert(offsetof(carci_hdr, field) < 2 * CARCI_HOT_WORDS, #field " is not a hot header word");    \
        CARCI_HDR(g)->field = (uint16_t)(v);                                                                     \
    } while (0)
/* A write into a slot past the live count of an array that only grows during
 * play (nodes, placed tiles, history, events, monasteries). The count is
 * journaled and nothing reads past it, so undo needs no record: after undo the
 * live parts of the state are identical, and the dead slots are rewritten
 * before they are read again. Never for arrays that also shrink during play
 * (figures, frontier): there a dead slot may hold what an undo brings back. */
#define CARCI_INIT(lv, v) (*(uint16_t *)(void *)&(lv) = (uint16_t)(v))
void carci_unit_rollback(carc_game *g);   /* roll back and drop the last unit */
carc_status carci_journal_grow(carc_game *g, uint32_t words);
/* Room for `words` more journal entries and one more mark (the room reserved
 * at creation nearly always suffices: tested inline, grown out of line). */
static inline carc_status carci_journal_reserve(carc_game *g, uint32_t words)
{
    if (g->trail_cap - g->trail_len >= words && g->n_marks < g->marks_cap)
        return CARC_OK;
    return carci_journal_grow(g, words);
}
/* Start a unit. The worst case of one unit is reserved up front, so the
 * mutation that follows can never fail half-way for lack of memory. */
static inline carc_status carci_unit_begin(carc_game *g)
{
    if (g->no_journal)
        return CARC_OK;
    carc_status s = carci_journal_reserve(g, g->rs->unit_reserve);
    if (s != CARC_OK)
        return s;
    g->marks[g->n_marks++] = (uint32_t)g->trail_len; /* a game journals far fewer than 2^32 entries */
    /* the unit's first entries: the hot header words as they are, two an
     * entry (carci_unit_rollback copies them back the same way) */
    _Static_assert(CARCI_HOT_WORDS % 2 == 0, "hot words fill whole entries");
    memcpy(g->trail + g->trail_len, g->st, CARCI_HOT_WORDS * sizeof(uint16_t));
    g->trail_len += CARCI_HOT_WORDS / 2;
    return CARC_OK;
}
size_t carci_journal_target(const carc_game *g); /* room for the rest of the game */

/* ---- board (board.c) ------------------------------------------------- */
/* The frontier never holds more than 2 n + 4 cells (n tiles placed): the
 * first tile opens at most 4 cells and every later one is laid on a
 * frontier cell and opens at most 3. Nor has it ever, in any state a game
 * can undo back to (n only grows during play). Slots of the frontier arrays
 * past this bound, rounded up to the 16-cell scans, are dead in every such
 * state: a clone need not copy them. engine.properties checks the bound. */
static inline uint32_t carci_front_bound(uint32_t n_placed, uint32_t front_cap)
{
    uint32_t b = (2 * n_placed + 4 + 15) & ~15u;
    return b < front_cap ? b : front_cap;
}
#define CARCI_NONE32 0xFFFFFFFFu
/* A free slot's key words: no cell is that far out (start positions are
 * within -16000..16000); a byte pattern, so that memset clears the keys. */
#define CARCI_KEY_EMPTY ((int16_t)-32640) /* 0x8080 */
static inline uint32_t carci_hash_key(int32_t x, int32_t y)
{
    return ((uint32_t)x & 0xFFFFu) | ((uint32_t)y << 16);
}
/* The first slot of the bucket of a key. */
static inline uint32_t carci_hash_bucket(uint32_t key, uint32_t cap)
{
    return ((key * 0x9E3779B1u) >> 16) & (cap - 1) & ~3u;
}
/* The slot of cell (x, y), or CARCI_NONE32 with *free_slot (if not NULL) the
 * slot a new key goes to: one bucket of four keys compared at once, the next
 * bucket only when this one is full. Slots are never freed during play and a
 * key takes the first free slot from its bucket on, so a bucket with a free
 * slot ends the search. */
static inline uint32_t carci_hash_probe(const carc_game *g, int32_t x, int32_t y, uint32_t *free_slot)
{
    const int16_t *k = CARCI_HKEYS(g);
    uint32_t cap = g->rs->hash_cap, key = carci_hash_key(x, y), i = carci_hash_bucket(key, cap);
#if defined(__SSE2__)
    const __m128i kv = _mm_set1_epi32((int)key), ev = _mm_set1_epi32((uint16_t)CARCI_KEY_EMPTY),
                  xs = _mm_set1_epi32(0xFFFF);
    for (;;) {
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(k + 2 * i));
        unsigned hit = (unsigned)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(b, kv)));
        unsigned free =
            (unsigned)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(_mm_and_si128(b, xs), ev)));
        if (hit | free) {
            if (free_slot)
                *free_slot = i + (uint32_t)__builtin_ctz(free | 16u);
            return hit ? i + (uint32_t)__builtin_ctz(hit) : CARCI_NONE32;
        }
        i = (i + 4) & (cap - 1);
    }
#else
    for (;;) {
        for (uint32_t j = i; j < i + 4; j++) {
            if (k[2 * j] == (int16_t)x && k[2 * j + 1] == (int16_t)y)
                return j;
            if (k[2 * j] == CARCI_KEY_EMPTY) {
                if (free_slot)
                    *free_slot = j;
                return CARCI_NONE32;
            }
        }
        i = (i + 4) & (cap - 1);
    }
#endif
}
/* Cells lie within this of the origin (start positions within -16000..16000
 * and at most CARCI_MAX_TILES tiles on the board): a key has 16-bit
 * coordinates, so a position further out is no cell. */
#define CARCI_COORD_LIMIT 20000
static inline uint32_t carci_hash_find(const carc_game *g, int32_t x, int32_t y)
{
    if ((uint32_t)x + CARCI_COORD_LIMIT > 2u * CARCI_COORD_LIMIT ||
        (uint32_t)y + CARCI_COORD_LIMIT > 2u * CARCI_COORD_LIMIT)
        return CARCI_NONE32;
    return carci_hash_probe(g, x, y, NULL);
}
static inline uint16_t carci_cell(const carc_game *g, int32_t x, int32_t y)
{
    uint32_t s = carci_hash_find(g, x, y);
    return s == CARCI_NONE32 ? CARCI_SLOT_EMPTY : CARCI_HVALS(g)[s];
}
static inline bool carci_fits(uint16_t need_mask, uint8_t sig)
{
    return ((sig ^ (uint8_t)need_mask) & (uint8_t)(need_mask >> 8)) == 0;
}
bool carci_tile_placeable(const carc_game *g, uint32_t kind);
uint32_t carci_front_index(const carc_game *g, int32_t x, int32_t y); /* or CARCI_NONE32 */
static inline uint8_t carci_front_nb(const carc_game *g, uint32_t fi, unsigned side)
{
    return (uint8_t)(CARCI_FNB(g)[2 * fi + (side >> 1)] >> (8 * (side & 1)));
}
/* nb: the placed neighbour on each side of the cell (read from the frontier
 * before the call), or CARCI_NONE */
void carci_board_place(carc_game *g, uint32_t fi, int32_t x, int32_t y, uint32_t kind, uint32_t rot,
                       const uint8_t nb[4]);
static inline uint8_t carci_placed_rot(const carci_placed *p) { return (uint8_t)(p->rot_base & 3); }
/* After carci_board_place: placed tile t (kind turned rot at (x, y), its
 * first node `base`) and its segments, each a feature of its own. */
/* ---- random numbers ------------------------------------------------- */
/* splitmix64: the same sequence on every platform; any state is a seed. */
static inline uint64_t carci_splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
/* Uniform in [0, bound) (bound > 0) without modulo bias. */
static inline uint32_t carci_uniform(uint64_t *s, uint32_t bound)
{
    for (;;) {
        uint64_t r = carci_splitmix64(s);
        /* r is taken when r >= 2^64 mod bound, which is below bound: nearly
         * always r >= bound already, and that needs no division */
        if (r >= bound || r >= (0 - (uint64_t)bound) % bound)
            return (uint32_t)(r % bound);
    }
}

/* ---- the position hash's keys (search/hash.c reads the sum) -------- */
/* A bijection of 64-bit words that mixes every input bit into every output
 * bit (the finaliser of splitmix64): distinct facts get unrelated keys. */
static inline uint64_t carci_mix64(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}
enum { CARCI_ZOB_TILE = 1, CARCI_ZOB_FIGURE = 2, CARCI_ZOB_DISCARD = 3 };
static inline uint64_t carci_zob_key(uint32_t tag, int32_t x, int32_t y, uint32_t low)
{
    return carci_mix64((uint64_t)tag << 60 | (uint64_t)(uint16_t)x << 40 | (uint64_t)(uint16_t)y << 24 | low);
}
/* Add `d` to the board's hash (hot header words: undo restores them). */
static inline void carci_zob_add(carc_game *g, uint64_t d)
{
    uint16_t *z = CARCI_HDR(g)->zob;
    _Static_assert(offsetof(carci_hdr, zob) + sizeof(uint64_t) <= 2 * CARCI_HOT_WORDS, "zob is in the hot words");
    uint64_t v = (uint64_t)z[0] | (uint64_t)z[1] << 16 | (uint64_t)z[2] << 32 | (uint64_t)z[3] << 48;
    v += d;
    z[0] = (uint16_t)v;
    z[1] = (uint16_t)(v >> 16);
    z[2] = (uint16_t)(v >> 32);
    z[3] = (uint16_t)(v >> 48);
}
/* The key of a figure (player | kind << 8) on node n: the tile's place and
 * the segment's index on it, whatever order the nodes were made in. */
uint64_t carci_zob_figure(const carc_game *g, uint16_t n, uint32_t player_kind);

static inline void carci_tile_init(carc_game *g, uint16_t t, int32_t x, int32_t y, uint32_t kind, uint32_t rot,
                                   uint16_t base)
{
    const carci_kindinfo *ki = &g->rs->kinds[kind];
    carci_placed *p = &CARCI_PLACED(g)[t];
    CARCI_INIT(p->x, x);
    CARCI_INIT(p->y, y);
    CARCI_INIT(p->kind, kind);
    CARCI_INIT(p->rot_base, rot | (uint32_t)base << 2);
    CARCI_HSET(g, n_placed, t + 1);
    carci_zob_add(g, carci_zob_key(CARCI_ZOB_TILE, x, y, kind << 2 | rot));
    carci_node *nd = CARCI_NODES(g);
#if defined(__SSE2__)
    /* the kind's template plus (base, base, 0, t) in each node, eight nodes
     * in four stores whatever the kind's count (no loop to mispredict; the
     * slots past the kind's segments are dead: past n_nodes) */
    const __m128i add = _mm_set_epi16((short)t, 0, (short)base, (short)base, (short)t, 0, (short)base, (short)base);
    const __m128i *tp = (const __m128i *)(const void *)g->rs->node_tmpl[kind];
    __m128i *np = (__m128i *)(void *)&nd[base];
    _Static_assert(sizeof(carci_node) == 8 && CARCI_NODE_TMPL == 8, "two nodes a store, four stores");
    _mm_storeu_si128(np, _mm_add_epi16(_mm_loadu_si128(tp), add));
    _mm_storeu_si128(np + 1, _mm_add_epi16(_mm_loadu_si128(tp + 1), add));
    _mm_storeu_si128(np + 2, _mm_add_epi16(_mm_loadu_si128(tp + 2), add));
    _mm_storeu_si128(np + 3, _mm_add_epi16(_mm_loadu_si128(tp + 3), add));
    for (unsigned i = CARCI_NODE_TMPL; i < ki->nseg; i++) {
#else
    for (unsigned i = 0; i < ki->nseg; i++) {
#endif
        uint16_t n = (uint16_t)(base + i);
        CARCI_INIT(nd[n].parent, n);
        CARCI_INIT(nd[n].next, n);
        CARCI_INIT(nd[n].open, ki->seg_open[i]);
        CARCI_INIT(nd[n].tile_occ, t);
    }
    CARCI_HSET(g, n_nodes, base + ki->nseg);
}
static inline uint16_t carci_placed_base(const carci_placed *p) { return (uint16_t)(p->rot_base >> 2); }

/* ---- neighbours of placed tiles (play.c, rules/) -------------------- */
/* The port across the edge from port p (docs/rules.md 1.2): 0<->5, 1<->4, 2<->7, 3<->6. */
static inline unsigned carci_facing_port(unsigned p)
{
    return 2 * (((p >> 1) + 2) & 3) + (1 - (p & 1));
}

/* A placed tile's kind as it is turned (carci_rotinfo). */
static inline const carci_rotinfo *carci_placed_info(const carc_game *g, const carci_placed *p)
{
    return &g->rs->rot[p->kind][carci_placed_rot(p)];
}
/* The node of the segment of placed tile t that touches board side `side`
 * (road/city/river), or board port `port` (fields). */
static inline uint16_t carci_side_node(const carc_game *g, uint16_t t, unsigned side)
{
    const carci_placed *p = &CARCI_PLACED(g)[t];
    return (uint16_t)(carci_placed_base(p) + carci_placed_info(g, p)->side_seg[side]);
}
static inline uint16_t carci_port_node(const carc_game *g, uint16_t t, unsigned port)
{
    const carci_placed *p = &CARCI_PLACED(g)[t];
    return (uint16_t)(carci_placed_base(p) + carci_placed_info(g, p)->port_seg[port]);
}

/* ---- features (features.c) ------------------------------------------- */
/* The root of node n's feature: every node points at it (features.c). */
static inline uint16_t carci_find(const carc_game *g, uint16_t n)
{
    return CARCI_NODE_IDX(CARCI_NODES(g)[n].parent);
}
/* Merge the features with roots ra and rb (found by the caller), with
 * `closed` open edges fewer in all (the edges the merge matched: 2 across a
 * road, city or river edge of a new tile, one on each side, also when
 * ra == rb and a loop closes); inline in the place move, whose journal's
 * end then stays in a register. */
static inline __attribute__((always_inline)) void carci_merge(carc_game *g, uint16_t ra, uint16_t rb,
                                                              int32_t closed)
{
    carci_node *nd = CARCI_NODES(g);
    if (ra == rb) {
        if (closed)
            CARCI_SET(g, nd[ra].open, nd[ra].open - closed);
        return;
    }
    unsigned ka = nd[ra].parent >> 12, kb = nd[rb].parent >> 12;
    if (ka < kb) {
        uint16_t t = ra;
        ra = rb;
        rb = t;
    }
    /* rb's feature goes under ra: every node of it points at ra (its list
     * is walked; ra's rank says which root stays, as before) */
    uint16_t n = rb;
    do {
        CARCI_SET(g, nd[n].parent, ra);
        n = nd[n].next;
    } while (n != rb);
    if (ka == kb)
        CARCI_SET(g, nd[ra].parent, ra | ((ka + 1) << 12));
    CARCI_SET(g, nd[ra].open, nd[ra].open + nd[rb].open - closed);
    CARCI_SET(g, nd[ra].tile_occ, nd[ra].tile_occ + (nd[rb].tile_occ & 0xFF00u));
    uint16_t na = nd[ra].next, nb = nd[rb].next;
    CARCI_SET(g, nd[ra].next, nb);
    CARCI_SET(g, nd[rb].next, na);
}
/* Merge the features of nodes a and b (carci_merge of their roots). */
void carci_union(carc_game *g, uint16_t a, uint16_t b);
uint16_t carci_node_tile(const carc_game *g, uint16_t n);
uint8_t carci_node_kind(const carc_game *g, uint16_t n);
uint8_t carci_node_seg(const carc_game *g, uint16_t n);
/* Distinct tiles of a road/city/field feature; pennants and the OR of its
 * segments' special marks when the pointers are not NULL. */
uint32_t carci_feature_tiles(const carc_game *g, uint16_t root, uint32_t *pennants, uint32_t *special);
uint32_t carci_monastery_neighbours(const carc_game *g, uint16_t tile);
/* Placed tiles on the four cells diagonal to (x, y) (a new tile knows its
 * other four neighbours from the frontier). */
uint32_t carci_count_diagonals(const carc_game *g, int32_t x, int32_t y);
bool carci_feature_complete(const carc_game *g, uint16_t root);
int32_t carci_feature_value(const carc_game *g, uint16_t root, bool final, uint32_t *tiles, uint32_t *bonus);

carc_status carci_options_check(const carc_game_options *o, const carci_rules *rules, char *err, size_t cap);
/* The caller's options (version 1 or 2) as the current version, or CARC_EVERSION. */
carc_status carci_options_read(carc_game_options *out, const carc_game_options *in);
/* The same, with the tile counts of the options' modules (carci_tile_counts) already at hand. */
carc_status carci_options_check_counts(const carc_game_options *o, const uint8_t *copies, const carci_rules *rules,
                                      char *err, size_t cap);
int32_t carci_figure_find(const carc_game *g, uint32_t player, uint32_t figure); /* index in figs, or -1 */
/* Figure `figure` of `player` onto node n (its feature counts it); the
 * caller takes it from where it was (supply, a quarter of the city). */
static inline void carci_figure_add(carc_game *g, uint16_t n, uint32_t player, uint32_t figure)
{
    carci_hdr *h = CARCI_HDR(g);
    carci_node *nd = CARCI_NODES(g);
    uint16_t r = carci_find(g, n);
    CARCI_SET(g, nd[r].tile_occ, nd[r].tile_occ + 0x100u);
    carci_fig *f = &CARCI_FIGS(g)[h->n_figs];
    /* journaled: scoring compacts this array, so the slot may hold a
     * figure an undo brings back */
    CARCI_SET(g, f->node, n);
    CARCI_SET(g, f->player_kind, player | figure << 8);
    CARCI_HSET(g, n_figs, h->n_figs + 1);
    carci_zob_add(g, carci_zob_figure(g, n, player | figure << 8));
}
void carci_figure_remove(carc_game *g, uint32_t index); /* off the board, back to supply */

/* ---- rules (play.c, score.c, board.c) ----------------------------------------- */
/* The checks of carci_check_move below (play.c). */
carc_status carci_check_place(const carc_game *g, const carc_move *m, char *err, size_t errcap, uint32_t *fi);
carc_status carci_check_other(const carc_game *g, const carc_move *m, char *err, size_t errcap, uint32_t *fi);
/* Sides of frontier cell fi with a placed neighbour (bit s: side s). */
unsigned carci_front_placed(const carc_game *g, uint32_t fi);
/* ---- what a placement's segments join (occupancy.c) ------------------ */
/* The placed neighbours' features (roots) each segment of a tile meets
 * across its edges (roads, cities) or half-edges (fields). */
typedef struct carci_near_set {
    uint16_t root[CARCI_MAX_SEG][8];
    uint8_t n[CARCI_MAX_SEG];
} carci_near_set;
/* The roots the segments `segs` of kind turned rot on frontier cell fi
 * (placed sides `placed`) meet, into ns (the other segments get none); returns
 * the segments among them that meet a feature holding a figure. */
unsigned carci_near_roots(const carc_game *g, uint32_t fi, unsigned placed, uint32_t kind, uint32_t rot,
                          unsigned segs, carci_near_set *ns);
/* The segments among `segs` that become one feature with segment seg once
 * the tile is placed: seg, and every segment that meets a feature one of
 * them meets, repeatedly (seg included). */
unsigned carci_joined_segments(const carci_near_set *ns, unsigned segs, unsigned seg);
/* The road, city and field segments of kind turned rot on frontier cell fi
 * that would belong to a feature holding a figure once the tile is placed
 * (the occupancy rule: every segment of the tile they join counts). */
unsigned carci_taken_segments(const carc_game *g, uint32_t fi, unsigned placed, uint32_t kind, uint32_t rot);
/* The same for one segment (the move check): whether it is taken. */
bool carci_segment_taken(const carc_game *g, uint32_t fi, unsigned placed, uint32_t kind, uint32_t rot, uint32_t seg);
void carci_apply_move(carc_game *g, const carc_move *m, uint32_t fi); /* fi: from carci_check_move */
void carci_play_legal(carc_game *g, const carc_move *m, uint32_t fi); /* apply and draw; no check, no undo unit */
void carci_apply_decision(carc_game *g, const carc_move *m); /* a checked move that is not a place move */
void carci_advance(carc_game *g);          /* end the game when no tile left can be placed */
uint32_t carci_find_current(const carc_game *g); /* bag index of the tile to place, or NONE32 */
void carci_update_current(carc_game *g);         /* store it in the header (cur_idx) */
static inline uint32_t carci_current_index(const carc_game *g)
{
    uint16_t i = CARCI_HDR(g)->cur_idx;
    return i == 0xFFFFu ? CARCI_NONE32 : i;
}
void carci_discard_top(carc_game *g);       /* the top tile is drawn and discarded */
void carci_final_scoring(carc_game *g);
void carci_score_feature(carc_game *g, uint16_t root, bool final, uint32_t turn);
/* Majority weight of one figure kind (a follower 1, the abbot 1 on its
 * monastery or garden, the big follower 2; builder and pig 0). */
static inline uint32_t carci_figure_strength(uint32_t figure)
{
    return (0x1210u >> (4 * (figure & 7u))) & 0xFu; /* NONE 0, FOLLOWER 1, BIG 2, ABBOT 1, BUILDER 0, PIG 0 */
}
void carci_pending(const carc_game *g, carc_pending *p);
/* The kind of the pending decision (carc_decision). */
static inline uint32_t carci_decision(const carc_game *g)
{
    const carci_hdr *h = CARCI_HDR(g);
    return h->over ? CARC_DECISION_NONE : h->step ? (h->step & 7u) : CARC_DECISION_PLACE;
}
/* Checks a move; on success *fi (if not NULL) is the frontier index of its
 * cell. A place move while a place is pending goes straight to its check:
 * the only decision of the base game, no detour (play.c). */
static inline carc_status carci_check_move(const carc_game *g, const carc_move *m, char *err, size_t errcap,
                                           uint32_t *fi)
{
    if (m->kind == CARC_MOVE_PLACE && carci_decision(g) == CARC_DECISION_PLACE)
        return carci_check_place(g, m, err, errcap, fi);
    return carci_check_other(g, m, err, errcap, fi);
}
/* The figure action of a place move whose placement is legal on frontier
 * cell fi, without the reason of a failure (play.c). */
bool carci_figure_ok(const carc_game *g, const carc_move *m, uint32_t fi);
/* Whether the module of a restricted kind lets place move m's tile go
 * where it goes (hooks.placement_ok, without the reason; play.c). */
bool carci_restricted_ok(const carc_game *g, const carc_move *m);
/* The end of a turn part once its scoring (and the Count's decisions) are
 * done: the builder's second tile, or the next player (play.c). */
void carci_part_end(carc_game *g);
/* The scoring of the part whose place move is history entry `turn`, and what
 * follows it (play.c): the roads, cities, monasteries and gardens the last
 * tile completed, goods, then the Count's trigger and the end of the part.
 * `monasteries`: whether a monastery or garden may be surrounded now (false
 * only when the caller saw none reach 8 neighbours: their loop is skipped);
 * `segs`: the tile's segments that may have completed a road or city (those
 * that met a neighbour; ~0u: any). */
void carci_part_score(carc_game *g, uint32_t turn, bool monasteries, unsigned segs);
/* The roots of the features the last tile completed, each once (at most 13). */
uint32_t carci_part_completed(const carc_game *g, uint16_t roots[16]);
/* Whether a place move's tile may be placed at its cell now (fits and the
 * module rules), with the reason. */
bool carci_placement_fail(const carc_game *g, uint32_t fi, uint32_t kind, int32_t x, int32_t y, uint32_t rot,
                          char *err, size_t cap);
static inline bool carci_placement_ok(const carc_game *g, uint32_t fi, uint32_t kind, int32_t x, int32_t y,
                                      uint32_t rot, char *err, size_t cap)
{
    if (carci_fits(CARCI_FNM(g)[fi], carci_rot_sig(g->rs->kinds[kind].sig, rot)) && !carci_restricted(g->rs, kind))
        return true;
    return carci_placement_fail(g, fi, kind, x, y, rot, err, cap);
}
/* Append a history entry of `kind` for `player` (m: its move, or NULL;
 * inline, so that the place move's copy knows what m is) */
static inline void carci_hist_push(carc_game *g, uint32_t kind, uint32_t player, const carc_move *m)
{
    carci_hdr *h = CARCI_HDR(g);
    carci_hist *e = &CARCI_HIST(g)[h->n_hist];
    CARCI_INIT(e->kind_player, kind | player << 8);
    CARCI_INIT(e->x, m ? m->x : 0);
    CARCI_INIT(e->y, m ? m->y : 0);
    /* a move that places no tile keeps its quarter in the tile word */
    CARCI_INIT(e->tile, m ? (m->kind == CARC_MOVE_PLACE ? m->tile : m->quarter) : 0);
    CARCI_INIT(e->rot_fig_seg, m ? (uint32_t)(m->rotation | m->figure << 2 | m->kind << 5 | m->segment << 8)
                                 : (uint32_t)CARC_NO_SEGMENT << 8);
    CARCI_HSET(g, n_hist, h->n_hist + 1);
}
/* kind: carc_event_kind | CARC_BONUS_* << 3 | carc_good << 6 */
void carci_event_push(carc_game *g, uint32_t kind, uint32_t fkind, uint32_t turn, int32_t points,
                      uint32_t players, uint32_t returned, uint16_t node, uint32_t tiles);

/* ---- move lists (core/enumerate.c) ----------------------------------- */
struct carc_movelist {
    carc_allocator alloc;
    carc_move *moves;
    size_t n, cap;
};
bool carci_movelist_grow(carc_movelist *l, size_t need);
/* Room for `need` moves in l (its first allocation has room for the most
 * placements of any tile: enumerating then never allocates). */
static inline bool carci_movelist_reserve(carc_movelist *l, size_t need)
{
    return need <= l->cap || carci_movelist_grow(l, need);
}
/* Append the placements of `kind` (l->n is not reset). */
carc_status carci_enum_placements(carc_movelist *l, const carc_game *g, uint32_t kind, uint32_t flags);
/* Append the figure actions after the legal placement p on frontier cell fi
 * (room for rs->max_actions moves reserved by the caller). */
void carci_enum_figures(carc_movelist *l, const carc_game *g, const carc_move *p, uint32_t fi);
/* Every legal answer to the pending decision (l is reset). */
carc_status carci_enum_legal(carc_movelist *l, const carc_game *g, uint32_t flags);

/* The reason a check failed, written only when the caller wants it (cap > 0):
 * enumerations test many candidates and read no reason. */
#define CARCI_WHY(err, cap, ...) ((cap) ? (void)snprintf((err), (cap), __VA_ARGS__) : (void)0)

/* ---- api helpers (status.c) ------------------------------------------ */
/* Copy a growable result struct (struct_size first) to the caller's `out`:
 * only the fields the caller's struct_size covers, and struct_size set to
 * what was filled. `full` is the complete result, `size` its size. */
static inline void carci_copy_out(void *out, void *full, size_t size)
{
    uint32_t want;
    memcpy(&want, out, sizeof want);
    uint32_t n = want < size ? want : (uint32_t)size;
    memcpy(full, &n, sizeof n);
    memcpy(out, full, n);
}

/* Argument checks of the public functions: a bad argument is CARC_EINVAL. */
#define CARCI_CHECK(cond)       \
    do {                        \
        if (!(cond))            \
            return CARC_EINVAL; \
    } while (0)
carc_status carci_fail(carc_game *g, carc_status s, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static inline void carci_clear_error(carc_game *g)
{
    g->err[0] = '\0';
}

/* One more word into a running hash value: a multiply-add chain (order
 * matters, which is what a hash of fields in a fixed order wants). */
static inline uint64_t carci_fold(uint64_t acc, uint64_t w)
{
    return (acc ^ w) * 0x9E3779B97F4A7C15u + 0x632BE59BD9B4E019u;
}
static inline uint64_t carci_fold_words(uint64_t acc, const uint16_t *w, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        acc = carci_fold(acc, w[i]);
    return acc;
}
/* A module's install reserves `bytes` of state in its slot, laid out after
 * the header (all zero in a new game until its set-up hooks write them). */
void carci_state_reserve(carci_ruleset *rs, uint32_t slot, size_t bytes); /* ruleset.c */
/* The first word of slot `slot`'s state. */
static inline uint16_t *carci_mod_state(const carc_game *g, uint32_t slot)
{
    return g->st + g->rs->mod_off[slot];
}

#endif
