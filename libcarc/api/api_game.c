/* SPDX-License-Identifier: MIT */
/*
 * Public functions over the game handle: queries, tile choice, early end,
 * undo, history, events. Each checks its arguments; mutating calls set the
 * last-error text on failure and leave the game unchanged.
 */
#include "core/board.h"
#include "core/features.h"
#include "core/game.h"
#include "core/journal.h"
#include "core/last_error.h"
#include "core/play.h"
#include "core/ruleset.h"
#include "core/score.h"
#include "core/state.h"
#include "rules/state.h"
#include "tiles/catalogue.h"
#include "util/abi.h"
#include <stdio.h>

const char *carc_game_last_error(const carc_game *game)
{
    return game ? game->err : "invalid argument: NULL game";
}

carc_status carc_game_options_get(carc_game_options *out, const carc_game *g)
{
    CARCI_CHECK(out && g);
    carc_game_options o = CARC_GAME_OPTIONS_INIT;
    o.players = g->rs->players;
    o.seed = g->seed;
    o.modules = carci_modules_boxed(g->rs->modules); /* a whole box by its flag, as given */
    o.start_tile = g->rs->start_kind;
    /* the Count alone: the City of Carcassonne starts, no start tile is laid */
    if ((g->rs->modules & CARC_MODULE_COUNT) && !(g->rs->modules & CARC_MODULE_RIVER))
        o.start_tile = CARC_DEFAULT_START_TILE;
    o.start_x = g->rs->start_x;
    o.start_y = g->rs->start_y;
    o.start_rotation = g->rs->start_rot;
    o.flags = g->rs->flags;
    o.variants = g->rs->variants;
    *out = o;
    return CARC_OK;
}

carc_status carc_game_players(uint32_t *out, const carc_game *g)
{
    CARCI_CHECK(out && g);
    *out = CARCI_HDR(g)->players;
    return CARC_OK;
}

carc_status carc_game_current_player(uint32_t *out, const carc_game *g)
{
    CARCI_CHECK(out && g);
    const carci_hdr *h = CARCI_HDR(g);
    *out = h->step ? (uint32_t)(h->step >> 4) : h->cur; /* the Count's decisions: the player asked */
    return CARC_OK;
}

carc_status carc_game_is_over(bool *out, const carc_game *g)
{
    CARCI_CHECK(out && g);
    *out = CARCI_HDR(g)->over != 0;
    return CARC_OK;
}

carc_status carc_game_score(int32_t *out, const carc_game *g, uint32_t player)
{
    CARCI_CHECK(out && g);
    if (player >= CARCI_HDR(g)->players)
        return CARC_ERANGE;
    *out = CARCI_HDR(g)->score[player];
    return CARC_OK;
}

carc_status carc_game_supply(uint32_t *out, const carc_game *g, uint32_t player)
{
    CARCI_CHECK(out && g);
    if (player >= CARCI_HDR(g)->players)
        return CARC_ERANGE;
    *out = CARCI_HDR(g)->supply[player];
    return CARC_OK;
}

carc_status carc_game_figure_supply(uint32_t *out, const carc_game *g, uint32_t player, uint32_t figure)
{
    CARCI_CHECK(out && g && figure >= CARC_FIGURE_FOLLOWER && figure <= CARC_FIGURE_PIG);
    const carci_hdr *h = CARCI_HDR(g);
    if (player >= h->players)
        return CARC_ERANGE;
    *out = figure == CARC_FIGURE_FOLLOWER ? h->supply[player] : (h->specials[player] >> figure) & 1u;
    return CARC_OK;
}

carc_status carc_game_goods(uint32_t *out, const carc_game *g, uint32_t player, uint32_t good)
{
    CARCI_CHECK(out && g && good < CARC_GOOD_COUNT);
    const carci_hdr *h = CARCI_HDR(g);
    if (player >= h->players)
        return CARC_ERANGE;
    /* no goods: nobody holds a token */
    *out = (g->rs->modules & CARC_MODULE_GOODS) ? carci_goods_of(g)->goods[player][good] : 0u;
    return CARC_OK;
}

carc_status carc_game_city(uint32_t *out, const carc_game *g, uint32_t quarter, uint32_t player, uint32_t figure)
{
    CARCI_CHECK(out && g && quarter < 4 && (figure == CARC_FIGURE_FOLLOWER || figure == CARC_FIGURE_BIG));
    const carci_hdr *h = CARCI_HDR(g);
    if (player >= h->players)
        return CARC_ERANGE;
    if (!g->rs->hooks.setup) /* no City of Carcassonne */
        *out = 0;
    else if (figure == CARC_FIGURE_FOLLOWER)
        *out = carci_coc_of(g)->city[quarter][player];
    else
        *out = carci_coc_of(g)->big[player] == quarter;
    return CARC_OK;
}

carc_status carc_game_count(uint32_t *out, const carc_game *g)
{
    CARCI_CHECK(out && g);
    if (!(g->rs->modules & CARC_MODULE_COUNT))
        return CARC_EILLEGAL; /* a read-only call: no last-error text */
    *out = carci_coc_of(g)->count;
    return CARC_OK;
}

carc_status carc_game_pending(carc_pending *out, const carc_game *g)
{
    CARCI_CHECK(out && g && out->struct_size >= sizeof(uint32_t));
    if (out->struct_size >= sizeof(carc_pending)) { /* the whole struct: written in place */
        carci_pending(g, out);
        return CARC_OK;
    }
    carc_pending p;
    carci_pending(g, &p);
    carci_copy_out(out, &p, sizeof p);
    return CARC_OK;
}

carc_status carc_game_new(carc_game **out, const carc_game_options *opts)
{
    /* the core plays rule elements: the boxes are replaced by theirs */
    carc_game_options o;
    if (opts && carci_options_read(&o, opts) == CARC_OK) {
        o.modules = carci_modules_elements(o.modules);
        opts = &o;
    }
    return carci_game_new(out, opts, &carci_module_rules);
}

carc_status carc_game_options_check(const carc_game_options *o, char *msg, size_t cap)
{
    char tmp[1];
    if (!msg || !cap) {
        msg = tmp;
        cap = sizeof tmp;
    }
    msg[0] = '\0';
    if (!o) {
        snprintf(msg, cap, "NULL options");
        return CARC_EINVAL;
    }
    carc_game_options cur;
    if (carci_options_read(&cur, o) != CARC_OK) {
        snprintf(msg, cap, "options version %u unknown (this library: 1 and %u)", o->version,
                 (unsigned)CARC_GAME_OPTIONS_VERSION);
        return CARC_EVERSION;
    }
    cur.modules = carci_modules_elements(cur.modules);
    o = &cur;
    if (o->flags & ~(uint32_t)CARC_GAME_NO_UNDO) {
        snprintf(msg, cap, "unknown game flags 0x%X", o->flags & ~(uint32_t)CARC_GAME_NO_UNDO);
        return CARC_EINVAL;
    }
    if (o->allocator && (!o->allocator->alloc || !o->allocator->realloc || !o->allocator->free)) {
        snprintf(msg, cap, "the allocator needs all of alloc, realloc and free");
        return CARC_EINVAL;
    }
    return carci_options_check(o, &carci_module_rules, msg, cap);
}

carc_status carc_game_current_tile(uint32_t *out, const carc_game *g)
{
    CARCI_CHECK(out && g);
    const carci_hdr *h = CARCI_HDR(g);
    uint32_t i = h->over ? CARCI_NONE32 : carci_current_index(g);
    if (i == CARCI_NONE32)
        return CARC_ENOTFOUND;
    *out = CARCI_BAG(g)[i];
    return CARC_OK;
}

carc_status carc_game_remaining(uint32_t *out, const carc_game *g)
{
    CARCI_CHECK(out && g);
    *out = CARCI_HDR(g)->n_bag;
    return CARC_OK;
}

carc_status carc_game_remaining_of(uint32_t *out, const carc_game *g, uint32_t kind)
{
    CARCI_CHECK(out && g);
    if (kind >= carci_tile_kinds)
        return CARC_ERANGE;
    const uint16_t *bag = CARCI_BAG(g);
    uint32_t n = 0;
    for (uint32_t i = 0, e = CARCI_HDR(g)->n_bag; i < e; i++)
        n += bag[i] == kind;
    *out = n;
    return CARC_OK;
}

carc_status carc_game_state_size(size_t *out, const carc_game *g)
{
    CARCI_CHECK(out && g);
    *out = g->rs->state_words * sizeof(uint16_t);
    return CARC_OK;
}

carc_status carc_game_choose_tile(carc_game *g, uint32_t kind)
{
    CARCI_CHECK(g);
    carci_hdr *h = CARCI_HDR(g);
    if (kind >= carci_tile_kinds)
        return carci_fail(g, CARC_ERANGE, "tile kind %u out of range", kind);
    if (h->over)
        return carci_fail(g, CARC_EGAME_OVER, "the game is over");
    if (h->step)
        return carci_fail(g, CARC_EILLEGAL, "a tile is chosen when one is to be placed: a decision of the Count "
                                            "is pending");
    uint32_t left;
    carc_game_remaining_of(&left, g, kind);
    if (!left)
        return carci_fail(g, CARC_ENOT_IN_BAG, "no tile %s is left to draw", carci_tiles[kind].name);
    if (g->rs->hooks.may_draw && !g->rs->hooks.may_draw(g, kind, g->err, sizeof g->err))
        return CARC_EILLEGAL; /* the hook wrote the reason into g->err */
    carc_status s = g->unit_open ? CARC_OK : carci_unit_begin(g);
    if (s != CARC_OK)
        return carci_fail(g, s, "out of memory");
    if (g->unit_open) {
        /* replace the earlier choice: back to the tile drawn at the start of the turn */
        carci_unit_rollback(g);
        carci_unit_begin(g); /* cannot fail: the reservation is still there */
    }
    uint16_t *bag = CARCI_BAG(g);
    uint32_t top = h->n_bag - 1u, i = top;
    while (bag[i] != kind)
        i--;
    if (i != top) {
        uint16_t t = bag[top];
        CARCI_SET(g, bag[top], bag[i]);
        CARCI_SET(g, bag[i], t);
    }
    /* the choice stays open (undo takes it back, a new choice replaces it)
     * until the move; a tile that cannot be placed is discarded at once */
    g->unit_open = !g->no_journal; /* without a journal, a choice cannot be taken back */
    if (carci_tile_placeable(g, kind)) {
        carci_update_current(g);
    } else {
        carci_discard_top(g);
        carci_advance(g);
        g->unit_open = false;
    }
    carci_clear_error(g);
    return CARC_OK;
}

carc_status carc_game_end(carc_game *g)
{
    CARCI_CHECK(g);
    carci_hdr *h = CARCI_HDR(g);
    if (h->over)
        return CARC_OK;
    if (!g->unit_open) {
        carc_status s = carci_unit_begin(g);
        if (s != CARC_OK)
            return carci_fail(g, s, "out of memory");
    }
    /* the Count: what the turn part still asks is declined (its scoring
     * happens), and so is the rest of a final round */
    static const carc_move pass = { 0, 0, 0, 0, CARC_FIGURE_NONE, CARC_NO_SEGMENT, CARC_MOVE_PASS, 0, 0 };
    bool in_final = (h->step & CARCI_STEP_FINAL) != 0;
    while (h->step && !(h->step & CARCI_STEP_FINAL)) {
        /* exactly what playing the pass does, so that a record replays it:
         * after the last tile the final round then begins by itself */
        carci_apply_decision(g, &pass);
        carci_advance(g);
    }
    /* the declines ended the game, or (after the last tile) began its final
     * round, which the end does not take away: nothing is left to end */
    if (h->over || (!in_final && (h->step & CARCI_STEP_FINAL))) {
        g->unit_open = false;
        carci_clear_error(g);
        return CARC_OK;
    }
    bool final_round = (h->step & CARCI_STEP_FINAL) != 0;
    carci_hist_push(g, CARC_HISTORY_END, h->cur, NULL);
    if (final_round)
        CARCI_SET(g, h->step, 0);
    if (h->part2)
        CARCI_SET(g, h->part2, 0); /* a pending second tile is declined */
    if (final_round || !g->rs->hooks.before_final || !g->rs->hooks.before_final(g)) {
        carci_final_scoring(g);
        carci_update_current(g);
    }
    g->unit_open = false;
    carci_clear_error(g);
    return CARC_OK;
}

carc_status carc_game_undo(carc_game *g)
{
    CARCI_CHECK(g);
    if (g->n_marks == 0)
        return carci_fail(g, CARC_ENO_UNDO, "nothing to undo");
    carci_unit_rollback(g);
    carci_clear_error(g);
    return CARC_OK;
}

carc_status carc_game_can_undo(bool *out, const carc_game *g)
{
    CARCI_CHECK(out && g);
    *out = g->n_marks > 0;
    return CARC_OK;
}

carc_status carc_game_history_count(uint32_t *out, const carc_game *g)
{
    CARCI_CHECK(out && g);
    *out = CARCI_HDR(g)->n_hist;
    return CARC_OK;
}

carc_status carc_game_history(carc_history_entry *out, const carc_game *g, uint32_t index)
{
    CARCI_CHECK(out && g && out->struct_size >= sizeof(uint32_t));
    if (index >= CARCI_HDR(g)->n_hist)
        return CARC_ERANGE;
    const carci_hist *e = &CARCI_HIST(g)[index];
    carc_history_entry r;
    memset(&r, 0, sizeof r);
    r.kind = e->kind_player & 0xFFu;
    r.player = e->kind_player >> 8;
    r.move.x = e->x;
    r.move.y = e->y;
    r.move.rotation = e->rot_fig_seg & 3u;
    r.move.figure = (e->rot_fig_seg >> 2) & 7u;
    r.move.kind = (e->rot_fig_seg >> 5) & 7u;
    r.move.segment = (uint8_t)(e->rot_fig_seg >> 8);
    if (r.move.kind == CARC_MOVE_PLACE)
        r.move.tile = e->tile;
    else
        r.move.quarter = (uint8_t)e->tile;
    carci_copy_out(out, &r, sizeof r);
    return CARC_OK;
}

carc_status carc_game_event_count(uint32_t *out, const carc_game *g)
{
    CARCI_CHECK(out && g);
    *out = CARCI_HDR(g)->n_events;
    return CARC_OK;
}

carc_status carc_game_event(carc_event *out, const carc_game *g, uint32_t index)
{
    CARCI_CHECK(out && g && out->struct_size >= sizeof(uint32_t));
    if (index >= CARCI_HDR(g)->n_events)
        return CARC_ERANGE;
    const carci_ev *e = &CARCI_EVENTS(g)[index];
    carc_event r;
    memset(&r, 0, sizeof r);
    r.kind = e->kind_fkind & 7u;
    r.bonus = (e->kind_fkind >> 3) & 7u;
    r.good = (e->kind_fkind >> 6) & 3u;
    r.feature_kind = e->kind_fkind >> 8;
    r.turn = e->turn;
    r.points = e->points;
    r.players = e->players_ret & 0xFFu;
    r.returned = e->players_ret >> 8;
    r.tiles = e->tiles;
    r.segment = CARC_NO_SEGMENT;
    if (r.kind == CARC_EVENT_DISCARD) {
        r.tile = e->node;
    } else if (r.kind == CARC_EVENT_TRADE) {
        /* an award of the final scoring: no feature */
    } else {
        const carci_placed *p = &CARCI_PLACED(g)[carci_node_tile(g, e->node)];
        r.tile = p->kind;
        r.x = p->x;
        r.y = p->y;
        r.segment = carci_node_seg(g, e->node);
    }
    carci_copy_out(out, &r, sizeof r);
    return CARC_OK;
}

carc_status carc_game_leaders(uint32_t *out, const carc_game *g)
{
    CARCI_CHECK(out && g);
    const carci_hdr *h = CARCI_HDR(g);
    int32_t best = h->score[0];
    for (uint32_t p = 1; p < h->players; p++)
        if (h->score[p] > best)
            best = h->score[p];
    uint32_t mask = 0;
    for (uint32_t p = 0; p < h->players; p++)
        if (h->score[p] == best)
            mask |= 1u << p;
    *out = mask;
    return CARC_OK;
}
