/* SPDX-License-Identifier: MIT */
/*
 * What the text and the SVG picture share (render_internal.h): the flags and
 * options both read, a placed tile's segments, where the parts of a tile go
 * when the catalogue's segments alone do not say, what a player holds, and
 * what both pictures say about the City of Carcassonne (the Count).
 */
#include "render/render_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

carc_status carci_render_begin(carci_render *r, carci_text *o, char *buf, size_t cap, const carc_game *game,
                               uint32_t flags)
{
    carc_game_options opts;
    if (game == NULL || (buf == NULL && cap > 0) || (flags & ~(uint32_t)CARCI_RENDER_FLAGS))
        return CARC_EINVAL;
    memset(r, 0, sizeof *r);
    if (carc_game_players(&r->players, game) != CARC_OK)
        return CARC_EINVAL;
    memset(&opts, 0, sizeof opts);
    if (carc_game_options_get(&opts, game) != CARC_OK)
        opts.modules = 0;
    r->game = game;
    r->legend = !(flags & CARC_RENDER_NO_LEGEND);
    r->color = (flags & CARC_RENDER_COLOR) != 0;
    r->el = carc_modules_elements(opts.modules);
    r->river = (r->el & CARC_MODULE_RIVER) != 0;
    r->abbot = (r->el & (CARC_MODULE_ABBOT_FIGURE | CARC_MODULE_GARDENS)) != 0;
    r->inns = (r->el & (CARC_MODULE_INNS_TILES | CARC_MODULE_BIG_FOLLOWER | CARC_MODULE_INN |
                        CARC_MODULE_CATHEDRAL)) != 0;
    r->traders = (r->el & (CARC_MODULE_TRADERS_TILES | CARC_MODULE_GOODS | CARC_MODULE_BUILDER |
                           CARC_MODULE_PIG)) != 0;
    r->farmers = (r->el & CARC_MODULE_FARMERS) != 0;
    o->buf = buf;
    o->cap = cap;
    o->len = 0;
    return CARC_OK;
}

bool carci_tile_segments(carc_segment_info si[CARCI_MAX_SEG], uint32_t *nseg, const carc_move *t)
{
    uint32_t i;
    if (carc_tile_segment_count(nseg, t->tile) != CARC_OK)
        return false;
    if (*nseg > CARCI_MAX_SEG)
        *nseg = CARCI_MAX_SEG;
    for (i = 0; i < *nseg; i++) {
        memset(&si[i], 0, sizeof si[i]);
        si[i].struct_size = sizeof si[i];
        if (carc_tile_segment(&si[i], t->tile, t->rotation, i) != CARC_OK)
            si[i].kind = UINT32_MAX;
    }
    return true;
}

/*
 * The side a monastery moves to, or -1 for the middle: it stays in the middle
 * unless a river runs through the middle or ends there (RH, RL); then it goes
 * towards its own road, else away from the river, else to any side without a
 * road, a city or a river. `si` are the tile's segments in board orientation.
 */
int carci_monastery_side(const carc_segment_info *si, uint32_t nseg)
{
    static const int pref[4] = { CARC_S, CARC_E, CARC_N, CARC_W };
    uint32_t river = 0, used = 0, own = 0, i;
    int k;
    for (i = 0; i < nseg; i++) {
        if (si[i].kind == CARC_SEG_RIVER)
            river |= si[i].edges & 15u;
        else if (si[i].kind == CARC_SEG_ROAD && si[i].end == CARC_END_MONASTERY)
            own |= si[i].edges & 15u;
        else if (si[i].kind == CARC_SEG_ROAD || si[i].kind == CARC_SEG_CITY)
            used |= si[i].edges & 15u;
    }
    if (river == 0)
        return -1;
    for (k = 0; k < 4; k++)
        if (((own & ~river) >> pref[k]) & 1u)
            return pref[k];
    for (k = 0; k < 4; k++)
        if (!(((river | used) >> pref[k]) & 1u) && ((river >> ((pref[k] + 2) % 4)) & 1u))
            return pref[k];
    for (k = 0; k < 4; k++)
        if (!(((river | used) >> pref[k]) & 1u))
            return pref[k];
    return -1;
}

/*
 * Whether a monastery moved to the west or east side (beside a river that runs
 * north-south) stands north of its own road there rather than on it, so that
 * the road stays visible (RH turned a quarter).
 */
bool carci_monastery_above_road(const carc_segment_info *si, uint32_t nseg, int side)
{
    uint32_t i;
    if (side != CARC_W && side != CARC_E)
        return false;
    for (i = 0; i < nseg; i++)
        if (si[i].kind == CARC_SEG_ROAD && si[i].end == CARC_END_MONASTERY && ((si[i].edges >> side) & 1u))
            return true;
    return false;
}

void carci_holdings_load(carci_holdings *h, const carc_game *game, uint32_t player)
{
    uint32_t k;
    memset(h, 0, sizeof *h);
    (void)carc_game_figure_supply(&h->abbots, game, player, CARC_FIGURE_ABBOT);
    (void)carc_game_figure_supply(&h->bigs, game, player, CARC_FIGURE_BIG);
    (void)carc_game_figure_supply(&h->builders, game, player, CARC_FIGURE_BUILDER);
    (void)carc_game_figure_supply(&h->pigs, game, player, CARC_FIGURE_PIG);
    for (k = 0; k < CARC_GOOD_COUNT; k++)
        (void)carc_game_goods(&h->goods[k], game, player, k);
}

/* ---------------------------------------------------------------- the Count of Carcassonne */

/*
 * The quarters of a tile of the City of Carcassonne that are the walled city
 * itself: those whose two field halves have no segment (the side is neither
 * a city's nor a field's there: an inner side of the block that faces the
 * wall). A tile of the City is one with a CARC_SEGMENT_COC field or none at
 * all (CO/6, CO/7: all four); any other tile gives 0.
 */
uint32_t carci_coc_quadrants(const carc_segment_info *si, uint32_t nseg)
{
    uint32_t fields = 0, cities = 0, i, q, out = 0;
    bool coc = nseg == 0;
    for (i = 0; i < nseg; i++) {
        if (si[i].kind == CARC_SEG_FIELD) {
            fields |= si[i].ports;
            coc = coc || (si[i].special & CARC_SEGMENT_COC) != 0;
        } else if (si[i].kind == CARC_SEG_CITY) {
            cities |= si[i].edges & 15u;
        }
    }
    for (q = 0; q < 4 && coc; q++) {
        uint32_t a = (2 * q + 7) % 8, b = 2 * q; /* its two field halves: Wn Nw, Ne En, Es Se, Sw Ws */
        if (!((fields >> a) & 1u) && !((fields >> b) & 1u) && !((cities >> (a / 2)) & 1u) && !((cities >> (b / 2)) & 1u))
            out |= 1u << q;
    }
    return out;
}

/* The quarters of the City (carc_quarter) by name, and the side of the walled
 * city each is drawn on: the castle at the top, the market on the right, the
 * blacksmith at the bottom, the cathedral on the left (docs/rules.md 8.3). */
const char *carci_quarter_name(uint32_t q)
{
    static const char *const names[4] = { "castle", "market", "blacksmith", "cathedral" };
    return names[q & 3u];
}

int carci_quarter_side(uint32_t q)
{
    static const int sides[4] = { CARC_N, CARC_E, CARC_S, CARC_W };
    return sides[q & 3u];
}

void carci_city_load(carci_city *c, const carc_game *game)
{
    uint32_t q, p;
    memset(c, 0, sizeof *c);
    c->on = carc_game_count(&c->count, game) == CARC_OK;
    if (!c->on || carc_game_players(&c->players, game) != CARC_OK)
        c->players = 0;
    if (c->players > CARCI_CITY_PLAYERS)
        c->players = CARCI_CITY_PLAYERS;
    for (q = 0; q < 4; q++)
        for (p = 0; p < c->players; p++) {
            (void)carc_game_city(&c->followers[q][p], game, q, p, CARC_FIGURE_FOLLOWER);
            (void)carc_game_city(&c->big[q][p], game, q, p, CARC_FIGURE_BIG);
        }
}

/* Append to a NUL-terminated line of `cap` bytes (cut where it is full). */
#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
static void line_add(char *buf, size_t cap, const char *fmt, ...)
{
    size_t n = strlen(buf);
    va_list ap;
    if (n + 1 >= cap)
        return;
    va_start(ap, fmt);
    (void)vsnprintf(buf + n, cap - n, fmt, ap);
    va_end(ap);
}

/*
 * The City in one line of words, for both legends: "the city: castle: 2
 * followers of player 0, the big follower of player 1; market: none; ...;
 * the Count stands on the castle".
 */
void carci_city_line(char *buf, size_t cap, const carci_city *c)
{
    uint32_t q, p;
    buf[0] = '\0';
    line_add(buf, cap, "the city:");
    for (q = 0; q < 4; q++) {
        bool any = false;
        line_add(buf, cap, " %s:", carci_quarter_name(q));
        for (p = 0; p < c->players; p++) {
            uint32_t f = c->followers[q][p], big = c->big[q][p];
            if (f == 0 && big == 0)
                continue;
            line_add(buf, cap, "%s", any ? ", " : " ");
            if (f > 0)
                line_add(buf, cap, "%lu follower%s%s", (unsigned long)f, f > 1 ? "s" : "", big ? " and " : "");
            line_add(buf, cap, "%s of player %lu", big ? "the big follower" : "", (unsigned long)p);
            any = true;
        }
        line_add(buf, cap, "%s;", any ? "" : " none");
    }
    line_add(buf, cap, " the Count stands on the %s", carci_quarter_name(c->count));
}

/*
 * The Count's decision the game waits for, in words ("player 0 to decide:
 * exit - ..."), as the status lines show it.
 */
bool carci_count_decision(char *buf, size_t cap, const carc_game *game)
{
    carc_pending pd;
    const char *what;
    memset(&pd, 0, sizeof pd);
    pd.struct_size = sizeof pd;
    if (cap > 0)
        buf[0] = '\0';
    if (carc_game_pending(&pd, game) != CARC_OK)
        return false;
    switch (pd.decision) {
    case CARC_DECISION_EXIT:
        what = (pd.flags & CARC_PENDING_FINAL)
                   ? "exit - one follower out of the city onto an incomplete feature of his quarter's kind "
                     "(a pass: out for good)"
                   : "exit - followers out of the city onto a feature this tile completed, before it scores "
                     "(or pass)";
        break;
    case CARC_DECISION_QUARTER: what = "quarter - a follower from his supply into a quarter of the city (or pass)"; break;
    case CARC_DECISION_COUNT: what = "count - the Count to another quarter (or pass)"; break;
    default: return false;
    }
    snprintf(buf, cap, "%splayer %lu to decide: %s", (pd.flags & CARC_PENDING_FINAL) ? "final round: " : "",
             (unsigned long)pd.player, what);
    return true;
}

uint32_t carci_deciding_player(const carc_game *game)
{
    carc_pending pd;
    uint32_t p = 0;
    memset(&pd, 0, sizeof pd);
    pd.struct_size = sizeof pd;
    if (carc_game_pending(&pd, game) == CARC_OK && pd.decision != CARC_DECISION_NONE)
        return pd.player;
    (void)carc_game_current_player(&p, game);
    return p;
}
