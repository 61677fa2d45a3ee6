/*
 * The move notation shared by scenarios, records and command lines:
 *   TILE X Y ROTATION [WHERE]      e.g. "D 1 0 90 road:E", "B 0 1 0 cloister"
 * WHERE is "-" (no figure), KIND:SIDE for roads and cities (N E S W), field:PORT
 * for fields (NNW NNE ENE ESE SSE SSW WSW WNW), "cloister"/"monastery",
 * "garden", optionally preceded by a figure name and a slash ("big/city:N").
 * Sides and ports are in board orientation (after rotation).
 */
#include "internal.h"
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>

static const char *const SIDES[4] = { "N", "E", "S", "W" };
static const char *const PORTS[8] = { "NNW", "NNE", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW" };
static const char *const FIGURES[6] = { "", "", "big", "abbot", "builder", "pig" };

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

carc_status carc_move_parse(carc_move *out, const char *text)
{
    if (!out || !text)
        return CARC_EINVAL;
    const char *tok[6];
    size_t len[6];
    int nt = 0;
    for (const char *p = text; *p;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            break;
        if (nt == 6)
            return CARC_EPARSE;
        tok[nt] = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
        len[nt] = (size_t)(p - tok[nt]);
        nt++;
    }
    if (nt < 4 || nt > 5)
        return CARC_EPARSE;
    char name[8];
    if (len[0] >= sizeof name)
        return CARC_EPARSE;
    memcpy(name, tok[0], len[0]);
    name[len[0]] = '\0';
    uint32_t kind;
    if (carc_tile_find(&kind, name) != CARC_OK)
        return CARC_EPARSE;
    long x, y, deg;
    if (!parse_int(tok[1], len[1], -1000000, 1000000, &x) || !parse_int(tok[2], len[2], -1000000, 1000000, &y) ||
        !parse_int(tok[3], len[3], 0, 270, &deg) || deg % 90)
        return CARC_EPARSE;
    carc_move m = { (int32_t)x, (int32_t)y, (uint16_t)kind, (uint8_t)(deg / 90), CARC_FIGURE_NONE,
                    CARC_NO_SEGMENT, 0, 0, 0 };
    if (nt == 5 && !token_is(tok[4], len[4], "-")) {
        const char *w = tok[4];
        size_t wn = len[4];
        m.figure = CARC_FIGURE_FOLLOWER;
        const char *slash = memchr(w, '/', wn);
        if (slash) {
            size_t fn = (size_t)(slash - w);
            unsigned f;
            for (f = CARC_FIGURE_BIG; f <= CARC_FIGURE_PIG; f++)
                if (token_is(w, fn, FIGURES[f]))
                    break;
            if (f > CARC_FIGURE_PIG)
                return CARC_EPARSE;
            m.figure = (uint8_t)f;
            wn -= fn + 1;
            w = slash + 1;
        }
        const carci_tiledef *t = &carci_tiles[kind];
        const char *colon = memchr(w, ':', wn);
        uint8_t want;
        unsigned seg = CARCI_NONE;
        if (!colon) {
            if (token_is(w, wn, "cloister") || token_is(w, wn, "monastery"))
                want = CARC_SEG_MONASTERY;
            else if (token_is(w, wn, "garden"))
                want = CARC_SEG_GARDEN;
            else
                return CARC_EPARSE;
            for (unsigned i = 0; i < t->nseg; i++)
                if (t->seg[i].kind == want)
                    seg = i;
        } else {
            size_t kn = (size_t)(colon - w), an = wn - kn - 1;
            const char *at = colon + 1;
            if (token_is(w, kn, "road") || token_is(w, kn, "city")) {
                want = token_is(w, kn, "road") ? CARC_SEG_ROAD : CARC_SEG_CITY;
                unsigned side;
                for (side = 0; side < 4; side++)
                    if (token_is(at, an, SIDES[side]))
                        break;
                if (side == 4)
                    return CARC_EPARSE;
                unsigned cs = (side - m.rotation) & 3; /* catalogue side */
                for (unsigned i = 0; i < t->nseg; i++)
                    if (t->seg[i].kind == want && (t->seg[i].edges & (1u << cs)))
                        seg = i;
            } else if (token_is(w, kn, "field")) {
                unsigned port;
                for (port = 0; port < 8; port++)
                    if (token_is(at, an, PORTS[port]))
                        break;
                if (port == 8)
                    return CARC_EPARSE;
                unsigned cp = (port - 2u * m.rotation) & 7;
                for (unsigned i = 0; i < t->nseg; i++)
                    if (t->seg[i].kind == CARC_SEG_FIELD && (t->seg[i].ports & (1u << cp)))
                        seg = i;
            } else {
                return CARC_EPARSE;
            }
        }
        if (seg == CARCI_NONE)
            return CARC_EPARSE; /* the location names no segment of that kind */
        m.segment = (uint8_t)seg;
    }
    *out = m;
    return CARC_OK;
}

carc_status carc_move_format(char *buf, size_t cap, size_t *needed, const carc_move *m)
{
    if (!m || (!buf && cap))
        return CARC_EINVAL;
    if (m->tile >= carci_tile_kinds || m->rotation > 3 || m->figure > CARC_FIGURE_PIG)
        return CARC_ERANGE;
    const carci_tiledef *t = &carci_tiles[m->tile];
    char where[32] = "-";
    if (m->figure != CARC_FIGURE_NONE) {
        if (m->segment >= t->nseg)
            return CARC_ERANGE;
        const carci_segdef *s = &t->seg[m->segment];
        const char *prefix = FIGURES[m->figure];
        const char *slash = *prefix ? "/" : "";
        switch (s->kind) {
        case CARC_SEG_ROAD:
        case CARC_SEG_CITY: {
            uint8_t sides = carci_rot_sides(s->edges, m->rotation);
            unsigned side = 0;
            while (!(sides & (1u << side)))
                side++;
            snprintf(where, sizeof where, "%s%s%s:%s", prefix, slash, s->kind == CARC_SEG_ROAD ? "road" : "city",
                     SIDES[side]);
            break;
        }
        case CARC_SEG_FIELD: {
            uint8_t ports = carci_rot_ports(s->ports, m->rotation);
            unsigned port = 0;
            while (!(ports & (1u << port)))
                port++;
            snprintf(where, sizeof where, "%s%sfield:%s", prefix, slash, PORTS[port]);
            break;
        }
        case CARC_SEG_MONASTERY:
            snprintf(where, sizeof where, "%s%scloister", prefix, slash);
            break;
        case CARC_SEG_GARDEN:
            snprintf(where, sizeof where, "%s%sgarden", prefix, slash);
            break;
        default:
            return CARC_ERANGE;
        }
    }
    char tmp[96];
    int n = snprintf(tmp, sizeof tmp, "%s %ld %ld %u %s", t->name, (long)m->x, (long)m->y, 90u * m->rotation,
                     where);
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
