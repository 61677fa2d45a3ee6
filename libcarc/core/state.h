/* SPDX-License-Identifier: MIT */
/*
 * The data of a game. The ruleset it is played by: the tables of its
 * options, the figure rules, the modules' hooks and the layout of the state
 * block, immutable once built and shared by a game and its clones
 * (ruleset.c builds it). And the game: one flat block of 16-bit words
 * (clone = memcpy) with its header, the arrays it holds and their typed
 * views, beside the history log and the undo journal (game.c, journal.c).
 * Never installed.
 *
 * Inline for the hot path: carci_restricted (every placement check),
 * carci_mod_state (the modules' hooks, every move of a game with modules)
 * and the accessors of a placed tile's packed word.
 */
#ifndef CARCI_CORE_STATE_H
#define CARCI_CORE_STATE_H

#include "core/hooks.h"
#include "core/kinds.h"
#include "tiles/catalogue.h"
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* x86-64 with GCC or Clang: code paths for AVX2 processors next to the
 * baseline's SSE2 ones, chosen at run time (rs->avx2). */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__EMSCRIPTEN__)
#define CARCI_AVX2_DISPATCH 1
#else
#define CARCI_AVX2_DISPATCH 0
#endif

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

/* A graph node: a segment of a placed tile (features.c). parent: the index
 * of the feature's root (on the root: its own | rank << 12); open: edges of
 * the feature still unmatched (on the root); tile_occ: the tile's number |
 * the figures on the feature << 8 (on the root). */
typedef struct carci_node { uint16_t parent, next; int16_t open; uint16_t tile_occ; } carci_node;
/* Nodes a tile lays without a loop (carci_tile_init): every kind but none
 * in the catalogue has at most this many segments; the node array has room
 * for this many past its last node. */
#define CARCI_NODE_TMPL 8u

/* ---- the ruleset (ruleset.c builds it) ---------------------------------- */

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
    bool avx2;              /* the processor has AVX2 and BMI1 (CARCI_AVX2_DISPATCH) */
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

/* Whether placements of `kind` obey hooks.placement_ok (the River's tiles). */
static inline bool carci_restricted(const carci_ruleset *rs, uint32_t kind)
{
    return (rs->restricted[kind >> 3] >> (kind & 7)) & 1u;
}

/* ---- game state (one flat block of 16-bit words; clone = memcpy) ------ */

#define CARCI_STEP_FINAL 0x8u

typedef struct carci_hdr {
    /* the hot words (journal.h, CARCI_HOT_WORDS): what almost every move
     * changes, saved whole at the start of an undo unit */
    uint16_t cur, n_placed, n_bag, n_nodes;
    uint16_t n_front, n_figs, n_hist, cur_idx; /* cur_idx: bag index of the tile to place, 0xFFFF: none */
    /* the board's part of the position hash (search/hash.c): the sum, mod
     * 2^64, of a key for each tile placed, each figure on the board and each
     * tile discarded; low word first */
    uint16_t zob[4];
    /* then what few moves change (journaled a write each) */
    uint16_t players, over, n_events, n_mon;
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

/* Who reads a journal's entries (journal_share.c). A game whose journal
 * takes in some of these entries holds a reference; entries [0, shared)
 * are read by games other than the one writing here, and are never written
 * again. The holder of the room in a game's own block is that game's `own`
 * (the block lives as long as it is referenced, the game freed or not); the
 * holder of a journal grown apart heads that allocation.
 *
 * A game's own holder also keeps the game's ruleset alive (`keeps`): by a
 * reference to it, or, in a clone, by a reference to the own holder of the
 * game it pins (`up`: a holder of the same ruleset with no `up` of its
 * own), which a clone that links that holder takes in the same locked
 * operation as the link's. Both go with the holder's last reference. */
typedef struct carci_jhold {
    atomic_uint refs;
    atomic_uint shared;
    carc_allocator alloc;
    void *mem;               /* freed with the last reference */
    size_t bytes;
    const carci_ruleset *keeps; /* a game's own holder: its ruleset (else NULL) */
    struct carci_jhold *up;  /* the holder that keeps it, or NULL: a reference to keeps */
} carci_jhold;
/* Entries another journal wrote (a clone's history, shared with the game it
 * was cloned from), or an earlier range of this one's room: the start of a
 * game's journal, before the entries it writes itself. */
typedef struct carci_jlink {
    carci_jhold *h;
    const uint32_t *e;
    uint32_t n;
} carci_jlink;
#define CARCI_JLINKS 8u

struct carc_game {
    const carci_ruleset *rs;
    carc_allocator alloc;
    uint16_t *st;            /* state block: rs->state_words words */
    /* the history log, beside the state block (room for the worst case of a
     * game: hist_cap entries; clones copy the live part, h->n_hist entries) */
    carci_hist *hist;
    uint32_t hist_cap;
    /* undo journal (not part of the state): the entries of the links, in
     * order, then the game's own, trail[wstart, trail_len). A journal
     * position counts every entry from the first link's first (marks are
     * positions); trail[i] is at position i + vdelta (mod 2^32). */
    uint32_t *trail;         /* (word offset << 16) | old value */
    size_t trail_len, trail_cap; /* size_t: a uint32_t journal entry store cannot alias them */
    size_t wstart;
    uint32_t vdelta;
    uint32_t n_links;
    carci_jhold *jh;         /* the holder of trail's room: &own, or one apart */
    uint32_t *marks;         /* journal position at the start of each undo unit */
    uint32_t n_marks, marks_cap;
    bool unit_open;          /* a tile choice is pending in the open unit */
    bool no_journal;         /* CARC_GAME_NO_UNDO: writes are not recorded */
    /* st, hist, marks and the journal's room lie in the game's own
     * allocation (one malloc for a new game or a clone; own.bytes long)
     * unless their bit in `apart` says they were allocated on their own
     * (CARCI_APART_*: a copy from a game of other options, marks that grew;
     * a journal that grew has a holder of its own) */
    uint8_t apart;
    /* a reference to rs when the own holder keeps another ruleset (a copy
     * from a game of other options), else NULL */
    const carci_ruleset *rs_extra;
    uint64_t seed;           /* the options' seed (the ruleset is shared by games of every seed) */
    char err[160];
    /* past err: set where they are needed, not cleared with the rest */
    carci_jhold own;
    carci_jlink links[CARCI_JLINKS];
};

#define CARCI_APART_ST 1u
#define CARCI_APART_HIST 2u
#define CARCI_APART_MARKS 8u

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

/* The first word of slot `slot`'s state. */
static inline uint16_t *carci_mod_state(const carc_game *g, uint32_t slot)
{
    return g->st + g->rs->mod_off[slot];
}

/* A placed tile's rotation and first node (its packed rot_base). */
static inline uint8_t carci_placed_rot(const carci_placed *p) { return (uint8_t)(p->rot_base & 3); }
static inline uint16_t carci_placed_base(const carci_placed *p) { return (uint16_t)(p->rot_base >> 2); }

#endif
