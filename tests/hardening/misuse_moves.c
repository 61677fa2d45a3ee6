/* SPDX-License-Identifier: MIT */
/*
 * hardening.misuse, moves.h: move lists, the pending decision, placements,
 * figure options, legal moves, check_move, play (its module rules:
 * misuse_rules.c), the move notation (see misuse.h).
 */
#include "misuse.h"

#define TILE_GAME (&misuse_tile_game)

/* ------------------------------------------------------------ wrong moves, one row each */

/* A row: a base move (a legal move of the game, a well-formed pass, a
 * zeroed move) with up to four fields changed, the status play and
 * check_move must give (or `alt`, where either is documented), and when
 * the row applies. */
enum field { M_NONE, M_X, M_Y, M_DX, M_DY, M_TILE, M_ROTATION, M_FIGURE, M_SEGMENT, M_KIND, M_QUARTER, M_RESERVED };
enum base { B_MOVE, B_PASS, B_ZERO };
enum when {
    ALWAYS,
    W_OPTIONAL,     /* the pending decision is optional (the builder's second tile) */
    W_NOT_OPTIONAL,
    W_NO_ABBOT,     /* a game without the Abbot */
    W_ABBOT_HOME,   /* the Abbot, his abbot in supply */
    W_NO_INNS,
    W_TRADERS,
    W_NO_TRADERS,
    W_PIGS,         /* Traders & Builders and farmers */
    W_NO_PIGS,
    W_EXIT,         /* the Count's decisions */
    W_QUARTER,
    W_COUNT,
    W_NOT_EXIT,
    W_NOT_QUARTER,
    W_NOT_COUNT,
    W_NO_BIG,       /* the player asked has no big follower in supply */
    W_NO_FOLLOWER   /* ... no follower */
};
/* values computed from the game */
#define V_KINDS (1LL << 40)         /* carc_tile_kind_count() */
#define V_NEXT_TILE (V_KINDS + 1)   /* not the tile to place */
#define V_TILE_OR_3 (V_KINDS + 2)   /* the base move's tile, or 3 */
#define V_NSEG (V_KINDS + 3)        /* the segment count of the tile the base move names or stands on */
#define V_NEXT_QUARTER (V_KINDS + 4) /* the quarter after the Count's */

typedef struct move_row {
    enum when when;
    enum base base;
    carc_status want, alt;
    const char *what;
    struct {
        enum field field;
        int64_t value;
    } c[4];
} move_row;

typedef struct row_ctx {
    carc_move move;      /* B_MOVE */
    uint32_t nseg, count; /* V_NSEG, the Count's quarter */
    uint32_t flags;       /* the conditions that hold: 1u << W_... */
} row_ctx;

static carc_move row_move(const move_row *r, const row_ctx *x)
{
    carc_move q;
    if (r->base == B_MOVE) {
        q = x->move;
    } else {
        memset(&q, 0, sizeof q);
        if (r->base == B_PASS) {
            q.kind = CARC_MOVE_PASS;
            q.segment = CARC_NO_SEGMENT;
        }
    }
    for (size_t i = 0; i < COUNT_OF(r->c) && r->c[i].field != M_NONE; i++) {
        int64_t v = r->c[i].value;
        uint32_t kinds = carc_tile_kind_count();
        if (v == V_KINDS)
            v = kinds;
        else if (v == V_NEXT_TILE)
            v = (x->move.tile + 1) % kinds;
        else if (v == V_TILE_OR_3)
            v = x->move.tile ? x->move.tile : 3;
        else if (v == V_NSEG)
            v = x->nseg;
        else if (v == V_NEXT_QUARTER)
            v = (x->count + 1) % 4;
        switch (r->c[i].field) {
        case M_X: q.x = (int32_t)v; break;
        case M_Y: q.y = (int32_t)v; break;
        case M_DX: q.x += (int32_t)v; break;
        case M_DY: q.y += (int32_t)v; break;
        case M_TILE: q.tile = (uint16_t)v; break;
        case M_ROTATION: q.rotation = (uint8_t)v; break;
        case M_FIGURE: q.figure = (uint8_t)v; break;
        case M_SEGMENT: q.segment = (uint8_t)v; break;
        case M_KIND: q.kind = (uint8_t)v; break;
        case M_QUARTER: q.quarter = (uint8_t)v; break;
        case M_RESERVED: q.reserved = (uint8_t)v; break;
        case M_NONE: break;
        }
    }
    return q;
}

#define MAX_BAD_MOVES 320

static size_t add_move(bad_move *out, size_t n, carc_move m, carc_status want, const char *what)
{
    assert_true(n < MAX_BAD_MOVES);
    out[n].m = m;
    out[n].c.want = want;
    out[n].c.what = what;
    return n + 1;
}

/* The rows of `rows` whose condition holds, as bad moves. */
static size_t add_rows(bad_move *out, size_t n, const move_row *rows, size_t nrows, const row_ctx *x)
{
    for (size_t i = 0; i < nrows; i++)
        if (x->flags >> rows[i].when & 1u)
            n = add_move(out, n, row_move(&rows[i], x), rows[i].want, rows[i].what);
    return n;
}

#define C(f, v) { M_##f, (int64_t)(v) }
#define ROW(when, base, want, what, ...) { when, base, want, want, what, { __VA_ARGS__ } }

/* Wrong variants of a legal place move (the pending decision is a place move). */
static const move_row PLACE_ROWS[] = {
    ROW(ALWAYS, B_MOVE, CARC_EILLEGAL, "far from the board", C(DX, 1000)),
    ROW(ALWAYS, B_MOVE, CARC_EILLEGAL, "x = INT32_MAX", C(X, INT32_MAX)),
    ROW(ALWAYS, B_MOVE, CARC_EILLEGAL, "x = INT32_MIN", C(X, INT32_MIN)),
    ROW(ALWAYS, B_MOVE, CARC_EILLEGAL, "y = INT32_MAX", C(Y, INT32_MAX)),
    ROW(ALWAYS, B_MOVE, CARC_EILLEGAL, "y = INT32_MIN", C(Y, INT32_MIN)),
    ROW(ALWAYS, B_MOVE, CARC_EILLEGAL, "x + 2^16", C(DX, 65536)),
    ROW(ALWAYS, B_MOVE, CARC_EILLEGAL, "y - 2^16", C(DY, -65536)),
    ROW(ALWAYS, B_MOVE, CARC_EILLEGAL, "on the start tile", C(X, 0), C(Y, 0)),
    ROW(ALWAYS, B_MOVE, CARC_ERANGE, "rotation 4", C(ROTATION, 4)),
    ROW(ALWAYS, B_MOVE, CARC_ERANGE, "rotation 255", C(ROTATION, 255)),
    ROW(ALWAYS, B_MOVE, CARC_ERANGE, "tile kind out of range", C(TILE, V_KINDS)),
    ROW(ALWAYS, B_MOVE, CARC_ERANGE, "tile kind 0xFFFF", C(TILE, 0xFFFF)),
    ROW(ALWAYS, B_MOVE, CARC_EILLEGAL, "not the tile to place", C(TILE, V_NEXT_TILE)),
    /* move kinds: unknown ones, and kinds the pending place decision does not take */
    ROW(ALWAYS, B_MOVE, CARC_EINVAL, "move kind 9", C(KIND, 9)),
    ROW(ALWAYS, B_MOVE, CARC_EINVAL, "move kind 5", C(KIND, CARC_MOVE_COUNT + 1)),
    ROW(ALWAYS, B_MOVE, CARC_EINVAL, "move kind 255", C(KIND, 255)),
    ROW(ALWAYS, B_MOVE, CARC_EILLEGAL, "an exit move while a place move is pending", C(KIND, CARC_MOVE_EXIT)),
    ROW(ALWAYS, B_MOVE, CARC_EILLEGAL, "a quarter move while a place move is pending", C(KIND, CARC_MOVE_QUARTER)),
    ROW(ALWAYS, B_MOVE, CARC_EILLEGAL, "a Count move while a place move is pending", C(KIND, CARC_MOVE_COUNT)),
    ROW(W_NOT_OPTIONAL, B_MOVE, CARC_EILLEGAL, "a pass where no decision is optional", C(KIND, CARC_MOVE_PASS)),
    ROW(W_NOT_OPTIONAL, B_PASS, CARC_EILLEGAL, "a well-formed pass where no decision is optional",
        C(KIND, CARC_MOVE_PASS)),
    /* the second tile may be declined, by a pass that sets nothing else */
    ROW(W_OPTIONAL, B_MOVE, CARC_EINVAL, "a pass with the fields of a place move", C(KIND, CARC_MOVE_PASS)),
    ROW(W_OPTIONAL, B_PASS, CARC_EINVAL, "a pass with x set", C(X, 1)),
    ROW(W_OPTIONAL, B_PASS, CARC_EINVAL, "a pass with y set", C(Y, -1)),
    ROW(W_OPTIONAL, B_PASS, CARC_EINVAL, "a pass with x = INT32_MIN", C(X, INT32_MIN)),
    ROW(W_OPTIONAL, B_PASS, CARC_EINVAL, "a pass with the tile set", C(TILE, V_TILE_OR_3)),
    ROW(W_OPTIONAL, B_PASS, CARC_EINVAL, "a pass with tile 0xFFFF", C(TILE, 0xFFFF)),
    ROW(W_OPTIONAL, B_PASS, CARC_EINVAL, "a pass with a rotation", C(ROTATION, 1)),
    ROW(W_OPTIONAL, B_PASS, CARC_EINVAL, "a pass with a figure", C(FIGURE, CARC_FIGURE_FOLLOWER)),
    ROW(W_OPTIONAL, B_PASS, CARC_EINVAL, "a pass with the builder", C(FIGURE, CARC_FIGURE_BUILDER)),
    ROW(W_OPTIONAL, B_PASS, CARC_EINVAL, "a pass with segment 0", C(SEGMENT, 0)),
    ROW(W_OPTIONAL, B_PASS, CARC_EINVAL, "a pass with the recall segment", C(SEGMENT, CARC_SEGMENT_RECALL)),
    ROW(W_OPTIONAL, B_PASS, CARC_EINVAL, "a pass with a quarter", C(QUARTER, 1)),
    ROW(W_OPTIONAL, B_PASS, CARC_EINVAL, "a pass with reserved set", C(RESERVED, 1)),
    ROW(W_OPTIONAL, B_PASS, CARC_EINVAL, "a pass with a pig on segment 2", C(FIGURE, CARC_FIGURE_PIG), C(SEGMENT, 2)),
    ROW(ALWAYS, B_ZERO, CARC_EILLEGAL, "a well-formed exit move while a place move is pending",
        C(KIND, CARC_MOVE_EXIT), C(FIGURE, CARC_FIGURE_FOLLOWER), C(SEGMENT, 0)),
    ROW(ALWAYS, B_ZERO, CARC_EILLEGAL, "a well-formed quarter move while a place move is pending",
        C(KIND, CARC_MOVE_QUARTER), C(FIGURE, CARC_FIGURE_FOLLOWER), C(SEGMENT, CARC_NO_SEGMENT),
        C(QUARTER, CARC_QUARTER_MARKET)),
    ROW(ALWAYS, B_ZERO, CARC_EILLEGAL, "a well-formed Count move while a place move is pending",
        C(KIND, CARC_MOVE_COUNT), C(SEGMENT, CARC_NO_SEGMENT), C(QUARTER, CARC_QUARTER_CATHEDRAL)),
    /* fields a place move does not use */
    ROW(ALWAYS, B_MOVE, CARC_EINVAL, "quarter in a place move", C(QUARTER, 1)),
    ROW(ALWAYS, B_MOVE, CARC_EINVAL, "quarter 3 in a place move", C(QUARTER, 3)),
    ROW(ALWAYS, B_MOVE, CARC_EINVAL, "quarter 255 in a place move", C(QUARTER, 255)),
    ROW(ALWAYS, B_MOVE, CARC_EINVAL, "reserved 1", C(RESERVED, 1)),
    ROW(ALWAYS, B_MOVE, CARC_EINVAL, "reserved", C(RESERVED, 0x80)),
    ROW(ALWAYS, B_MOVE, CARC_EINVAL, "quarter and reserved", C(QUARTER, 1), C(RESERVED, 1)),
    /* the abbot's recall: only the abbot, only with the Abbot, only from the board */
    ROW(ALWAYS, B_MOVE, CARC_EINVAL, "a follower recalled", C(FIGURE, CARC_FIGURE_FOLLOWER),
        C(SEGMENT, CARC_SEGMENT_RECALL)),
    ROW(ALWAYS, B_MOVE, CARC_EINVAL, "a big follower recalled", C(FIGURE, CARC_FIGURE_BIG),
        C(SEGMENT, CARC_SEGMENT_RECALL)),
    ROW(ALWAYS, B_MOVE, CARC_EINVAL, "a pig recalled", C(FIGURE, CARC_FIGURE_PIG), C(SEGMENT, CARC_SEGMENT_RECALL)),
    ROW(ALWAYS, B_MOVE, CARC_EINVAL, "a recall without a figure", C(FIGURE, CARC_FIGURE_NONE),
        C(SEGMENT, CARC_SEGMENT_RECALL)),
    ROW(W_NO_ABBOT, B_MOVE, CARC_EILLEGAL, "an abbot recalled in a game without the Abbot",
        C(FIGURE, CARC_FIGURE_ABBOT), C(SEGMENT, CARC_SEGMENT_RECALL)),
    ROW(W_ABBOT_HOME, B_MOVE, CARC_EILLEGAL, "an abbot recalled that is not on the board",
        C(FIGURE, CARC_FIGURE_ABBOT), C(SEGMENT, CARC_SEGMENT_RECALL)),
    /* figures and segments */
    ROW(ALWAYS, B_MOVE, CARC_EINVAL, "a segment without a figure", C(FIGURE, CARC_FIGURE_NONE), C(SEGMENT, 0)),
    ROW(ALWAYS, B_MOVE, CARC_EINVAL, "figure 6", C(FIGURE, 6), C(SEGMENT, 0)),
    ROW(ALWAYS, B_MOVE, CARC_EINVAL, "figure 255", C(FIGURE, 255), C(SEGMENT, 0)),
    ROW(W_NO_INNS, B_MOVE, CARC_EILLEGAL, "big follower (no Inns & Cathedrals)", C(FIGURE, CARC_FIGURE_BIG),
        C(SEGMENT, 0)),
    /* not in play without Traders & Builders: refused on any segment */
    ROW(W_NO_TRADERS, B_MOVE, CARC_EILLEGAL, "builder (no Traders & Builders)", C(FIGURE, CARC_FIGURE_BUILDER),
        C(SEGMENT, 0)),
    ROW(W_NO_TRADERS, B_MOVE, CARC_EILLEGAL, "pig (no Traders & Builders)", C(FIGURE, CARC_FIGURE_PIG), C(SEGMENT, 0)),
    ROW(W_TRADERS, B_MOVE, CARC_ERANGE, "builder on segment 77", C(FIGURE, CARC_FIGURE_BUILDER), C(SEGMENT, 77)),
    ROW(W_NO_TRADERS, B_MOVE, CARC_EILLEGAL, "builder on segment 77", C(FIGURE, CARC_FIGURE_BUILDER), C(SEGMENT, 77)),
    ROW(W_PIGS, B_MOVE, CARC_ERANGE, "pig on no segment", C(FIGURE, CARC_FIGURE_PIG), C(SEGMENT, CARC_NO_SEGMENT)),
    ROW(W_NO_PIGS, B_MOVE, CARC_EILLEGAL, "pig on no segment", C(FIGURE, CARC_FIGURE_PIG),
        C(SEGMENT, CARC_NO_SEGMENT)),
    ROW(ALWAYS, B_MOVE, CARC_ERANGE, "segment 77", C(FIGURE, CARC_FIGURE_FOLLOWER), C(SEGMENT, 77)),
    ROW(ALWAYS, B_MOVE, CARC_ERANGE, "follower on no segment", C(FIGURE, CARC_FIGURE_FOLLOWER),
        C(SEGMENT, CARC_NO_SEGMENT)),
};

/* Wrong answers to a decision of the Count (B_MOVE: the first listed answer). */
static const move_row DECISION_ROWS[] = {
    /* unknown kinds */
    ROW(ALWAYS, B_MOVE, CARC_EINVAL, "move kind 5", C(KIND, CARC_MOVE_COUNT + 1)),
    ROW(ALWAYS, B_MOVE, CARC_EINVAL, "move kind 9", C(KIND, 9)),
    ROW(ALWAYS, B_PASS, CARC_EINVAL, "move kind 255", C(KIND, 255)),
    /* malformed passes */
    ROW(ALWAYS, B_PASS, CARC_EINVAL, "a pass with x set", C(X, 1)),
    ROW(ALWAYS, B_PASS, CARC_EINVAL, "a pass with y set", C(Y, -1)),
    ROW(ALWAYS, B_PASS, CARC_EINVAL, "a pass with x = INT32_MIN", C(X, INT32_MIN)),
    ROW(ALWAYS, B_PASS, CARC_EINVAL, "a pass with a tile", C(TILE, 3)),
    ROW(ALWAYS, B_PASS, CARC_EINVAL, "a pass with a rotation", C(ROTATION, 1)),
    ROW(ALWAYS, B_PASS, CARC_EINVAL, "a pass with a figure", C(FIGURE, CARC_FIGURE_FOLLOWER)),
    ROW(ALWAYS, B_PASS, CARC_EINVAL, "a pass with segment 0", C(SEGMENT, 0)),
    ROW(ALWAYS, B_PASS, CARC_EINVAL, "a pass with the recall segment", C(SEGMENT, CARC_SEGMENT_RECALL)),
    ROW(ALWAYS, B_PASS, CARC_EINVAL, "a pass with a quarter", C(QUARTER, 1)),
    ROW(ALWAYS, B_PASS, CARC_EINVAL, "a pass with quarter 255", C(QUARTER, 255)),
    ROW(ALWAYS, B_PASS, CARC_EINVAL, "a pass with reserved set", C(RESERVED, 1)),
    /* a zeroed place move; well-formed moves of the kinds this decision does not take */
    ROW(ALWAYS, B_ZERO, CARC_EILLEGAL, "a zeroed place move while a decision of the Count is pending",
        C(SEGMENT, CARC_NO_SEGMENT)),
    ROW(W_NOT_EXIT, B_ZERO, CARC_EILLEGAL, "an exit move that does not answer the decision", C(KIND, CARC_MOVE_EXIT),
        C(FIGURE, CARC_FIGURE_FOLLOWER), C(X, 2), C(Y, 1)), /* segment 0, the castle */
    ROW(W_NOT_QUARTER, B_ZERO, CARC_EILLEGAL, "a quarter move that does not answer the decision",
        C(KIND, CARC_MOVE_QUARTER), C(FIGURE, CARC_FIGURE_FOLLOWER), C(SEGMENT, CARC_NO_SEGMENT),
        C(QUARTER, CARC_QUARTER_MARKET)),
    ROW(W_NOT_COUNT, B_ZERO, CARC_EILLEGAL, "a Count move that does not answer the decision",
        C(KIND, CARC_MOVE_COUNT), C(SEGMENT, CARC_NO_SEGMENT), C(QUARTER, V_NEXT_QUARTER)),
    /* out of the city */
    ROW(W_EXIT, B_MOVE, CARC_EINVAL, "an exit without a figure", C(FIGURE, CARC_FIGURE_NONE)),
    ROW(W_EXIT, B_MOVE, CARC_EINVAL, "the abbot out of the city", C(FIGURE, CARC_FIGURE_ABBOT)),
    ROW(W_EXIT, B_MOVE, CARC_EINVAL, "the builder out of the city", C(FIGURE, CARC_FIGURE_BUILDER)),
    ROW(W_EXIT, B_MOVE, CARC_EINVAL, "the pig out of the city", C(FIGURE, CARC_FIGURE_PIG)),
    ROW(W_EXIT, B_MOVE, CARC_EINVAL, "figure 6 out of the city", C(FIGURE, 6)),
    ROW(W_EXIT, B_MOVE, CARC_EINVAL, "figure 255 out of the city", C(FIGURE, 255)),
    ROW(W_EXIT, B_MOVE, CARC_EINVAL, "an exit from quarter 4", C(QUARTER, 4)),
    ROW(W_EXIT, B_MOVE, CARC_EINVAL, "an exit from quarter 255", C(QUARTER, 255)),
    ROW(W_EXIT, B_MOVE, CARC_EINVAL, "an exit with a tile", C(TILE, 1)),
    ROW(W_EXIT, B_MOVE, CARC_EINVAL, "an exit with tile 0xFFFF", C(TILE, 0xFFFF)),
    ROW(W_EXIT, B_MOVE, CARC_EINVAL, "an exit with a rotation", C(ROTATION, 1)),
    ROW(W_EXIT, B_MOVE, CARC_EINVAL, "an exit with rotation 4", C(ROTATION, 4)),
    ROW(W_EXIT, B_MOVE, CARC_EINVAL, "an exit with reserved set", C(RESERVED, 1)),
    ROW(W_EXIT, B_MOVE, CARC_ERANGE, "an exit to a segment out of range", C(SEGMENT, V_NSEG)),
    ROW(W_EXIT, B_MOVE, CARC_ERANGE, "an exit to segment 77", C(SEGMENT, 77)),
    ROW(W_EXIT, B_MOVE, CARC_ERANGE, "an exit to no segment", C(SEGMENT, CARC_NO_SEGMENT)),
    ROW(W_EXIT, B_MOVE, CARC_ERANGE, "an exit to the recall segment", C(SEGMENT, CARC_SEGMENT_RECALL)),
    ROW(W_EXIT, B_MOVE, CARC_EILLEGAL, "an exit to no tile", C(DX, 1000)),
    ROW(W_EXIT, B_MOVE, CARC_EILLEGAL, "an exit to x + 2^16", C(DX, 65536)),
    ROW(W_EXIT, B_MOVE, CARC_EILLEGAL, "an exit to y - 2^16", C(DY, -65536)),
    ROW(W_EXIT, B_MOVE, CARC_EILLEGAL, "an exit to INT32_MIN, INT32_MAX", C(X, INT32_MIN), C(Y, INT32_MAX)),
    /* into the city */
    ROW(W_QUARTER, B_MOVE, CARC_EINVAL, "quarter 4", C(QUARTER, 4)),
    ROW(W_QUARTER, B_MOVE, CARC_EINVAL, "quarter 255", C(QUARTER, 255)),
    ROW(W_QUARTER, B_MOVE, CARC_EINVAL, "nobody into the city", C(FIGURE, CARC_FIGURE_NONE)),
    ROW(W_QUARTER, B_MOVE, CARC_EINVAL, "the abbot into the city", C(FIGURE, CARC_FIGURE_ABBOT)),
    ROW(W_QUARTER, B_MOVE, CARC_EINVAL, "the builder into the city (C-19)", C(FIGURE, CARC_FIGURE_BUILDER)),
    ROW(W_QUARTER, B_MOVE, CARC_EINVAL, "the pig into the city (C-19)", C(FIGURE, CARC_FIGURE_PIG)),
    ROW(W_QUARTER, B_MOVE, CARC_EINVAL, "figure 6 into the city", C(FIGURE, 6)),
    ROW(W_QUARTER, B_MOVE, CARC_EINVAL, "a quarter move with segment 0", C(SEGMENT, 0)),
    ROW(W_QUARTER, B_MOVE, CARC_EINVAL, "a quarter move with the recall segment", C(SEGMENT, CARC_SEGMENT_RECALL)),
    ROW(W_QUARTER, B_MOVE, CARC_EINVAL, "a quarter move with x set", C(X, 2)),
    ROW(W_QUARTER, B_MOVE, CARC_EINVAL, "a quarter move with y set", C(Y, INT32_MIN)),
    ROW(W_QUARTER, B_MOVE, CARC_EINVAL, "a quarter move with a tile", C(TILE, 3)),
    ROW(W_QUARTER, B_MOVE, CARC_EINVAL, "a quarter move with a rotation", C(ROTATION, 2)),
    ROW(W_QUARTER, B_MOVE, CARC_EINVAL, "a quarter move with reserved set", C(RESERVED, 1)),
    ROW(W_NO_BIG, B_MOVE, CARC_EILLEGAL, "the big follower into the city, none in supply", C(FIGURE, CARC_FIGURE_BIG)),
    ROW(W_NO_FOLLOWER, B_MOVE, CARC_EILLEGAL, "a follower into the city, none in supply",
        C(FIGURE, CARC_FIGURE_FOLLOWER)),
    /* the Count's move */
    ROW(W_COUNT, B_MOVE, CARC_EINVAL, "the Count to quarter 4", C(QUARTER, 4)),
    ROW(W_COUNT, B_MOVE, CARC_EINVAL, "the Count to quarter 255", C(QUARTER, 255)),
    ROW(W_COUNT, B_MOVE, CARC_EINVAL, "a Count move with a figure", C(FIGURE, CARC_FIGURE_FOLLOWER)),
    ROW(W_COUNT, B_MOVE, CARC_EINVAL, "a Count move with segment 0", C(SEGMENT, 0)),
    ROW(W_COUNT, B_MOVE, CARC_EINVAL, "a Count move with x set", C(X, -1)),
    ROW(W_COUNT, B_MOVE, CARC_EINVAL, "a Count move with y set", C(Y, 1)),
    ROW(W_COUNT, B_MOVE, CARC_EINVAL, "a Count move with a tile", C(TILE, 0xFFFF)),
    ROW(W_COUNT, B_MOVE, CARC_EINVAL, "a Count move with a rotation", C(ROTATION, 3)),
    ROW(W_COUNT, B_MOVE, CARC_EINVAL, "a Count move with reserved set", C(RESERVED, 0x80)),
};

/* The wrong variants of a legal place move of g, each with the status play
 * (and check_move) must give: the rows, then per segment of the tile. */
static size_t bad_moves(fx *f, carc_game *g, bad_move *out)
{
    row_ctx x = { legal_place(f, g, 1), 0, 0, 0 };
    carc_move m = x.move, fig;
    bool have_fig = placement_with_figure(f, g, &fig);
    carc_game_options opts;
    uint32_t cur = 0, abbot_in_supply = 0, big_supply = 0;
    assert_int_equal(carc_game_options_get(&opts, g), CARC_OK);
    assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
    assert_int_equal(carc_game_figure_supply(&abbot_in_supply, g, cur, CARC_FIGURE_ABBOT), CARC_OK);
    assert_int_equal(carc_game_figure_supply(&big_supply, g, cur, CARC_FIGURE_BIG), CARC_OK);
    bool abbots = (opts.modules & CARC_MODULE_ABBOT) != 0, inns = (opts.modules & CARC_MODULE_INNS) != 0;
    bool traders = (opts.modules & CARC_MODULE_TRADERS) != 0, farmers = (opts.modules & CARC_MODULE_FARMERS) != 0;
    bool optional = (pending_now(g).flags & CARC_PENDING_OPTIONAL) != 0; /* the builder's second tile */
    x.flags = 1u << ALWAYS | 1u << (optional ? W_OPTIONAL : W_NOT_OPTIONAL) | (abbots ? 0u : 1u << W_NO_ABBOT) |
              (abbots && abbot_in_supply ? 1u << W_ABBOT_HOME : 0u) | (inns ? 0u : 1u << W_NO_INNS) |
              1u << (traders ? W_TRADERS : W_NO_TRADERS) | 1u << (traders && farmers ? W_PIGS : W_NO_PIGS);
    size_t n = add_rows(out, 0, PLACE_ROWS, COUNT_OF(PLACE_ROWS), &x);
    /* figures on segments their rules do not allow */
    uint32_t nseg = 0, seen = 0;
    assert_int_equal(carc_tile_segment_count(&nseg, m.tile), CARC_OK);
    for (uint32_t sgi = 0; sgi < nseg; sgi++) {
        uint32_t k = seg_kind_of(m.tile, m.rotation, sgi);
        static const char *const abbot_on[] = { "an abbot on a field", "an abbot on a road", "an abbot on a city",
                                                NULL, NULL, "an abbot on the river" };
        static const char *const follower_on[] = { NULL, NULL, NULL, NULL, "a follower on a garden",
                                                   "a follower on the river" };
        static const char *const big_on[] = { NULL, NULL, NULL, NULL, "a big follower on a garden",
                                              "a big follower on the river" };
        carc_move q = m;
        q.segment = (uint8_t)sgi;
        if (abbot_on[k] && !(seen >> k & 1u))
            n = add_move(out, n, (q.figure = CARC_FIGURE_ABBOT, q), CARC_EILLEGAL, abbot_on[k]);
        if (follower_on[k])
            n = add_move(out, n, (q.figure = CARC_FIGURE_FOLLOWER, q), CARC_EILLEGAL, follower_on[k]);
        if (big_on[k])
            n = add_move(out, n, (q.figure = CARC_FIGURE_BIG, q), CARC_EILLEGAL, big_on[k]);
        if ((k == CARC_SEG_MONASTERY || k == CARC_SEG_GARDEN) && (!abbots || !abbot_in_supply))
            n = add_move(out, n, (q.figure = CARC_FIGURE_ABBOT, q), CARC_EILLEGAL,
                         abbots ? "a second abbot" : "an abbot without the Abbot");
        seen |= 1u << k;
    }
    /* an edge that does not match: the same cell, a rotation no legal move uses */
    for (uint8_t r = 0; r < 4; r++) {
        carc_move t = m;
        t.rotation = r;
        t.figure = CARC_FIGURE_NONE;
        t.segment = CARC_NO_SEGMENT;
        if (carc_game_check_move(g, &t) == CARC_EILLEGAL) {
            n = add_move(out, n, t, CARC_EILLEGAL, "an edge does not match");
            break;
        }
    }
    /* each figure where figure_options offers none: a follower (occupied
     * feature, field without farmers, no follower left), the big follower
     * (without Inns & Cathedrals, with the big follower on the board,
     * occupied features, fields without farmers), the builder and the pig
     * (without Traders & Builders -- the pig: or without farmers --, with
     * none in supply, on a segment of the wrong kind, on a feature without a
     * follower of their owner's, the builder on a feature this tile completes) */
    carc_move p = have_fig ? fig : m;
    p.figure = CARC_FIGURE_NONE;
    p.segment = CARC_NO_SEGMENT;
    assert_int_equal(carc_game_figure_options(f->list, g, &p), CARC_OK);
    assert_int_equal(carc_tile_segment_count(&nseg, p.tile), CARC_OK);
    const struct {
        uint8_t figure;
        bool any; /* offered: any figure on the segment counts */
        const char *what;
    } none_offered[] = {
        { CARC_FIGURE_FOLLOWER, true, "a follower where none may stand" },
        { CARC_FIGURE_BIG, false,
          !inns ? "a big follower without Inns & Cathedrals"
                : big_supply ? "a big follower where none may stand" : "a big follower with none in supply" },
        { CARC_FIGURE_BUILDER, false, "a builder where none may stand" },
        { CARC_FIGURE_PIG, false, "a pig where none may stand" },
    };
    for (size_t w = 0; w < COUNT_OF(none_offered); w++)
        for (uint32_t s = 0; s < nseg; s++) {
            bool offered = false;
            for (size_t k = 0; k < carc_movelist_count(f->list); k++) {
                const carc_move *o = &carc_movelist_data(f->list)[k];
                offered |= o->segment == s && (none_offered[w].any || o->figure == none_offered[w].figure);
            }
            if (!offered) {
                carc_move q = p;
                q.figure = none_offered[w].figure;
                q.segment = (uint8_t)s;
                n = add_move(out, n, q, CARC_EILLEGAL, none_offered[w].what);
            }
        }
    return n;
}

/* The feature ids the listed exits of g go to (the targets; out[0..n)). */
static size_t exit_targets(fx *f, carc_game *g, uint32_t *out, size_t cap)
{
    size_t n = 0;
    assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
    const carc_move *d = carc_movelist_data(f->list);
    for (size_t i = 0; i < carc_movelist_count(f->list); i++) {
        if (d[i].kind != CARC_MOVE_EXIT)
            continue;
        uint32_t id = 0;
        assert_int_equal(carc_game_feature_at(&id, g, d[i].x, d[i].y, d[i].segment), CARC_OK);
        size_t k = 0;
        while (k < n && out[k] != id)
            k++;
        if (k == n && n < cap)
            out[n++] = id;
    }
    return n;
}

/* The bad variants of the answers to a decision of the Count pending on g
 * (exit, quarter, count), each with the status play (and check_move) must
 * give: malformed moves (fields the kind does not use set, a quarter 4 and
 * more, a figure that is neither the follower nor the big follower),
 * segments out of range, no tile at (x, y), the Count's quarter, quarters
 * the player has nobody in, features the exit may not go to, malformed
 * passes, moves of the kinds the decision does not take, place moves. */
static size_t bad_decision_moves(fx *f, carc_game *g, bad_move *out)
{
    carc_pending pd = pending_now(g);
    uint32_t cur_tile = 0, supply = 0, big = 0;
    row_ctx x;
    memset(&x, 0, sizeof x);
    assert_int_equal(carc_game_count(&x.count, g), CARC_OK);
    assert_int_equal(carc_game_current_tile(&cur_tile, g), CARC_OK);
    assert_int_equal(carc_game_figure_supply(&supply, g, pd.player, CARC_FIGURE_FOLLOWER), CARC_OK);
    assert_int_equal(carc_game_figure_supply(&big, g, pd.player, CARC_FIGURE_BIG), CARC_OK);
    assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
    carc_move m = x.move = carc_movelist_data(f->list)[0]; /* a legal answer (the first listed) */
    assert_int_not_equal(m.kind, CARC_MOVE_PASS);
    if (pd.decision == CARC_DECISION_EXIT) {
        carc_move t;
        assert_int_equal(carc_game_tile_at(&t, g, m.x, m.y), CARC_OK);
        assert_int_equal(carc_tile_segment_count(&x.nseg, t.tile), CARC_OK);
    }
    static const enum when is[] = { [CARC_DECISION_EXIT] = W_EXIT, [CARC_DECISION_QUARTER] = W_QUARTER,
                                    [CARC_DECISION_COUNT] = W_COUNT };
    static const enum when is_not[] = { [CARC_DECISION_EXIT] = W_NOT_EXIT, [CARC_DECISION_QUARTER] = W_NOT_QUARTER,
                                        [CARC_DECISION_COUNT] = W_NOT_COUNT };
    assert_true(pd.decision >= CARC_DECISION_EXIT && pd.decision <= CARC_DECISION_COUNT);
    bool quarter = pd.decision == CARC_DECISION_QUARTER;
    x.flags = 1u << ALWAYS | 1u << is[pd.decision] | (quarter && !big ? 1u << W_NO_BIG : 0u) |
              (quarter && !supply ? 1u << W_NO_FOLLOWER : 0u);
    for (uint32_t d = CARC_DECISION_EXIT; d <= CARC_DECISION_COUNT; d++)
        if (d != pd.decision)
            x.flags |= 1u << is_not[d];
    size_t n = add_rows(out, 0, DECISION_ROWS, COUNT_OF(DECISION_ROWS), &x);
    /* a pass with the fields of the listed answer (a Count move to the
     * castle has no field a pass may not have) */
    carc_move q = m;
    q.kind = CARC_MOVE_PASS;
    if (!(m.kind == CARC_MOVE_COUNT && m.quarter == 0))
        n = add_move(out, n, q, CARC_EINVAL, "a pass with the fields of the listed answer");
    /* a placement of the tile on top of the pile */
    assert_int_equal(carc_game_placements(f->list, g, cur_tile, 0), CARC_OK);
    if (carc_movelist_count(f->list) > 0)
        n = add_move(out, n, carc_movelist_data(f->list)[0], CARC_EILLEGAL,
                     "a place move while a decision of the Count is pending");
    if (pd.decision == CARC_DECISION_EXIT) {
        /* a frontier cell: empty, next to a tile */
        carc_move probe;
        q = m;
        while (carc_game_tile_at(&probe, g, m.x, q.y) == CARC_OK)
            q.y--;
        n = add_move(out, n, q, CARC_EILLEGAL, "an exit to an empty cell next to a tile");
        q = m;
        q.quarter = (uint8_t)x.count;
        n = add_move(out, n, q, CARC_EILLEGAL, "an exit from the Count's quarter");
        for (uint32_t qq = 0; qq < 4; qq++)
            for (uint32_t fig = CARC_FIGURE_FOLLOWER; fig <= CARC_FIGURE_BIG; fig++) {
                uint32_t in = 0;
                assert_int_equal(carc_game_city(&in, g, qq, pd.player, fig), CARC_OK);
                q = m;
                q.quarter = (uint8_t)qq;
                q.figure = (uint8_t)fig;
                if (!in && qq != x.count)
                    n = add_move(out, n, q, CARC_EILLEGAL,
                                 fig == CARC_FIGURE_BIG ? "the big follower out of a quarter he is not in"
                                                        : "a follower out of a quarter without one of the player's");
            }
        /* segments of features that are no target: some of every tile */
        uint32_t targets[32], nt = 0, added = 0;
        size_t ntg = exit_targets(f, g, targets, 32);
        assert_int_equal(carc_game_tile_count(&nt, g), CARC_OK);
        for (uint32_t i = 0; i < nt && added < 24; i++) {
            uint32_t ns = 0;
            carc_move t;
            assert_int_equal(carc_game_tile(&t, g, i), CARC_OK);
            assert_int_equal(carc_tile_segment_count(&ns, t.tile), CARC_OK);
            for (uint32_t sg = (i * 7u) % (ns ? ns : 1); sg < ns && added < 24; sg += 2) {
                uint32_t id = 0;
                assert_int_equal(carc_game_feature_at(&id, g, t.x, t.y, sg), CARC_OK);
                bool target = false;
                for (size_t k = 0; k < ntg; k++)
                    target |= targets[k] == id;
                if (target)
                    continue;
                q = m;
                q.x = t.x;
                q.y = t.y;
                q.segment = (uint8_t)sg;
                n = add_move(out, n, q, CARC_EILLEGAL, "an exit to a feature that may not take it");
                added++;
            }
        }
    } else if (pd.decision == CARC_DECISION_COUNT) {
        q = m;
        q.quarter = (uint8_t)x.count;
        n = add_move(out, n, q, CARC_EILLEGAL, "the Count to his own quarter");
    }
    return n;
}

/* The wrong moves of g, whatever its pending decision. */
static size_t wrong_moves(fx *f, int i, bad_move *out)
{
    return IS_COC_DECISION(i) ? bad_decision_moves(f, f->g[i], out) : bad_moves(f, f->g[i], out);
}

/* The answers to a decision of the Count that must be accepted: every
 * listed move, a pass (every decision of the Count is optional), and an exit
 * onto any segment of a feature it may go to (the list names its root). */
static void good_decision_moves(fx *f, carc_game *g)
{
    assert_int_equal(carc_game_legal_moves(f->list, g, 0), CARC_OK);
    size_t n = carc_movelist_count(f->list);
    carc_move *d = malloc(n * sizeof *d);
    assert_non_null(d);
    memcpy(d, carc_movelist_data(f->list), n * sizeof *d);
    assert_int_equal(d[n - 1].kind, CARC_MOVE_PASS); /* the pass last */
    for (size_t i = 0; i < n; i++)
        EXPECT(g, CARC_OK, carc_game_check_move(g, &d[i]));
    for (size_t i = 0; i < n; i++) {
        if (d[i].kind != CARC_MOVE_EXIT)
            continue;
        uint32_t id = 0, same[32], nsame = 0;
        size_t cnt = 0;
        /* the features listed for this quarter and figure */
        for (size_t k = 0; k < n; k++)
            if (d[k].kind == CARC_MOVE_EXIT && d[k].quarter == d[i].quarter && d[k].figure == d[i].figure &&
                nsame < 32)
                assert_int_equal(carc_game_feature_at(&same[nsame++], g, d[k].x, d[k].y, d[k].segment), CARC_OK);
        assert_int_equal(carc_game_feature_at(&id, g, d[i].x, d[i].y, d[i].segment), CARC_OK);
        assert_int_equal(carc_game_feature_tiles(NULL, 0, &cnt, g, id), CARC_EBUFFER);
        int32_t *xy = malloc(2 * cnt * sizeof *xy);
        assert_non_null(xy);
        assert_int_equal(carc_game_feature_tiles(xy, cnt, &cnt, g, id), CARC_OK);
        for (size_t k = 0; k < cnt; k++) {
            carc_move t, e = d[i];
            uint32_t ns = 0;
            assert_int_equal(carc_game_tile_at(&t, g, xy[2 * k], xy[2 * k + 1]), CARC_OK);
            assert_int_equal(carc_tile_segment_count(&ns, t.tile), CARC_OK);
            for (uint32_t sg = 0; sg < ns; sg++) {
                uint32_t other = 0;
                bool listed = false;
                assert_int_equal(carc_game_feature_at(&other, g, t.x, t.y, sg), CARC_OK);
                for (uint32_t j = 0; j < nsame; j++)
                    listed |= same[j] == other;
                e.x = t.x;
                e.y = t.y;
                e.segment = (uint8_t)sg;
                EXPECT(g, listed ? CARC_OK : CARC_EILLEGAL, carc_game_check_move(g, &e));
            }
        }
        free(xy);
    }
    free(d);
}

static carc_status call_check(void *g, const void *m, char *msg, size_t cap)
{
    (void)msg;
    (void)cap;
    return carc_game_check_move(g, m);
}

static carc_status call_check_msg(void *g, const void *m, char *msg, size_t cap)
{
    return carc_game_check_move_msg(g, m, msg, cap);
}

static carc_status call_play(void *g, const void *m, char *msg, size_t cap)
{
    (void)msg;
    (void)cap;
    return carc_game_play(g, m);
}

static size_t wrong_list(fx *f, int i, void *items) { return wrong_moves(f, i, items); }
static bool game_over(fx *f, int i) { return hz_over(f->g[i]); }

static const carc_move ZERO_MOVE;
static const misuse_wrong WRONG_MOVES = { wrong_list, sizeof(bad_move), offsetof(bad_move, m), MAX_BAD_MOVES,
                                          &ZERO_MOVE, "NULL move",      game_over };

static void m_game_check_move(fx *f)
{
    misuse_refusal_entry(f, TILE_GAME, &WRONG_MOVES, call_check, REFUSE_CHECK);
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        carc_move pass = pass_move();
        if (hz_over(g)) {
            EXPECT(g, CARC_EGAME_OVER, carc_game_check_move(g, &ZERO_MOVE));
            EXPECT(g, CARC_EGAME_OVER, carc_game_check_move(g, &pass));
            pass.kind = 9; /* an unknown kind: either status (the order of the checks is not specified) */
            EXPECT2(g, CARC_EINVAL, CARC_EGAME_OVER, carc_game_check_move(g, &pass));
            continue;
        }
        /* a well-formed pass: legal iff the decision is optional */
        EXPECT(g, (pending_now(g).flags & CARC_PENDING_OPTIONAL) ? CARC_OK : CARC_EILLEGAL,
               carc_game_check_move(g, &pass));
        if (i == G_SECOND || IS_COC_DECISION(i))
            EXPECT(g, CARC_OK, carc_game_check_move(g, &pass));
        if (IS_COC_DECISION(i))
            good_decision_moves(f, g);
    }
}

/* carc_game_check_move_msg: check_move's status, and for a refused move the
 * text play leaves (play is not called here: REJECT elsewhere checks play),
 * cut to the buffer; the game and its last-error text unchanged. */
static void m_game_check_move_msg(fx *f)
{
    misuse_refusal_entry(f, TILE_GAME, &WRONG_MOVES, call_check_msg, REFUSE_MSG);
}

static void m_game_play(fx *f)
{
    misuse_refusal_entry(f, TILE_GAME, &WRONG_MOVES, call_play, REFUSE_PLAY);
    /* playing after the game is over */
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        carc_move last, pass = pass_move();
        uint32_t nt = 0;
        if (!hz_over(g))
            continue;
        REJECT(g, CARC_EGAME_OVER, carc_game_play(g, &ZERO_MOVE));
        assert_int_equal(carc_game_tile_count(&nt, g), CARC_OK);
        assert_int_equal(carc_game_tile(&last, g, nt - 1), CARC_OK);
        last.x += 1;
        REJECT(g, CARC_EGAME_OVER, carc_game_play(g, &last));
        REJECT(g, CARC_EGAME_OVER, carc_game_play(g, &pass));
    }
    /* a follower with none left */
    carc_game *g = f->g[G_NOSUPPLY];
    carc_move p = legal_move(f, g, 0);
    uint32_t nseg = 0;
    assert_int_equal(carc_tile_segment_count(&nseg, p.tile), CARC_OK);
    for (uint32_t s = 0; s < nseg; s++) {
        p.figure = CARC_FIGURE_FOLLOWER;
        p.segment = (uint8_t)s;
        REJECT(g, CARC_EILLEGAL, carc_game_play(g, &p));
    }
    misuse_module_rules(f);
}

/* ------------------------------------------------------------ move lists */

static carc_status movelist_new(void **out, const void *g) { return carc_movelist_new((carc_movelist **)out, g); }

static void m_movelist_new(fx *f)
{
    misuse_ctor(f, TILE_GAME, movelist_new, f->g[G_MID]);
    /* a list is usable with any game, also games of other player counts */
    FOR_GAMES(f, i) {
        carc_movelist *l;
        assert_int_equal(carc_movelist_new(&l, f->g[i]), CARC_OK);
        FOR_GAMES(f, k) {
            carc_status s = carc_game_legal_moves(l, f->g[k], 0);
            assert_int_equal(s, hz_over(f->g[k]) ? CARC_EGAME_OVER : CARC_OK);
        }
        carc_movelist_free(l);
    }
}

static void m_movelist_free(fx *f)
{
    (void)f;
    carc_movelist_free(NULL);
}

static void m_movelist_count(fx *f)
{
    carc_movelist *l;
    assert_int_equal(carc_movelist_count(NULL), 0);
    assert_int_equal(carc_movelist_new(&l, f->g[G_MID]), CARC_OK);
    assert_int_equal(carc_movelist_count(l), 0);
    carc_movelist_free(l);
}

static void m_movelist_data(fx *f)
{
    carc_movelist *l;
    assert_null(carc_movelist_data(NULL));
    assert_int_equal(carc_movelist_new(&l, f->g[G_MID]), CARC_OK);
    assert_null(carc_movelist_data(l));
    assert_int_equal(carc_game_legal_moves(l, f->g[G_OVER], 0), CARC_EGAME_OVER);
    assert_null(carc_movelist_data(l));
    carc_movelist_free(l);
}

static void m_movelist_get(fx *f)
{
    carc_move m, keep;
    carc_movelist *l;
    memset(&m, GUARD, sizeof m);
    keep = m;
    assert_int_equal(carc_movelist_new(&l, f->g[G_MID]), CARC_OK);
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_movelist_get(NULL, l, 0));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_movelist_get(&m, NULL, 0));
    EXPECT(f->g[G_MID], CARC_ERANGE, carc_movelist_get(&m, l, 0)); /* empty */
    assert_int_equal(carc_game_legal_moves(l, f->g[G_MID], 0), CARC_OK);
    size_t n = carc_movelist_count(l);
    const size_t bad[] = { n, SIZE_MAX, (size_t)UINT32_MAX + 1 };
    for (size_t k = 0; k < COUNT_OF(bad); k++)
        EXPECT(f->g[G_MID], CARC_ERANGE, carc_movelist_get(&m, l, bad[k]));
    assert_memory_equal(&m, &keep, sizeof m);
    carc_movelist_free(l);
}

/* ------------------------------------------------------------ the pending decision, enumeration */

static carc_status pending_of(void *buf, const void *g, const void *arg)
{
    (void)arg;
    return carc_game_pending(buf, g);
}

static void m_game_pending(fx *f)
{
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        EXPECT(g, CARC_EINVAL, carc_game_pending(NULL, g));
        misuse_struct_sizes(TILE_GAME, g, pending_of, NULL, sizeof(carc_pending), "carc_game_pending", true);
        /* what it says agrees with the rest of the API */
        carc_pending p = pending_now(g);
        uint32_t cur = 0, tile = 0;
        assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
        if (hz_over(g)) {
            assert_int_equal(p.decision, CARC_DECISION_NONE);
            assert_int_equal(p.player, 0);
            assert_int_equal(p.tile, 0);
            assert_int_equal(p.flags, 0);
        } else if (IS_COC_DECISION(i)) {
            /* the Count's decisions: optional, no tile, the final round flagged */
            static const uint32_t want[G_COUNT][3] = {
                [G_COC_QUARTER] = { CARC_DECISION_QUARTER, 0, CARC_PENDING_OPTIONAL },
                [G_COC_COUNT] = { CARC_DECISION_COUNT, 0, CARC_PENDING_OPTIONAL },
                [G_COC_EXIT] = { CARC_DECISION_EXIT, 0, CARC_PENDING_OPTIONAL },
                [G_COC_FINAL] = { CARC_DECISION_EXIT, 1, CARC_PENDING_OPTIONAL | CARC_PENDING_FINAL },
            };
            expect_pending(g, want[i][0], want[i][1], want[i][2]);
        } else {
            carc_game_options o;
            assert_int_equal(carc_game_options_get(&o, g), CARC_OK);
            assert_int_equal(carc_game_current_tile(&tile, g), CARC_OK);
            assert_int_equal(p.decision, CARC_DECISION_PLACE);
            assert_int_equal(p.player, cur);
            assert_int_equal(p.tile, tile);
            /* the first part of a turn, or (Traders & Builders) the builder's
             * optional second tile */
            if (p.part == 2) {
                assert_true((o.modules & CARC_MODULE_TRADERS) != 0);
                assert_int_equal(p.flags, CARC_PENDING_OPTIONAL | CARC_PENDING_SECOND_TILE);
            } else {
                assert_int_equal(p.flags, 0);
                assert_int_equal(p.part, 1);
            }
            if (i == G_SECOND)
                assert_int_equal(p.part, 2);
        }
    }
    carc_pending p = SIZED(carc_pending);
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_pending(&p, NULL));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_pending(NULL, NULL));
}

static void m_game_placements(fx *f)
{
    uint32_t n = carc_tile_kind_count();
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_placements(NULL, f->g[G_MID], 0, 0));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_placements(f->list, NULL, 0, 0));
    FOR_GAMES(f, i) {
        EXPECT(f->g[i], CARC_EINVAL, carc_game_placements(f->list, f->g[i], 0, 2));
        EXPECT(f->g[i], CARC_EINVAL, carc_game_placements(f->list, f->g[i], 0, UINT32_MAX));
        EXPECT(f->g[i], CARC_ERANGE, carc_game_placements(f->list, f->g[i], n, 0));
        EXPECT(f->g[i], CARC_ERANGE, carc_game_placements(f->list, f->g[i], UINT32_MAX, 0));
        /* any kind, in any phase, is a question with an answer */
        for (uint32_t k = 0; k < n; k++)
            EXPECT(f->g[i], CARC_OK, carc_game_placements(f->list, f->g[i], k, CARC_ENUM_UNIQUE_ROTATIONS));
    }
}

/* Placements that are not legal (out-of-range fields: play says CARC_ERANGE,
 * the header lists CARC_EILLEGAL for a bad placement; either is accepted). */
static const move_row BAD_PLACEMENTS[] = {
    ROW(ALWAYS, B_MOVE, CARC_EILLEGAL, "far away", C(DX, 1000)),
    ROW(ALWAYS, B_MOVE, CARC_EILLEGAL, "x = INT32_MAX", C(X, INT32_MAX)),
    ROW(ALWAYS, B_MOVE, CARC_EILLEGAL, "the cell of a placed or frontier tile, modulo 2^16", C(DX, 65536)),
    ROW(ALWAYS, B_MOVE, CARC_EILLEGAL, "the start tile's cell", C(X, 0), C(Y, 0)),
    ROW(ALWAYS, B_MOVE, CARC_EILLEGAL, "not the tile to place", C(TILE, V_NEXT_TILE)),
    { ALWAYS, B_MOVE, CARC_ERANGE, CARC_EILLEGAL, "rotation 4", { C(ROTATION, 4) } },
    { ALWAYS, B_MOVE, CARC_ERANGE, CARC_EILLEGAL, "tile 0xFFFF", { C(TILE, 0xFFFF) } },
    ROW(ALWAYS, B_MOVE, CARC_EINVAL, "reserved set", C(RESERVED, 1)),
};

static void m_game_figure_options(fx *f)
{
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_figure_options(NULL, f->g[G_MID], NULL));
    FOR_GAMES(f, i) {
        carc_game *g = f->g[i];
        carc_move p;
        memset(&p, 0, sizeof p);
        p.segment = CARC_NO_SEGMENT;
        EXPECT(g, CARC_EINVAL, carc_game_figure_options(f->list, g, NULL));
        EXPECT(g, CARC_EINVAL, carc_game_figure_options(NULL, g, &p));
        if (hz_over(g)) {
            EXPECT(g, CARC_EGAME_OVER, carc_game_figure_options(f->list, g, &p));
            continue;
        }
        EXPECT(g, CARC_EINVAL, carc_game_figure_options(f->list, NULL, &p));
        if (IS_COC_DECISION(i)) {
            /* no place move is pending: no placement is legal, not even one of the tile on top */
            uint32_t cur = 0;
            assert_int_equal(carc_game_current_tile(&cur, g), CARC_OK);
            assert_int_equal(carc_game_placements(f->list, g, cur, 0), CARC_OK);
            assert_true(carc_movelist_count(f->list) > 0);
            p = carc_movelist_data(f->list)[0];
            EXPECT(g, CARC_EILLEGAL, carc_game_figure_options(f->list, g, &p));
            p.x += 1000;
            EXPECT(g, CARC_EILLEGAL, carc_game_figure_options(f->list, g, &p));
            memset(&p, 0, sizeof p);
            p.segment = CARC_NO_SEGMENT;
            EXPECT(g, CARC_EILLEGAL, carc_game_figure_options(f->list, g, &p));
            p.reserved = 1;
            EXPECT2(g, CARC_EINVAL, CARC_EILLEGAL, carc_game_figure_options(f->list, g, &p));
            continue;
        }
        row_ctx x = { legal_place(f, g, 3), 0, 0, 1u << ALWAYS };
        x.move.figure = CARC_FIGURE_NONE;
        x.move.segment = CARC_NO_SEGMENT;
        EXPECT(g, CARC_OK, carc_game_figure_options(f->list, g, &x.move));
        for (size_t k = 0; k < COUNT_OF(BAD_PLACEMENTS); k++) {
            carc_move q = row_move(&BAD_PLACEMENTS[k], &x);
            EXPECT2(g, BAD_PLACEMENTS[k].want, BAD_PLACEMENTS[k].alt, carc_game_figure_options(f->list, g, &q));
        }
    }
}

static void m_game_legal_moves(fx *f)
{
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_legal_moves(NULL, f->g[G_MID], 0));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_game_legal_moves(f->list, NULL, 0));
    FOR_GAMES(f, i) {
        EXPECT(f->g[i], CARC_EINVAL, carc_game_legal_moves(f->list, f->g[i], 2));
        EXPECT(f->g[i], CARC_EINVAL, carc_game_legal_moves(f->list, f->g[i], UINT32_MAX));
        EXPECT(f->g[i], hz_over(f->g[i]) ? CARC_EGAME_OVER : CARC_OK, carc_game_legal_moves(f->list, f->g[i], 0));
    }
    /* no follower left: every move is without a figure */
    assert_int_equal(carc_game_legal_moves(f->list, f->g[G_NOSUPPLY], 0), CARC_OK);
    for (size_t k = 0; k < carc_movelist_count(f->list); k++)
        assert_int_equal(carc_movelist_data(f->list)[k].figure, CARC_FIGURE_NONE);
}

/* ------------------------------------------------------------ the move notation */

static carc_status move_parse(void *out, const char *text) { return carc_move_parse(out, text); }

static void m_move_parse(fx *f)
{
    static const char *const bad[] = {
        "", " ", "D", "D 1", "D 1 0", "X1 1 0 0 -", "d 1 0 0 -", "ZZ 1 0 0 -", "D 1 0 45 -",
        "D 1 0 360 -", "D 1 0 -90 -", "D x 0 0 -", "D 1 y 0 -", "D 1 0 0 - extra", "D 1 0 0 road:Q",
        "D 1 0 0 city:X", "D 1 0 0 road", "D 1 0 0 cloister", "D 1 0 0 field:N", "D 1 0 0 hat/road:E",
        "D 99999999999999999999 0 0 -", "D 1 -99999999999999999999 0 -", "D 1 0 99999999999 -",
        "D 1 0 0 :", "D 1 0 0 road:", "D 1 0 0 /road:E", "D 1 0 0 big/", "D 1 0 0 big/big/road:E",
        "A 0 0 0 road:N", "VERYLONGTILENAME 0 0 0 -", "D 1 0 0 - - -",
    };
    misuse_parse(f, TILE_GAME, move_parse, sizeof(carc_move), "D 1 0 0 -", bad, COUNT_OF(bad), "D ",
                 "carc_move_parse");
}

/* carc_move_parse_msg: carc_move_parse's statuses, a reason for each
 * failure, cut to the buffer, *out untouched. */
typedef struct bad_text {
    bad_call c;
    const char *text;
} bad_text;

static carc_move *parse_out; /* where call_parse_msg parses to */

static carc_status call_parse_msg(void *g, const void *text, char *msg, size_t cap)
{
    (void)g;
    return carc_move_parse_msg(parse_out, *(const char *const *)text, msg, cap);
}

static void m_move_parse_msg(fx *f)
{
    carc_move m, keep;
    char msg[200];
    static const char *const texts[] = {
        "", "D", "D 1 0", "ZZ 1 0 0 -", "D 1 0 45 -", "D x 0 0 -", "D 1 0 0 - extra", "D 1 0 0 road:Q",
        "D 1 0 0 hat/road:E", "A 0 0 0 road:N", "pass x", "count kitchen", "exit castle 1 1 city:N", "hello",
    };
    bad_text bad[COUNT_OF(texts)];
    for (size_t i = 0; i < COUNT_OF(texts); i++) {
        bad[i].c.want = CARC_EPARSE;
        bad[i].c.what = texts[i];
        bad[i].text = texts[i];
    }
    memset(&m, GUARD, sizeof m);
    keep = m;
    memset(msg, GUARD, sizeof msg);
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_move_parse_msg(NULL, "D 1 0 0 -", msg, sizeof msg));
    assert_string_not_equal(msg, "");
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_move_parse_msg(&m, NULL, msg, sizeof msg));
    assert_string_not_equal(msg, "");
    memset(msg, GUARD, sizeof msg);
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_move_parse_msg(&m, "D 1 0 0 -", NULL, 5));
    parse_out = &m;
    misuse_refusals(TILE_GAME, f->g[G_MID], "move notation for the mid", bad, COUNT_OF(bad), sizeof bad[0],
                    offsetof(bad_text, text), call_parse_msg, REFUSE_MSG);
    assert_memory_equal(&m, &keep, sizeof m);
    EXPECT(f->g[G_MID], CARC_OK, carc_move_parse_msg(&m, "D 1 0 90 -", msg, sizeof msg));
    assert_string_equal(msg, "");
}

static const move_row BAD_FORMAT[] = {
    ROW(ALWAYS, B_MOVE, CARC_ERANGE, "tile kind out of range", C(TILE, V_KINDS)),
    ROW(ALWAYS, B_MOVE, CARC_ERANGE, "tile 0xFFFF", C(TILE, 0xFFFF)),
    ROW(ALWAYS, B_MOVE, CARC_ERANGE, "rotation 4", C(ROTATION, 4)),
    ROW(ALWAYS, B_MOVE, CARC_ERANGE, "figure 6", C(FIGURE, 6)),
    ROW(ALWAYS, B_MOVE, CARC_ERANGE, "figure 255", C(FIGURE, 255)),
    ROW(ALWAYS, B_MOVE, CARC_ERANGE, "segment 77", C(FIGURE, CARC_FIGURE_FOLLOWER), C(SEGMENT, 77)),
    ROW(ALWAYS, B_MOVE, CARC_ERANGE, "a follower on no segment", C(FIGURE, CARC_FIGURE_FOLLOWER),
        C(SEGMENT, CARC_NO_SEGMENT)),
};

static void m_move_format(fx *f)
{
    row_ctx x = { legal_move(f, f->g[G_MID], 2), 0, 0, 1u << ALWAYS };
    carc_move m = x.move, q;
    char buf[128];
    size_t need = 0, len;
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_move_format(buf, sizeof buf, &need, NULL));
    EXPECT(f->g[G_MID], CARC_EINVAL, carc_move_format(NULL, 10, &need, &m));
    EXPECT(f->g[G_MID], CARC_EBUFFER, carc_move_format(NULL, 0, &need, &m));
    assert_true(need > 0);
    len = need;
    /* snprintf semantics: every short buffer is NUL-terminated, never overrun */
    for (size_t cap = 1; cap <= len; cap++) {
        memset(buf, GUARD, sizeof buf);
        need = 0;
        EXPECT(f->g[G_MID], CARC_EBUFFER, carc_move_format(buf, cap, &need, &m));
        assert_int_equal(need, len);
        assert_non_null(memchr(buf, '\0', cap));
        check_guard(buf, cap, sizeof buf, "carc_move_format(short buffer)", __LINE__);
    }
    EXPECT(f->g[G_MID], CARC_OK, carc_move_format(buf, len + 1, NULL, &m));
    assert_int_equal(strlen(buf), len);
    for (size_t k = 0; k < COUNT_OF(BAD_FORMAT); k++) {
        q = row_move(&BAD_FORMAT[k], &x);
        memset(buf, GUARD, sizeof buf);
        EXPECT(f->g[G_MID], CARC_ERANGE, carc_move_format(buf, sizeof buf, &need, &q));
    }
    /* extreme coordinates format */
    q = m;
    q.x = INT32_MIN;
    q.y = INT32_MAX;
    q.figure = CARC_FIGURE_NONE;
    q.segment = CARC_NO_SEGMENT;
    EXPECT(f->g[G_MID], CARC_OK, carc_move_format(buf, sizeof buf, &need, &q));
}

MISUSE_AREA(misuse_area_moves, "misuse_moves.c", MISUSE_ENTRY(game_check_move), MISUSE_ENTRY(game_check_move_msg),
            MISUSE_ENTRY(game_figure_options), MISUSE_ENTRY(game_legal_moves), MISUSE_ENTRY(game_pending),
            MISUSE_ENTRY(game_placements), MISUSE_ENTRY(game_play), MISUSE_ENTRY(move_format),
            MISUSE_ENTRY(move_parse), MISUSE_ENTRY(move_parse_msg), MISUSE_ENTRY(movelist_count),
            MISUSE_ENTRY(movelist_data), MISUSE_ENTRY(movelist_free), MISUSE_ENTRY(movelist_get),
            MISUSE_ENTRY(movelist_new));
