/* SPDX-License-Identifier: MIT */
/*
 * The move notation shared by scenarios, records and command lines
 * (docs/record-format.md, "Move notation"):
 *
 *   TILE X Y ROTATION [WHERE]      a place move: "D 1 0 90 road:E", "B 0 1 0 cloister"
 *   pass                           decline an optional decision
 *   exit QUARTER X Y [FIG/]seg:N   the Count: a figure leaves the city for segment N
 *                                  of the tile at (X, Y)
 *   quarter [FIG/]QUARTER          the Count: a figure from supply into a quarter
 *   count QUARTER                  the Count moves to a quarter
 *
 * WHERE is "-" (no figure), KIND:SIDE for roads, cities and rivers (N E S W),
 * field:PORT for fields (NNW NNE ENE ESE SSE SSW WSW WNW; field:interior for
 * a field that touches no side), "cloister" (or
 * "monastery"), "garden", optionally preceded by a figure name and a slash
 * ("big/city:N", "abbot/garden"), or "abbot/recall" (take the abbot back).
 * Sides and ports are in board orientation (after rotation). QUARTER is
 * castle, market, blacksmith or cathedral. A figure without a prefix is the
 * follower.
 *
 * carc_move_format writes exactly one spelling for each well-formed move and
 * carc_move_parse reads it back to the same 16 bytes; a move with a field its
 * kind does not use set (or an impossible combination) does not format.
 *
 * carc_move_parse_msg says why a text is refused: every check that fails
 * writes (fail()) the word at fault, quoted and cut to 40 bytes, and what the
 * notation expects there; carc_move_parse is the same parser with no room
 * for the message. The list of tile names in the message (TILE_NAMES) is
 * written by hand; engine.messages checks that it names every family of the
 * catalogue.
 */
#include "tiles/catalogue.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>

static const char *const SIDES[4] = { "N", "E", "S", "W" };
static const char *const PORTS[8] = { "NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW" };
static const char *const FIGURES[6] = { "", "", "big", "abbot", "builder", "pig" };
static const char *const QUARTERS[4] = { "castle", "market", "blacksmith", "cathedral" };

/* The words of a move: at most 5 are read, a 6th is the first one too many. */
#define MAX_TOKENS 6

/* Where the reason of a failure goes (carc_move_parse_msg): `cap` bytes of
 * `msg`, nothing when cap is 0 (carc_move_parse). */
typedef struct why {
    char *msg;
    size_t cap;
} why;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static carc_status fail(why *y, const char *fmt, ...)
{
    if (y->cap) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(y->msg, y->cap, fmt, ap);
        va_end(ap);
    }
    return CARC_EPARSE;
}

/* A word in a message: "%.*s%s" with TOK(s, n), at most 40 bytes of it. */
#define TOKMAX 40
#define TOK(s, n) (int)((n) > TOKMAX ? TOKMAX : (n)), (s), ((n) > TOKMAX ? "..." : "")

/* The notation's shapes, for the messages. */
#define PLACE_FORM "TILE X Y ROTATION [WHERE]"
#define EXIT_FORM "exit QUARTER X Y [FIGURE/]seg:N"
#define QUARTER_FORM "quarter [FIGURE/]QUARTER"
#define COUNT_FORM "count QUARTER"
#define QUARTER_NAMES "castle, market, blacksmith or cathedral"
#define FIGURE_NAMES "big, abbot, builder or pig; a follower has no prefix"
#define ROTATIONS "0, 90, 180 or 270 (degrees clockwise)"
#define WHERE_FORMS "-, road:SIDE, city:SIDE, river:SIDE, field:PORT, field:interior, cloister or garden"
#define TILE_NAMES "A..X, RA..RL, E.g, H.g, I.g, M.g, N.g, R.g, U.g, V.g, IC/..., TB/..."

static bool parse_int(const char *s, size_t n, long lo, long hi, long *out)
{
    char buf[16];
    if (n == 0 || n >= sizeof buf)
        return false;
    memcpy(buf, s, n);
    buf[n] = '\0';
    char *end;
    errno = 0;
    long v = strtol(buf, &end, 10);
    if (errno || *end || v < lo || v > hi || buf[0] == '+' || buf[0] == ' ')
        return false;
    *out = v;
    return true;
}

static bool token_is(const char *s, size_t n, const char *word)
{
    return strlen(word) == n && memcmp(s, word, n) == 0;
}

/* The same word but for the case of its ASCII letters. */
static bool token_is_nocase(const char *s, size_t n, const char *word)
{
    if (strlen(word) != n)
        return false;
    for (size_t i = 0; i < n; i++) {
        char a = s[i], b = word[i];
        if (a >= 'a' && a <= 'z')
            a = (char)(a - 'a' + 'A');
        if (b >= 'a' && b <= 'z')
            b = (char)(b - 'a' + 'A');
        if (a != b)
            return false;
    }
    return true;
}

/* The tile kind named by a word, or CARCI_NONE; with `nocase`, the first kind
 * whose name differs only by case. */
static unsigned find_tile(const char *s, size_t n, bool nocase)
{
    for (unsigned k = 0; k < carci_tile_kinds; k++)
        if (nocase ? token_is_nocase(s, n, carci_tiles[k].name) : token_is(s, n, carci_tiles[k].name))
            return k;
    return CARCI_NONE;
}

static carc_status parse_coord(const char *s, size_t n, const char *what, int32_t *out, why *y)
{
    long v;
    if (!parse_int(s, n, -1000000, 1000000, &v))
        return fail(y, "bad %s \"%.*s%s\": expected a whole number from -1000000 to 1000000", what, TOK(s, n));
    *out = (int32_t)v;
    return CARC_OK;
}

static carc_status parse_coords(const char *xs, size_t xn, const char *ys, size_t yn, carc_move *m, why *y)
{
    carc_status st = parse_coord(xs, xn, "x", &m->x, y);
    return st != CARC_OK ? st : parse_coord(ys, yn, "y", &m->y, y);
}

/* An optional "FIGURE/" prefix of a location: the figure it names (the
 * follower when there is none), and the rest of the token after it. */
static carc_status parse_figure(const char **w, size_t *wn, uint8_t *figure, why *y)
{
    const char *slash = memchr(*w, '/', *wn);
    *figure = CARC_FIGURE_FOLLOWER;
    if (!slash)
        return CARC_OK;
    size_t fn = (size_t)(slash - *w);
    unsigned f;
    for (f = CARC_FIGURE_BIG; f <= CARC_FIGURE_PIG; f++)
        if (token_is(*w, fn, FIGURES[f]))
            break;
    if (f > CARC_FIGURE_PIG) {
        if (fn == 0)
            return fail(y, "\"%.*s%s\": no figure before the slash (" FIGURE_NAMES ")", TOK(*w, *wn));
        return fail(y, "\"%.*s%s\": %.*s%s is not a figure (" FIGURE_NAMES ")", TOK(*w, *wn), TOK(*w, fn));
    }
    *figure = (uint8_t)f;
    *wn -= fn + 1;
    *w = slash + 1;
    return CARC_OK;
}

static carc_status parse_quarter(const char *s, size_t n, uint8_t *out, why *y)
{
    for (unsigned q = 0; q < 4; q++)
        if (token_is(s, n, QUARTERS[q])) {
            *out = (uint8_t)q;
            return CARC_OK;
        }
    if (n == 0)
        return fail(y, "no quarter: expected " QUARTER_NAMES);
    return fail(y, "\"%.*s%s\" is not a quarter: expected " QUARTER_NAMES, TOK(s, n));
}

/* The segment of `kind` turned `rot` that WHERE (without its figure prefix
 * `w`; `where` the whole word, for the messages) names. */
static carc_status parse_location(const char *where, size_t wheren, const char *w, size_t wn, uint32_t kind,
                                  unsigned rot, uint8_t *out, why *y)
{
    const carci_tiledef *t = &carci_tiles[kind];
    const char *colon = memchr(w, ':', wn);
    unsigned seg = CARCI_NONE;
    uint8_t want;
    if (!colon) {
        if (token_is(w, wn, "cloister") || token_is(w, wn, "monastery"))
            want = CARC_SEG_MONASTERY;
        else if (token_is(w, wn, "garden"))
            want = CARC_SEG_GARDEN;
        else if (token_is(w, wn, "road") || token_is(w, wn, "city") || token_is(w, wn, "river") ||
                 token_is(w, wn, "field"))
            return fail(y, "\"%.*s%s\": which %.*s? expected %.*s:SIDE (N, E, S, W)%s", TOK(where, wheren), (int)wn,
                        w, (int)wn, w, token_is(w, wn, "field") ? " or field:PORT (NNW, NNE, ..., WNW)" : "");
        else
            return fail(y, "\"%.*s%s\": expected where the figure goes: " WHERE_FORMS, TOK(where, wheren));
        for (unsigned i = 0; i < t->nseg; i++)
            if (t->seg[i].kind == want)
                seg = i;
        if (seg == CARCI_NONE)
            return fail(y, "\"%.*s%s\": tile %s has no %s", TOK(where, wheren), t->name,
                        want == CARC_SEG_MONASTERY ? "monastery" : "garden");
    } else {
        size_t kn = (size_t)(colon - w), an = wn - kn - 1;
        const char *at = colon + 1;
        if (token_is(w, kn, "road") || token_is(w, kn, "city") || token_is(w, kn, "river")) {
            want = token_is(w, kn, "road") ? CARC_SEG_ROAD : token_is(w, kn, "city") ? CARC_SEG_CITY : CARC_SEG_RIVER;
            unsigned side;
            for (side = 0; side < 4; side++)
                if (token_is(at, an, SIDES[side]))
                    break;
            if (side == 4) {
                if (an == 0)
                    return fail(y, "\"%.*s%s\": no side after the colon: expected N, E, S or W", TOK(where, wheren));
                return fail(y, "\"%.*s%s\": %.*s%s is not a side (N, E, S, W)", TOK(where, wheren), TOK(at, an));
            }
            unsigned cs = (side - rot) & 3; /* catalogue side */
            for (unsigned i = 0; i < t->nseg; i++)
                if (t->seg[i].kind == want && (t->seg[i].edges & (1u << cs)))
                    seg = i;
            if (seg == CARCI_NONE)
                return fail(y, "\"%.*s%s\": tile %s turned %u has no %.*s on side %s", TOK(where, wheren), t->name,
                            90u * rot, (int)kn, w, SIDES[side]);
        } else if (token_is(w, kn, "field") && token_is(at, an, "interior")) {
            for (unsigned i = 0; i < t->nseg; i++)
                if (t->seg[i].kind == CARC_SEG_FIELD && t->seg[i].ports == 0)
                    seg = i;
            if (seg == CARCI_NONE)
                return fail(y, "\"%.*s%s\": tile %s has no field that touches no side", TOK(where, wheren), t->name);
        } else if (token_is(w, kn, "field")) {
            unsigned port;
            for (port = 0; port < 8; port++)
                if (token_is(at, an, PORTS[port]))
                    break;
            if (port == 8) {
                if (an == 0)
                    return fail(y, "\"%.*s%s\": no port after the colon: expected NNW, NNE, ENE, ESE, SSE, SSW, WSW, "
                                   "WNW or interior", TOK(where, wheren));
                return fail(y, "\"%.*s%s\": %.*s%s is not a field port (NNW, NNE, ENE, ESE, SSE, SSW, WSW, WNW, "
                               "interior)", TOK(where, wheren), TOK(at, an));
            }
            unsigned cp = (port - 2u * rot) & 7;
            for (unsigned i = 0; i < t->nseg; i++)
                if (t->seg[i].kind == CARC_SEG_FIELD && (t->seg[i].ports & (1u << cp)))
                    seg = i;
            if (seg == CARCI_NONE)
                return fail(y, "\"%.*s%s\": tile %s turned %u has no field at %s", TOK(where, wheren), t->name,
                            90u * rot, PORTS[port]);
        } else if (kn == 0) {
            return fail(y, "\"%.*s%s\": no feature before the colon: expected road, city, river or field",
                        TOK(where, wheren));
        } else {
            return fail(y, "\"%.*s%s\": %.*s%s is not a feature (road, city, river or field before a colon)",
                        TOK(where, wheren), TOK(w, kn));
        }
    }
    *out = (uint8_t)seg;
    return CARC_OK;
}

static carc_status parse_place(carc_move *m, uint32_t kind, const char *const *tok, const size_t *len, int nt, why *y)
{
    static const char *const MISSING[4] = { "", "X, Y and ROTATION are", "Y and ROTATION are", "ROTATION is" };
    if (nt < 4) {
        size_t n = (size_t)(tok[nt - 1] + len[nt - 1] - tok[0]);
        return fail(y, "\"%.*s%s\": a place move is " PLACE_FORM ": %s missing", TOK(tok[0], n), MISSING[nt]);
    }
    if (nt > 5)
        return fail(y, "unexpected \"%.*s%s\" after WHERE: a place move is " PLACE_FORM, TOK(tok[5], len[5]));
    carc_status st = parse_coords(tok[1], len[1], tok[2], len[2], m, y);
    if (st != CARC_OK)
        return st;
    long deg;
    if (!parse_int(tok[3], len[3], 0, 270, &deg) || deg % 90) {
        if (parse_int(tok[3], len[3], -999999999, 999999999, &deg))
            return fail(y, "rotation %ld: expected " ROTATIONS, deg);
        return fail(y, "bad rotation \"%.*s%s\": expected " ROTATIONS, TOK(tok[3], len[3]));
    }
    m->tile = (uint16_t)kind;
    m->rotation = (uint8_t)(deg / 90);
    if (nt == 5 && !token_is(tok[4], len[4], "-")) {
        const char *w = tok[4];
        size_t wn = len[4];
        if ((st = parse_figure(&w, &wn, &m->figure, y)) != CARC_OK)
            return st;
        if (token_is(w, wn, "recall")) {
            if (m->figure != CARC_FIGURE_ABBOT || w == tok[4]) /* only "abbot/recall" */
                return fail(y, "\"%.*s%s\": only the abbot is recalled: abbot/recall", TOK(tok[4], len[4]));
            m->segment = CARC_SEGMENT_RECALL;
        } else if ((st = parse_location(tok[4], len[4], w, wn, kind, m->rotation, &m->segment, y)) != CARC_OK) {
            return st;
        }
    }
    return CARC_OK;
}

/* A first word that is neither a keyword nor a tile: say which tile or
 * keyword it may have meant. */
static carc_status unknown_word(const char *const *tok, const size_t *len, int nt, why *y)
{
    static const char *const KEYWORDS[4] = { "pass", "exit", "quarter", "count" };
    long v;
    unsigned k = find_tile(tok[0], len[0], true);
    for (unsigned i = 0; i < 4 && k == CARCI_NONE; i++)
        if (token_is_nocase(tok[0], len[0], KEYWORDS[i]))
            return fail(y, "\"%.*s%s\": did you mean %s? (the notation is case-sensitive)", TOK(tok[0], len[0]),
                        KEYWORDS[i]);
    if (k != CARCI_NONE)
        return fail(y, "unknown tile \"%.*s%s\": did you mean %s? (tile names are case-sensitive)",
                    TOK(tok[0], len[0]), carci_tiles[k].name);
    /* the shape of a place move: an unknown tile name */
    if (nt >= 4 || (nt >= 2 && parse_int(tok[1], len[1], -999999999, 999999999, &v)))
        return fail(y, "unknown tile \"%.*s%s\" (tiles: " TILE_NAMES ", CO/1..CO/12)", TOK(tok[0], len[0]));
    return fail(y, "\"%.*s%s\": expected a move: " PLACE_FORM " (e.g. \"D 1 0 90 road:E\"), pass, or the "
                   "Count's " EXIT_FORM ", " QUARTER_FORM ", " COUNT_FORM,
                TOK(tok[0], len[0]));
}

static carc_status parse_move(carc_move *out, const char *text, why *y)
{
    const char *tok[MAX_TOKENS];
    size_t len[MAX_TOKENS];
    int nt = 0;
    for (const char *p = text; *p;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            break;
        const char *s = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
        if (nt < MAX_TOKENS) { /* the words past the 6th are not looked at */
            tok[nt] = s;
            len[nt] = (size_t)(p - s);
        }
        if (nt <= MAX_TOKENS)
            nt++;
    }
    if (nt == 0)
        return fail(y, "empty move: expected " PLACE_FORM " (e.g. \"D 1 0 90 road:E\") or pass");
    if (nt > MAX_TOKENS)
        nt = MAX_TOKENS; /* too many words either way: the 6th is the one reported */
    carc_move m = { 0, 0, 0, 0, CARC_FIGURE_NONE, CARC_NO_SEGMENT, CARC_MOVE_PLACE, 0, 0 };
    carc_status st;
    if (token_is(tok[0], len[0], "pass")) {
        if (nt != 1)
            return fail(y, "unexpected \"%.*s%s\" after pass: a pass is the one word", TOK(tok[1], len[1]));
        m.kind = CARC_MOVE_PASS;
    } else if (token_is(tok[0], len[0], "count")) {
        if (nt != 2)
            return nt < 2 ? fail(y, "count needs a quarter: " COUNT_FORM " (QUARTER: " QUARTER_NAMES ")")
                          : fail(y, "unexpected \"%.*s%s\" after the quarter: " COUNT_FORM, TOK(tok[2], len[2]));
        if ((st = parse_quarter(tok[1], len[1], &m.quarter, y)) != CARC_OK)
            return st;
        m.kind = CARC_MOVE_COUNT;
    } else if (token_is(tok[0], len[0], "quarter")) {
        if (nt != 2)
            return nt < 2 ? fail(y, "quarter needs a quarter: " QUARTER_FORM " (QUARTER: " QUARTER_NAMES ")")
                          : fail(y, "unexpected \"%.*s%s\" after the quarter: " QUARTER_FORM, TOK(tok[2], len[2]));
        const char *w = tok[1];
        size_t wn = len[1];
        if ((st = parse_figure(&w, &wn, &m.figure, y)) != CARC_OK || (st = parse_quarter(w, wn, &m.quarter, y)) != CARC_OK)
            return st;
        m.kind = CARC_MOVE_QUARTER;
    } else if (token_is(tok[0], len[0], "exit")) {
        /* exit QUARTER X Y [FIG/]seg:N: the move names no tile, so the
         * segment is its catalogue index (carc_tile_segment) */
        long seg;
        if (nt != 5)
            return nt < 5 ? fail(y, "an exit is " EXIT_FORM " (e.g. \"exit castle 2 1 seg:0\"): %s missing",
                                 nt == 1 ? "QUARTER, X, Y and the segment are" : nt == 2 ? "X, Y and the segment are"
                                           : nt == 3 ? "Y and the segment are" : "the segment is")
                          : fail(y, "unexpected \"%.*s%s\" after the segment: an exit is " EXIT_FORM,
                                 TOK(tok[5], len[5]));
        if ((st = parse_quarter(tok[1], len[1], &m.quarter, y)) != CARC_OK ||
            (st = parse_coords(tok[2], len[2], tok[3], len[3], &m, y)) != CARC_OK)
            return st;
        const char *w = tok[4];
        size_t wn = len[4];
        if ((st = parse_figure(&w, &wn, &m.figure, y)) != CARC_OK)
            return st;
        if (wn < 4 || memcmp(w, "seg:", 4) != 0)
            return fail(y, "\"%.*s%s\": an exit names the segment by its number: seg:N (N: its number on the tile "
                           "at X Y, as the legal moves write it)", TOK(tok[4], len[4]));
        if (wn < 5 || w[4] == '-' || (w[4] == '0' && wn > 5) || !parse_int(w + 4, wn - 4, 0, CARCI_MAX_SEG - 1, &seg))
            return fail(y, "\"%.*s%s\": expected seg:N with N a segment number from 0 to %u", TOK(tok[4], len[4]),
                        (unsigned)CARCI_MAX_SEG - 1);
        m.segment = (uint8_t)seg;
        m.kind = CARC_MOVE_EXIT;
    } else {
        char name[24]; /* the longest tile name is 10 characters ("IC/CcRr+.i") */
        uint32_t kind = CARCI_NONE;
        if (len[0] < sizeof name) {
            memcpy(name, tok[0], len[0]);
            name[len[0]] = '\0';
            if (carc_tile_find(&kind, name) != CARC_OK)
                kind = CARCI_NONE;
        }
        if (kind == CARCI_NONE)
            return unknown_word(tok, len, nt, y);
        if ((st = parse_place(&m, kind, tok, len, nt, y)) != CARC_OK)
            return st;
    }
    *out = m;
    return CARC_OK;
}

carc_status carc_move_parse(carc_move *out, const char *text)
{
    why y = { NULL, 0 };
    if (!out || !text)
        return CARC_EINVAL;
    return parse_move(out, text, &y);
}

carc_status carc_move_parse_msg(carc_move *out, const char *text, char *msg, size_t cap)
{
    why y = { msg, cap };
    if (!msg && cap)
        return CARC_EINVAL;
    if (cap)
        msg[0] = '\0';
    if (!out || !text) {
        fail(&y, "%s", !out ? "NULL out" : "NULL text");
        return CARC_EINVAL;
    }
    carc_status st = parse_move(out, text, &y);
    if (st == CARC_OK && cap)
        msg[0] = '\0';
    return st;
}

/* WHERE of a place move ("-", "road:E", "abbot/garden", "abbot/recall"). */
static carc_status format_where(char *where, size_t cap, const carc_move *m)
{
    const carci_tiledef *t = &carci_tiles[m->tile];
    if (m->figure == CARC_FIGURE_NONE) {
        if (m->segment != CARC_NO_SEGMENT)
            return CARC_ERANGE;
        snprintf(where, cap, "-");
        return CARC_OK;
    }
    const char *prefix = FIGURES[m->figure];
    const char *slash = *prefix ? "/" : "";
    if (m->segment == CARC_SEGMENT_RECALL) {
        if (m->figure != CARC_FIGURE_ABBOT)
            return CARC_ERANGE;
        snprintf(where, cap, "abbot/recall");
        return CARC_OK;
    }
    if (m->segment >= t->nseg)
        return CARC_ERANGE;
    const carci_segdef *s = &t->seg[m->segment];
    switch (s->kind) {
    case CARC_SEG_ROAD:
    case CARC_SEG_CITY:
    case CARC_SEG_RIVER: {
        uint8_t sides = carci_rot_sides(s->edges, m->rotation);
        unsigned side = 0;
        if (!sides)
            return CARC_ERANGE;
        while (!(sides & (1u << side)))
            side++;
        snprintf(where, cap, "%s%s%s:%s", prefix, slash,
                 s->kind == CARC_SEG_ROAD ? "road" : s->kind == CARC_SEG_CITY ? "city" : "river", SIDES[side]);
        return CARC_OK;
    }
    case CARC_SEG_FIELD: {
        uint8_t ports = carci_rot_ports(s->ports, m->rotation);
        unsigned port = 0;
        if (!ports) { /* a field that touches no side (IC/CCCC) */
            snprintf(where, cap, "%s%sfield:interior", prefix, slash);
            return CARC_OK;
        }
        while (!(ports & (1u << port)))
            port++;
        snprintf(where, cap, "%s%sfield:%s", prefix, slash, PORTS[port]);
        return CARC_OK;
    }
    case CARC_SEG_MONASTERY:
        snprintf(where, cap, "%s%scloister", prefix, slash);
        return CARC_OK;
    case CARC_SEG_GARDEN:
        snprintf(where, cap, "%s%sgarden", prefix, slash);
        return CARC_OK;
    default:
        return CARC_ERANGE;
    }
}

carc_status carc_move_format(char *buf, size_t cap, size_t *needed, const carc_move *m)
{
    if (!m || (!buf && cap))
        return CARC_EINVAL;
    if (m->kind > CARC_MOVE_COUNT || m->figure > CARC_FIGURE_PIG || m->reserved)
        return CARC_ERANGE;
    char tmp[96];
    int n;
    switch (m->kind) {
    case CARC_MOVE_PLACE: {
        char where[32];
        if (m->tile >= carci_tile_kinds || m->rotation > 3 || m->quarter)
            return CARC_ERANGE;
        carc_status st = format_where(where, sizeof where, m);
        if (st != CARC_OK)
            return st;
        n = snprintf(tmp, sizeof tmp, "%s %ld %ld %u %s", carci_tiles[m->tile].name, (long)m->x, (long)m->y,
                     90u * m->rotation, where);
        break;
    }
    case CARC_MOVE_PASS:
        if (m->x || m->y || m->tile || m->rotation || m->figure || m->segment != CARC_NO_SEGMENT || m->quarter)
            return CARC_ERANGE;
        n = snprintf(tmp, sizeof tmp, "pass");
        break;
    case CARC_MOVE_COUNT:
        if (m->x || m->y || m->tile || m->rotation || m->figure || m->segment != CARC_NO_SEGMENT || m->quarter > 3)
            return CARC_ERANGE;
        n = snprintf(tmp, sizeof tmp, "count %s", QUARTERS[m->quarter]);
        break;
    case CARC_MOVE_QUARTER:
        if (m->x || m->y || m->tile || m->rotation || m->figure == CARC_FIGURE_NONE ||
            m->segment != CARC_NO_SEGMENT || m->quarter > 3)
            return CARC_ERANGE;
        n = snprintf(tmp, sizeof tmp, "quarter %s%s%s", FIGURES[m->figure], *FIGURES[m->figure] ? "/" : "",
                     QUARTERS[m->quarter]);
        break;
    default: /* CARC_MOVE_EXIT */
        if (m->tile || m->rotation || m->figure == CARC_FIGURE_NONE || m->segment >= CARCI_MAX_SEG ||
            m->quarter > 3)
            return CARC_ERANGE;
        n = snprintf(tmp, sizeof tmp, "exit %s %ld %ld %s%sseg:%u", QUARTERS[m->quarter], (long)m->x, (long)m->y,
                     FIGURES[m->figure], *FIGURES[m->figure] ? "/" : "", (unsigned)m->segment);
        break;
    }
    if (needed)
        *needed = (size_t)n;
    if ((size_t)n >= cap) {
        if (cap)
            buf[0] = '\0';
        return CARC_EBUFFER;
    }
    memcpy(buf, tmp, (size_t)n + 1);
    return CARC_OK;
}
