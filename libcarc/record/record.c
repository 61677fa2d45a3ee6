/* SPDX-License-Identifier: MIT */
/*
 * Game records: carc_game_save and carc_game_load (serialize.h).
 *
 * The format is described in docs/record-format.md. This file uses only the
 * public API: a record is the game's options plus its history, and loading
 * replays that history through carc_game_choose_tile / carc_game_play /
 * carc_game_end, so a record gets exactly the validation that play gets.
 * Neither function allocates memory of its own; the loaded game uses the
 * caller's allocator.
 */
#include <carcassonne/carcassonne.h>

#include <stdarg.h>
#include <stddef.h>
#include "util/textbuf.h"
#include "record/recordio.h"
#include <stdio.h>
#include <string.h>

#define REC_MAGIC "carcassonne-record"
#define REC_MAX_LINE 256 /* characters per line, without the line end */
/* words per line: the longest is a modules line of rule elements (at most
 * ten names: a box less one element is written as its other elements) */
#define REC_MAX_TOKENS 20

/* ---------------------------------------------------------------- writing */

/* With the Count the 12 tiles of the City of Carcassonne are laid first. */
#define REC_CITY_TILES 12u

/* The rule variants as `option NAME VALUE` lines (the names of the scenario
 * format): the value that sets the flag, and the default's. */
static const struct {
    uint32_t flag;
    const char *name, *value, *fallback;
} rec_variants[] = {
    { CARC_VARIANT_TINY_CITY, "tiny-city", "yes", "no" },
    { CARC_VARIANT_COC_FINAL_MARKET, "coc-final", "market", "all" },
    { CARC_VARIANT_COC_ONCE_PER_TURN, "coc-per-part", "no", "yes" },
};
#define REC_VARIANT_COUNT (sizeof rec_variants / sizeof rec_variants[0])

static carc_status write_entry(carci_text *o, const carc_history_entry *h)
{
    char mv[64];
    const char *name;
    switch (h->kind) {
    case CARC_HISTORY_PLACE:
        /* a place move after "place "; the other kinds of move (pass, the
         * Count's) are their notation, whose first word is the keyword */
        if (carc_move_format(mv, sizeof mv, NULL, &h->move) != CARC_OK)
            return CARC_EINVAL;
        if (h->move.kind == CARC_MOVE_PLACE)
            carci_text_str(o, "place ");
        carci_text_str(o, mv);
        break;
    case CARC_HISTORY_DISCARD:
        name = carc_tile_name(h->move.tile);
        if (name == NULL)
            return CARC_EINVAL;
        carci_text_str(o, "discard ");
        carci_text_str(o, name);
        break;
    case CARC_HISTORY_END:
        carci_text_str(o, "end");
        break;
    default:
        return CARC_EINVAL;
    }
    carci_text_mem(o, "\n", 1);
    return CARC_OK;
}

carc_status carc_game_save(char *buf, size_t cap, size_t *needed, const carc_game *game)
{
    carc_game_options opts;
    carc_move start;
    carc_history_entry h;
    carci_text o;
    uint32_t count, i;
    const char *start_name;
    carc_status st;

    if (game == NULL || (buf == NULL && cap > 0))
        return CARC_EINVAL;
    memset(&opts, 0, sizeof opts); /* version 0 on entry: the whole struct comes back */
    if (carc_game_options_get(&opts, game) != CARC_OK || carc_game_history_count(&count, game) != CARC_OK)
        return CARC_EINVAL;
    /* the start tile: the first tile laid; with the Count the City of
     * Carcassonne is laid instead (written "start -"), and the spring after
     * its 12 tiles when the River is in play too */
    start_name = "-";
    if (!(opts.modules & CARC_MODULE_COUNT) || (opts.modules & CARC_MODULE_RIVER)) {
        if (carc_game_tile(&start, game, (opts.modules & CARC_MODULE_COUNT) ? REC_CITY_TILES : 0) != CARC_OK)
            return CARC_EINVAL;
        start_name = carc_tile_name(start.tile);
        if (start_name == NULL)
            return CARC_EINVAL;
    }
    for (i = 0; i < 32; i++)
        if (((opts.modules >> i) & 1u) && !carc_module_name(1u << i))
            return CARC_EINVAL; /* a module this writer cannot name */

    o.buf = buf;
    o.cap = cap;
    o.len = 0;
    carci_text_str(&o, REC_MAGIC " ");
    carci_text_u64(&o, CARC_RECORD_FORMAT);
    carci_text_str(&o, "\nplayers ");
    carci_text_u64(&o, opts.players);
    carci_text_str(&o, "\nseed ");
    carci_text_u64(&o, opts.seed);
    carci_text_str(&o, "\nmodules");
    if (opts.modules == 0)
        carci_text_str(&o, " -");
    /* the modules' names (carc_module_name), whole boxes and rule
     * elements, in the order of their flags */
    for (i = 0; i < 32; i++) {
        if ((opts.modules >> i) & 1u) {
            carci_text_str(&o, " ");
            carci_text_str(&o, carc_module_name(1u << i));
        }
    }
    for (i = 0; i < REC_VARIANT_COUNT; i++) {
        if (opts.variants & rec_variants[i].flag) {
            carci_text_str(&o, "\noption ");
            carci_text_str(&o, rec_variants[i].name);
            carci_text_str(&o, " ");
            carci_text_str(&o, rec_variants[i].value);
        }
    }
    carci_text_str(&o, "\nstart ");
    carci_text_str(&o, start_name);
    if (strcmp(start_name, "-") != 0) {
        carci_text_str(&o, " ");
        carci_text_i64(&o, start.x);
        carci_text_str(&o, " ");
        carci_text_i64(&o, start.y);
        carci_text_str(&o, " ");
        carci_text_u64(&o, (uint64_t)start.rotation * 90u);
    }
    carci_text_str(&o, "\n");

    for (i = 0; i < count; i++) {
        memset(&h, 0, sizeof h);
        h.struct_size = sizeof h;
        if (carc_game_history(&h, game, i) != CARC_OK)
            return CARC_EINVAL;
        st = write_entry(&o, &h);
        if (st != CARC_OK)
            return st;
    }
    carci_text_str(&o, "entries ");
    carci_text_u64(&o, count);
    carci_text_str(&o, "\n");
    return carci_text_finish(&o, needed);
}

/* ---------------------------------------------------------------- reading */

typedef struct rec_load {
    carc_load_error *err;
    uint32_t line;
    const carc_game *game; /* the game being replayed, once created */
} rec_load;

/* Fill the caller's error struct (only the fields its struct_size covers). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 4, 5)))
#endif
static carc_status fail(rec_load *ld, uint32_t line, carc_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    carci_load_error_vset(ld->err, line, st, fmt, ap);
    va_end(ap);
    return st;
}



static bool parse_rotation(const char *s, uint32_t *out)
{
    uint64_t v;
    if (!carci_parse_u64(s, 270, &v) || v % 90u != 0)
        return false;
    *out = (uint32_t)(v / 90u);
    return true;
}


static bool same_move(const carc_move *a, const carc_move *b)
{
    return a->x == b->x && a->y == b->y && a->tile == b->tile && a->rotation == b->rotation &&
           a->figure == b->figure && a->segment == b->segment && a->kind == b->kind && a->quarter == b->quarter;
}

static carc_status history_at(carc_history_entry *h, const carc_game *g, uint32_t index)
{
    memset(h, 0, sizeof *h);
    h->struct_size = sizeof *h;
    return carc_game_history(h, g, index);
}

/* What the replay knows after each entry line. */
typedef struct rec_replay {
    carc_game *game;
    uint32_t matched; /* history entries of the game accounted for by the record so far */
    uint32_t entries; /* entry lines read */
} rec_replay;

static const char *tile_name_or(uint32_t kind)
{
    const char *n = carc_tile_name(kind);
    return n != NULL ? n : "?";
}

/* Map a failed carc_game_choose_tile to a record error. */
static carc_status choose_failed(rec_load *ld, carc_status st, const char *name)
{
    switch (st) {
    case CARC_ENOMEM:
        return fail(ld, ld->line, st, "out of memory");
    case CARC_ENOT_IN_BAG:
        return fail(ld, ld->line, CARC_ERECORD, "tile %s is not among the tiles left to draw", name);
    case CARC_EGAME_OVER:
        return fail(ld, ld->line, CARC_ERECORD, "the game is already over");
    case CARC_EILLEGAL: /* a draw rule (the River's order): the engine says which */
        return fail(ld, ld->line, CARC_ERECORD, "tile %s cannot be drawn now: %s", name,
                    carc_game_last_error(ld->game));
    default:
        return fail(ld, ld->line, CARC_ERECORD, "tile %s cannot be drawn: %s", name, carc_status_str(st));
    }
}

/*
 * An automatic discard is already in the game's history when it is not yet
 * matched by a record line; only a `discard` line of the same tile may match it.
 */
static carc_status check_pending(rec_load *ld, rec_replay *rp, const char *what)
{
    uint32_t count;
    carc_history_entry h;
    if (carc_game_history_count(&count, rp->game) != CARC_OK)
        return fail(ld, ld->line, CARC_ERECORD, "cannot read the game history");
    if (rp->matched < count) {
        if (history_at(&h, rp->game, rp->matched) != CARC_OK)
            return fail(ld, ld->line, CARC_ERECORD, "cannot read the game history");
        return fail(ld, ld->line, CARC_ERECORD, "expected 'discard %s' (the engine discarded it), found '%s'",
                    h.kind == CARC_HISTORY_DISCARD ? tile_name_or(h.move.tile) : "?", what);
    }
    return CARC_OK;
}

static carc_status replay_place(rec_load *ld, rec_replay *rp, char **tok, int ntok, const char *text)
{
    uint32_t kind, rotation, count;
    int32_t x, y;
    carc_move mv;
    carc_history_entry h;
    carc_status st;

    if (ntok != 5 && ntok != 6)
        return fail(ld, ld->line, CARC_EPARSE, "'place' takes a tile, x, y, rotation and a figure location");
    if (carc_tile_find(&kind, tok[1]) != CARC_OK)
        return fail(ld, ld->line, CARC_EPARSE, "unknown tile '%s'", tok[1]);
    if (!carci_parse_i32(tok[2], &x) || !carci_parse_i32(tok[3], &y))
        return fail(ld, ld->line, CARC_EPARSE, "bad coordinates '%s %s'", tok[2], tok[3]);
    if (!parse_rotation(tok[4], &rotation))
        return fail(ld, ld->line, CARC_EPARSE, "bad rotation '%s' (0, 90, 180 or 270)", tok[4]);
    char why[200];
    if (carc_move_parse_msg(&mv, text, why, sizeof why) != CARC_OK)
        return fail(ld, ld->line, CARC_EPARSE, "bad move '%s': %s", text, why);
    if (mv.tile != kind || mv.x != x || mv.y != y || mv.rotation != rotation)
        return fail(ld, ld->line, CARC_EPARSE, "bad move '%s'", text);

    st = check_pending(ld, rp, "place");
    if (st != CARC_OK)
        return st;
    /* Always draw the recorded tile: the draw is then the same whether the
     * player chose it or took it from the top of the pile. */
    st = carc_game_choose_tile(rp->game, kind);
    if (st != CARC_OK)
        return choose_failed(ld, st, tok[1]);
    if (carc_game_history_count(&count, rp->game) != CARC_OK || count != rp->matched)
        return fail(ld, ld->line, CARC_ERECORD, "tile %s has no legal placement", tok[1]);
    st = carc_game_play(rp->game, &mv);
    if (st == CARC_ENOMEM)
        return fail(ld, ld->line, st, "out of memory");
    if (st != CARC_OK)
        return fail(ld, ld->line, CARC_ERECORD, "illegal move '%s': %s", text,
                    carc_game_last_error(rp->game));
    if (history_at(&h, rp->game, rp->matched) != CARC_OK)
        return fail(ld, ld->line, CARC_ERECORD, "cannot read the game history");
    if (h.kind == CARC_HISTORY_DISCARD)
        return fail(ld, ld->line, CARC_ERECORD, "expected 'discard %s' before this move (the engine discarded it)",
                    tile_name_or(h.move.tile));
    if (h.kind != CARC_HISTORY_PLACE || !same_move(&h.move, &mv))
        return fail(ld, ld->line, CARC_ERECORD, "the engine recorded a different move for '%s'", text);
    rp->matched++;
    return CARC_OK;
}

/* A move that is not a place move: "pass", "exit ...", "quarter ...", "count ...".
 * It draws no tile; the whole line is the move notation. */
static carc_status replay_action(rec_load *ld, rec_replay *rp, char **tok, int ntok, const char *text)
{
    carc_move mv;
    carc_history_entry h;
    int32_t x, y;
    carc_status st;

    char why[200];
    if (carc_move_parse_msg(&mv, text, why, sizeof why) != CARC_OK)
        return fail(ld, ld->line, CARC_EPARSE, "bad move '%s': %s", text, why);
    if (mv.kind == CARC_MOVE_PLACE)
        return fail(ld, ld->line, CARC_EPARSE, "bad move '%s': a place move is written 'place TILE X Y ROTATION [WHERE]'", text);
    /* the record's numbers are canonical (the notation alone accepts "01") */
    if (mv.kind == CARC_MOVE_EXIT && ntok != 5)
        return fail(ld, ld->line, CARC_EPARSE, "bad move '%s'", text);
    if (mv.kind == CARC_MOVE_EXIT && (!carci_parse_i32(tok[2], &x) || !carci_parse_i32(tok[3], &y)))
        return fail(ld, ld->line, CARC_EPARSE, "bad coordinates '%s %s'", tok[2], tok[3]);
    st = check_pending(ld, rp, tok[0]);
    if (st != CARC_OK)
        return st;
    st = carc_game_play(rp->game, &mv);
    if (st == CARC_ENOMEM)
        return fail(ld, ld->line, st, "out of memory");
    if (st != CARC_OK)
        return fail(ld, ld->line, CARC_ERECORD, "illegal move '%s': %s", text, carc_game_last_error(rp->game));
    if (history_at(&h, rp->game, rp->matched) != CARC_OK)
        return fail(ld, ld->line, CARC_ERECORD, "cannot read the game history");
    if (h.kind != CARC_HISTORY_PLACE || !same_move(&h.move, &mv))
        return fail(ld, ld->line, CARC_ERECORD, "the engine recorded a different move for '%s'", text);
    rp->matched++;
    return CARC_OK;
}

static carc_status replay_discard(rec_load *ld, rec_replay *rp, char **tok, int ntok)
{
    uint32_t kind, count;
    carc_history_entry h;
    carc_status st;

    if (ntok != 2)
        return fail(ld, ld->line, CARC_EPARSE, "'discard' takes one tile name");
    if (carc_tile_find(&kind, tok[1]) != CARC_OK)
        return fail(ld, ld->line, CARC_EPARSE, "unknown tile '%s'", tok[1]);
    if (carc_game_history_count(&count, rp->game) != CARC_OK)
        return fail(ld, ld->line, CARC_ERECORD, "cannot read the game history");
    if (rp->matched == count) {
        /* Not discarded automatically: the player drew it, and it must be unplaceable. */
        st = carc_game_choose_tile(rp->game, kind);
        if (st != CARC_OK)
            return choose_failed(ld, st, tok[1]);
        if (carc_game_history_count(&count, rp->game) != CARC_OK || count == rp->matched)
            return fail(ld, ld->line, CARC_ERECORD, "tile %s could be placed; it cannot be discarded", tok[1]);
    }
    if (history_at(&h, rp->game, rp->matched) != CARC_OK || h.kind != CARC_HISTORY_DISCARD)
        return fail(ld, ld->line, CARC_ERECORD, "the engine did not discard tile %s here", tok[1]);
    if (h.move.tile != kind)
        return fail(ld, ld->line, CARC_ERECORD, "the engine discarded tile %s here, not %s",
                    tile_name_or(h.move.tile), tok[1]);
    rp->matched++;
    return CARC_OK;
}

static carc_status replay_end(rec_load *ld, rec_replay *rp, int ntok)
{
    uint32_t count;
    carc_history_entry h;
    carc_status st;

    if (ntok != 1)
        return fail(ld, ld->line, CARC_EPARSE, "'end' takes no arguments");
    st = check_pending(ld, rp, "end");
    if (st != CARC_OK)
        return st;
    st = carc_game_end(rp->game);
    if (st == CARC_ENOMEM)
        return fail(ld, ld->line, st, "out of memory");
    if (st != CARC_OK)
        return fail(ld, ld->line, CARC_ERECORD, "cannot end the game: %s", carc_game_last_error(rp->game));
    if (carc_game_history_count(&count, rp->game) != CARC_OK || count != rp->matched + 1 ||
        history_at(&h, rp->game, rp->matched) != CARC_OK || h.kind != CARC_HISTORY_END)
        return fail(ld, ld->line, CARC_ERECORD, "the game is already over");
    rp->matched++;
    return CARC_OK;
}

static carc_status replay_trailer(rec_load *ld, rec_replay *rp, char **tok, int ntok)
{
    uint64_t n;
    uint32_t count;
    carc_history_entry h;

    if (ntok != 2 || !carci_parse_u64(tok[1], UINT32_MAX, &n))
        return fail(ld, ld->line, CARC_EPARSE, "'entries' takes one number");
    if (n != rp->entries)
        return fail(ld, ld->line, CARC_EPARSE, "'entries %s' but the record has %lu entries", tok[1],
                    (unsigned long)rp->entries);
    if (carc_game_history_count(&count, rp->game) != CARC_OK)
        return fail(ld, ld->line, CARC_ERECORD, "cannot read the game history");
    if (count != rp->matched) {
        if (history_at(&h, rp->game, rp->matched) == CARC_OK && h.kind == CARC_HISTORY_DISCARD)
            return fail(ld, ld->line, CARC_ERECORD, "the record misses 'discard %s' (the engine discarded it)",
                        tile_name_or(h.move.tile));
        return fail(ld, ld->line, CARC_ERECORD, "the game history does not match the record");
    }
    return CARC_OK;
}

/* The header lines, in the order they must appear. */
enum { HDR_MAGIC, HDR_PLAYERS, HDR_SEED, HDR_MODULES, HDR_START, HDR_DONE };
static const char *const hdr_names[] = { REC_MAGIC, "players", "seed", "modules", "start" };

static carc_status parse_header(rec_load *ld, int which, char **tok, int ntok, carc_game_options *opts)
{
    uint64_t v;
    int i;

    if (strcmp(tok[0], hdr_names[which]) != 0) {
        if (which == HDR_MAGIC)
            return fail(ld, ld->line, CARC_EFORMAT, "not a carcassonne record");
        return fail(ld, ld->line, CARC_EPARSE, "expected '%s', found '%s'", hdr_names[which], tok[0]);
    }
    switch (which) {
    case HDR_MAGIC:
        if (ntok != 2 || !carci_parse_u64(tok[1], UINT32_MAX, &v))
            return fail(ld, ld->line, CARC_EFORMAT, "bad format version");
        if (v != CARC_RECORD_FORMAT)
            return fail(ld, ld->line, CARC_EFORMAT, "record format %s is not supported (this library reads 1)",
                        tok[1]);
        return CARC_OK;
    case HDR_PLAYERS:
        /* 6 only with Inns & Cathedrals: the options check after the header
         * (carc_game_options_check) says so */
        if (ntok != 2 || !carci_parse_u64(tok[1], 6, &v) || v < 2)
            return fail(ld, ld->line, CARC_EPARSE, "players must be a number from 2 to 6");
        opts->players = (uint32_t)v;
        return CARC_OK;
    case HDR_SEED:
        if (ntok != 2 || !carci_parse_u64(tok[1], UINT64_MAX, &v))
            return fail(ld, ld->line, CARC_EPARSE, "seed must be a number from 0 to 18446744073709551615");
        opts->seed = v;
        return CARC_OK;
    case HDR_MODULES:
        opts->modules = 0;
        if (ntok == 2 && strcmp(tok[1], "-") == 0)
            return CARC_OK;
        if (ntok < 2)
            return fail(ld, ld->line, CARC_EPARSE, "'modules' takes module names or '-'");
        for (i = 1; i < ntok; i++) {
            uint32_t flag;
            if (strcmp(tok[i], "all") == 0 || carc_module_find(&flag, tok[i]) != CARC_OK)
                return fail(ld, ld->line, CARC_EPARSE, "unknown module '%s'", tok[i]);
            /* a box and one of its elements say the same twice */
            if (carc_modules_elements(opts->modules) & carc_modules_elements(flag))
                return fail(ld, ld->line, CARC_EPARSE, "module '%s' given twice", tok[i]);
            opts->modules |= flag;
        }
        return CARC_OK;
    case HDR_START:
        if (ntok == 2 && strcmp(tok[1], "-") == 0)
            return CARC_OK; /* no start tile (the Count: the City of Carcassonne) */
        if (ntok != 5)
            return fail(ld, ld->line, CARC_EPARSE, "'start' takes a tile, x, y and rotation, or '-'");
        if (carc_tile_find(&opts->start_tile, tok[1]) != CARC_OK)
            return fail(ld, ld->line, CARC_EPARSE, "unknown tile '%s'", tok[1]);
        if (!carci_parse_i32(tok[2], &opts->start_x) || !carci_parse_i32(tok[3], &opts->start_y))
            return fail(ld, ld->line, CARC_EPARSE, "bad coordinates '%s %s'", tok[2], tok[3]);
        if (!parse_rotation(tok[4], &opts->start_rotation))
            return fail(ld, ld->line, CARC_EPARSE, "bad rotation '%s' (0, 90, 180 or 270)", tok[4]);
        return CARC_OK;
    default:
        return CARC_EINVAL;
    }
}

/* `option NAME VALUE`: a rule variant (carci_variant_table), each at most once. */
static carc_status parse_option(rec_load *ld, char **tok, int ntok, carc_game_options *opts)
{
    if (ntok != 3)
        return fail(ld, ld->line, CARC_EPARSE, "'option' takes a name and a value");
    for (size_t i = 0; i < REC_VARIANT_COUNT; i++) {
        const char *name = rec_variants[i].name, *value = rec_variants[i].value, *fallback = rec_variants[i].fallback;
        uint32_t flag = rec_variants[i].flag;
        if (strcmp(tok[1], name) != 0)
            continue;
        bool set = strcmp(tok[2], value) == 0;
        if (!set && strcmp(tok[2], fallback) != 0)
            return fail(ld, ld->line, CARC_EPARSE, "option %s takes %s or %s", name, fallback, value);
        if (opts->variants & flag)
            return fail(ld, ld->line, CARC_EPARSE, "option %s given twice", name);
        if (set)
            opts->variants |= flag;
        return CARC_OK;
    }
    return fail(ld, ld->line, CARC_EPARSE, "unknown option '%s'", tok[1]);
}

static carc_status read_line(rec_load *ld, const char *data, size_t len, size_t *pos, char *line)
{
    return carci_read_line(ld->err, ld->line, data, len, pos, line, REC_MAX_LINE, true);
}

static carc_status load_record(rec_load *ld, rec_replay *rp, const char *data, size_t len,
                               const carc_allocator *allocator)
{
    char line[REC_MAX_LINE + 1], text[REC_MAX_LINE + 1];
    char *tok[REC_MAX_TOKENS];
    carc_game_options opts;
    size_t pos = 0;
    int header = HDR_MAGIC, ntok;
    uint32_t modules_line = 0;
    bool done = false;
    carc_status st;

    st = carc_game_options_init(&opts, CARC_GAME_OPTIONS_VERSION);
    if (st != CARC_OK)
        return fail(ld, 0, st, "cannot initialise game options");
    opts.allocator = allocator;

    if (len < sizeof REC_MAGIC || memcmp(data, REC_MAGIC " ", sizeof REC_MAGIC) != 0)
        return fail(ld, 1, CARC_EFORMAT, "not a carcassonne record (it must begin with '" REC_MAGIC " ')");
    for (ld->line = 1; pos < len; ld->line++) {
        st = read_line(ld, data, len, &pos, line);
        if (st != CARC_OK)
            return st;
        if (done)
            return fail(ld, ld->line, CARC_EPARSE, "text after the 'entries' line");
        memcpy(text, line, sizeof line);
        ntok = carci_tokenize(line, tok, REC_MAX_TOKENS);
        if (ntok < 0)
            return fail(ld, ld->line, CARC_EPARSE, "empty line or extra space");
        if (ntok > REC_MAX_TOKENS)
            return fail(ld, ld->line, CARC_EPARSE, "too many words");

        if (header == HDR_START && strcmp(tok[0], "option") == 0) {
            st = parse_option(ld, tok, ntok, &opts); /* rule variants, between modules and start */
            if (st != CARC_OK)
                return st;
            continue;
        }
        if (header != HDR_DONE) {
            st = parse_header(ld, header, tok, ntok, &opts);
            if (st != CARC_OK)
                return st;
            if (header == HDR_MODULES)
                modules_line = ld->line;
            if (++header == HDR_DONE) {
                char why[128];
                /* what the engine says about the options, on the line at fault:
                 * a module this build lacks on the modules line, anything
                 * else (the River's start tile, a start out of range) on the
                 * start line */
                st = carc_game_options_check(&opts, why, sizeof why);
                if (st == CARC_EUNSUPPORTED)
                    return fail(ld, modules_line, st, "cannot create the game: %s", why);
                if (st != CARC_OK)
                    return fail(ld, ld->line, CARC_ERECORD, "cannot create the game: %s", why);
                st = carc_game_new(&rp->game, &opts);
                if (st == CARC_ENOMEM)
                    return fail(ld, ld->line, st, "out of memory");
                if (st != CARC_OK)
                    return fail(ld, st == CARC_EUNSUPPORTED ? modules_line : ld->line,
                                st == CARC_EUNSUPPORTED ? st : CARC_ERECORD, "cannot create the game: %s",
                                carc_status_str(st));
                ld->game = rp->game;
            }
            continue;
        }
        if (strcmp(tok[0], "place") == 0) {
            rp->entries++;
            st = replay_place(ld, rp, tok, ntok, text + strlen("place "));
        } else if (strcmp(tok[0], "discard") == 0) {
            rp->entries++;
            st = replay_discard(ld, rp, tok, ntok);
        } else if (strcmp(tok[0], "pass") == 0 || strcmp(tok[0], "exit") == 0 || strcmp(tok[0], "quarter") == 0 ||
                   strcmp(tok[0], "count") == 0) {
            rp->entries++;
            st = replay_action(ld, rp, tok, ntok, text);
        } else if (strcmp(tok[0], "end") == 0) {
            rp->entries++;
            st = replay_end(ld, rp, ntok);
        } else if (strcmp(tok[0], "entries") == 0) {
            st = replay_trailer(ld, rp, tok, ntok);
            done = true;
        } else {
            st = fail(ld, ld->line, CARC_EPARSE, "unknown keyword '%s'", tok[0]);
        }
        if (st != CARC_OK)
            return st;
    }
    if (header != HDR_DONE)
        return fail(ld, ld->line, CARC_EPARSE, "truncated record (expected '%s')", hdr_names[header]);
    if (!done)
        return fail(ld, ld->line, CARC_EPARSE, "truncated record (no 'entries' line)");
    return CARC_OK;
}

carc_status carc_game_load(carc_game **out, const char *data, size_t len, const carc_allocator *allocator,
                           carc_load_error *err)
{
    rec_load ld;
    rec_replay rp;
    carc_status st;

    if (out != NULL)
        *out = NULL;
    if (err != NULL && err->struct_size < offsetof(carc_load_error, line) + sizeof err->line)
        return CARC_EINVAL;
    ld.err = err;
    ld.line = 0;
    ld.game = NULL;
    if (err != NULL)
        fail(&ld, 0, CARC_OK, "%s", "");
    if (out == NULL || (data == NULL && len > 0))
        return fail(&ld, 0, CARC_EINVAL, "invalid argument");
    if (allocator != NULL && (allocator->alloc == NULL || allocator->realloc == NULL || allocator->free == NULL))
        return fail(&ld, 0, CARC_EINVAL, "incomplete allocator");

    rp.game = NULL;
    rp.matched = 0;
    rp.entries = 0;
    st = load_record(&ld, &rp, data, len, allocator);
    if (st != CARC_OK) {
        carc_game_free(rp.game);
        return st;
    }
    *out = rp.game;
    return CARC_OK;
}
