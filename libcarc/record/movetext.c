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
 */
#include "internal.h"
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>

static const char *const SIDES[4] = { "N", "E", "S", "W" };
static const char *const PORTS[8] = { "NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW" };
static const char *const FIGURES[6] = { "", "", "big", "abbot", "builder", "pig" };
static const char *const QUARTERS[4] = { "castle", "market", "blacksmith", "cathedral" };

#define MAX_TOKENS 6

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

static bool parse_coords(const char *xs, size_t xn, const char *ys, size_t yn, carc_move *m)
{
    long x, y;
    if (!parse_int(xs, xn, -1000000, 1000000, &x) || !parse_int(ys, yn, -1000000, 1000000, &y))
        return false;
    m->x = (int32_t)x;
    m->y = (int32_t)y;
    return true;
}

/* An optional "FIGURE/" prefix of a location: the figure it names (the
 * follower when there is none), and the rest of the token after it. */
static bool parse_figure(const char **w, size_t *wn, uint8_t *figure)
{
    const char *slash = memchr(*w, '/', *wn);
    *figure = CARC_FIGURE_FOLLOWER;
    if (!slash)
        return true;
    size_t fn = (size_t)(slash - *w);
    unsigned f;
    for (f = CARC_FIGURE_BIG; f <= CARC_FIGURE_PIG; f++)
        if (token_is(*w, fn, FIGURES[f]))
            break;
    if (f > CARC_FIGURE_PIG)
        return false;
    *figure = (uint8_t)f;
    *wn -= fn + 1;
    *w = slash + 1;
    return true;
}

static bool parse_quarter(const char *s, size_t n, uint8_t *out)
{
    for (unsigned q = 0; q < 4; q++)
        if (token_is(s, n, QUARTERS[q])) {
            *out = (uint8_t)q;
            return true;
        }
    return false;
}

/* The segment of `kind` turned `rot` that WHERE (without its figure prefix) names. */
static bool parse_location(const char *w, size_t wn, uint32_t kind, unsigned rot, uint8_t *out)
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
        else
            return false;
        for (unsigned i = 0; i < t->nseg; i++)
            if (t->seg[i].kind == want)
                seg = i;
    } else {
        size_t kn = (size_t)(colon - w), an = wn - kn - 1;
        const char *at = colon + 1;
        if (token_is(w, kn, "road") || token_is(w, kn, "city") || token_is(w, kn, "river")) {
            want = token_is(w, kn, "road") ? CARC_SEG_ROAD : token_is(w, kn, "city") ? CARC_SEG_CITY : CARC_SEG_RIVER;
            unsigned side;
            for (side = 0; side < 4; side++)
                if (token_is(at, an, SIDES[side]))
                    break;
            if (side == 4)
                return false;
            unsigned cs = (side - rot) & 3; /* catalogue side */
            for (unsigned i = 0; i < t->nseg; i++)
                if (t->seg[i].kind == want && (t->seg[i].edges & (1u << cs)))
                    seg = i;
        } else if (token_is(w, kn, "field") && token_is(at, an, "interior")) {
            for (unsigned i = 0; i < t->nseg; i++)
                if (t->seg[i].kind == CARC_SEG_FIELD && t->seg[i].ports == 0)
                    seg = i;
        } else if (token_is(w, kn, "field")) {
            unsigned port;
            for (port = 0; port < 8; port++)
                if (token_is(at, an, PORTS[port]))
                    break;
            if (port == 8)
                return false;
            unsigned cp = (port - 2u * rot) & 7;
            for (unsigned i = 0; i < t->nseg; i++)
                if (t->seg[i].kind == CARC_SEG_FIELD && (t->seg[i].ports & (1u << cp)))
                    seg = i;
        } else {
            return false;
        }
    }
    if (seg == CARCI_NONE)
        return false; /* the location names no segment of that kind */
    *out = (uint8_t)seg;
    return true;
}

static carc_status parse_place(carc_move *m, const char *const *tok, const size_t *len, int nt)
{
    if (nt < 4 || nt > 5)
        return CARC_EPARSE;
    char name[24]; /* the longest tile name is 10 characters ("IC/CcRr+.i") */
    if (len[0] >= sizeof name)
        return CARC_EPARSE;
    memcpy(name, tok[0], len[0]);
    name[len[0]] = '\0';
    uint32_t kind;
    if (carc_tile_find(&kind, name) != CARC_OK)
        return CARC_EPARSE;
    long deg;
    if (!parse_coords(tok[1], len[1], tok[2], len[2], m) || !parse_int(tok[3], len[3], 0, 270, &deg) || deg % 90)
        return CARC_EPARSE;
    m->tile = (uint16_t)kind;
    m->rotation = (uint8_t)(deg / 90);
    if (nt == 5 && !token_is(tok[4], len[4], "-")) {
        const char *w = tok[4];
        size_t wn = len[4];
        if (!parse_figure(&w, &wn, &m->figure))
            return CARC_EPARSE;
        if (token_is(w, wn, "recall")) {
            if (m->figure != CARC_FIGURE_ABBOT || w == tok[4])
                return CARC_EPARSE; /* only "abbot/recall" */
            m->segment = CARC_SEGMENT_RECALL;
        } else if (!parse_location(w, wn, kind, m->rotation, &m->segment)) {
            return CARC_EPARSE;
        }
    }
    return CARC_OK;
}

carc_status carc_move_parse(carc_move *out, const char *text)
{
    if (!out || !text)
        return CARC_EINVAL;
    const char *tok[MAX_TOKENS];
    size_t len[MAX_TOKENS];
    int nt = 0;
    for (const char *p = text; *p;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            break;
        if (nt == MAX_TOKENS)
            return CARC_EPARSE;
        tok[nt] = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
        len[nt] = (size_t)(p - tok[nt]);
        nt++;
    }
    if (nt == 0)
        return CARC_EPARSE;
    carc_move m = { 0, 0, 0, 0, CARC_FIGURE_NONE, CARC_NO_SEGMENT, CARC_MOVE_PLACE, 0, 0 };
    if (token_is(tok[0], len[0], "pass")) {
        if (nt != 1)
            return CARC_EPARSE;
        m.kind = CARC_MOVE_PASS;
    } else if (token_is(tok[0], len[0], "count")) {
        if (nt != 2 || !parse_quarter(tok[1], len[1], &m.quarter))
            return CARC_EPARSE;
        m.kind = CARC_MOVE_COUNT;
    } else if (token_is(tok[0], len[0], "quarter")) {
        const char *w = nt == 2 ? tok[1] : NULL;
        size_t wn = nt == 2 ? len[1] : 0;
        if (nt != 2 || !parse_figure(&w, &wn, &m.figure) || !parse_quarter(w, wn, &m.quarter))
            return CARC_EPARSE;
        m.kind = CARC_MOVE_QUARTER;
    } else if (token_is(tok[0], len[0], "exit")) {
        /* exit QUARTER X Y [FIG/]seg:N: the move names no tile, so the
         * segment is its catalogue index (carc_tile_segment) */
        long seg;
        if (nt != 5 || !parse_quarter(tok[1], len[1], &m.quarter) || !parse_coords(tok[2], len[2], tok[3], len[3], &m))
            return CARC_EPARSE;
        const char *w = tok[4];
        size_t wn = len[4];
        if (!parse_figure(&w, &wn, &m.figure) || wn < 5 || memcmp(w, "seg:", 4) != 0 || w[4] == '-' ||
            (w[4] == '0' && wn > 5) || !parse_int(w + 4, wn - 4, 0, CARCI_MAX_SEG - 1, &seg))
            return CARC_EPARSE;
        m.segment = (uint8_t)seg;
        m.kind = CARC_MOVE_EXIT;
    } else {
        carc_status st = parse_place(&m, tok, len, nt);
        if (st != CARC_OK)
            return st;
    }
    *out = m;
    return CARC_OK;
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
