/* SPDX-License-Identifier: MIT */
/*
 * Scoring: majority on a feature (ties score in full, docs/rules.md 2.7), figures
 * returned after scoring during play, final scoring of every feature that
 * still holds figures (docs/rules.md 2.8), farmers field by field (2.9); the
 * events that record scorings, discards, goods and recalls.
 */
#include "core/score.h"
#include "core/features.h"
#include "core/journal.h"
#include "core/state.h"
#include "core/zobrist.h"

void carci_event_push(carc_game *g, uint32_t kind, uint32_t fkind, uint32_t turn, int32_t points,
                      uint32_t players, uint32_t returned, uint16_t node, uint32_t tiles)
{
    carci_hdr *h = CARCI_HDR(g);
    if (h->n_events >= g->rs->event_cap)
        return; /* cannot happen: the capacity bounds every event of a game */
    carci_ev *e = &CARCI_EVENTS(g)[h->n_events];
    CARCI_INIT(e->kind_fkind, kind | fkind << 8);
    CARCI_INIT(e->turn, turn);
    CARCI_INIT(e->points, points);
    CARCI_INIT(e->players_ret, players | returned << 8);
    CARCI_INIT(e->node, node);
    CARCI_INIT(e->tiles, tiles);
    CARCI_SET(g, h->n_events, h->n_events + 1);
}

/* Score the feature `root`, whose figures count count[p] for each player p
 * (the majority weights of carci_figure_strength). */
static void score_counts(carc_game *g, uint16_t root, bool final, uint32_t turn, const uint32_t *count)
{
    carci_hdr *h = CARCI_HDR(g);
    carci_fig *figs = CARCI_FIGS(g);
    uint32_t best = 0, players = 0, returned = 0;
    for (uint32_t p = 0; p < h->players; p++)
        best = count[p] > best ? count[p] : best;
    if (best == 0)
        return;
    for (uint32_t p = 0; p < h->players; p++)
        if (count[p] == best)
            players |= 1u << p;

    uint32_t tiles, bonus;
    int32_t points = carci_feature_value(g, root, final, &tiles, &bonus);
    uint8_t kind = carci_node_kind(g, root);
    for (uint32_t p = 0; p < h->players; p++)
        if (players & (1u << p))
            CARCI_SET(g, h->score[p], h->score[p] + points);
    /* some majority holders may score more (hooks.better) */
    uint32_t better = 0, better_bonus = bonus;
    int32_t better_points = points;
    if (g->rs->hooks.better && kind == CARC_SEG_FIELD) {
        better = g->rs->hooks.better(g, root, players, &better_points, &better_bonus) & players;
        for (uint32_t p = 0; p < h->players; p++)
            if (better & (1u << p))
                CARCI_SET(g, h->score[p], h->score[p] + (better_points - points));
    }

    if (!final) {
        /* every figure on the feature goes home; keep the others in order */
        uint32_t w = 0;
        for (uint32_t i = 0; i < h->n_figs; i++) {
            carci_fig f = figs[i];
            if (carci_find(g, f.node) == root) {
                uint32_t pl = f.player_kind & 0xFFu, fk = f.player_kind >> 8;
                carci_zob_add(g, 0 - carci_zob_figure(g, f.node, f.player_kind));
                if (fk == CARC_FIGURE_FOLLOWER)
                    CARCI_SET(g, h->supply[pl], h->supply[pl] + 1);
                else
                    CARCI_SET(g, h->specials[pl], h->specials[pl] | 1u << fk);
                returned++;
                continue;
            }
            if (w != i) {
                CARCI_SET(g, figs[w].node, f.node);
                CARCI_SET(g, figs[w].player_kind, f.player_kind);
            }
            w++;
        }
        CARCI_HSET(g, n_figs, w);
        carci_node *nd = CARCI_NODES(g);
        CARCI_SET(g, nd[root].tile_occ, nd[root].tile_occ & 0xFFu);
    }
    uint32_t ev = final ? CARC_EVENT_FINAL : CARC_EVENT_SCORE;
    if (__builtin_expect(better != 0, 0)) { /* one event for each value */
        if (players & ~better)
            carci_event_push(g, ev | bonus << 3, kind, turn, points, players & ~better, 0, root, tiles);
        carci_event_push(g, ev | better_bonus << 3, kind, turn, better_points, better, returned, root, tiles);
        return;
    }
    carci_event_push(g, ev | bonus << 3, kind, turn, points, players, returned, root, tiles);
}

void carci_score_feature(carc_game *g, uint16_t root, bool final, uint32_t turn)
{
    const carci_fig *figs = CARCI_FIGS(g);
    uint32_t count[CARCI_MAX_PLAYERS] = { 0 };
    for (uint32_t i = 0, n = CARCI_HDR(g)->n_figs; i < n; i++)
        count[figs[i].player_kind & 0xFFu] +=
            (carci_find(g, figs[i].node) == root) * carci_figure_strength(figs[i].player_kind >> 8);
    score_counts(g, root, final, turn, count);
}

void carci_final_scoring(carc_game *g)
{
    carci_hdr *h = CARCI_HDR(g);
    const carci_fig *figs = CARCI_FIGS(g);
    uint32_t turn = h->n_hist ? h->n_hist - 1u : 0;

    /* final scoring moves no figure: the features with figures in the order
     * of their first figure, and each player's weight on each, in one pass */
    uint16_t roots[CARCI_MAX_FIGS];
    uint32_t count[CARCI_MAX_FIGS][CARCI_MAX_PLAYERS];
    uint32_t nr = 0;
    for (uint32_t i = 0; i < h->n_figs; i++) {
        uint16_t r = carci_find(g, figs[i].node);
        uint32_t j = 0;
        while (j < nr && roots[j] != r)
            j++;
        if (j == nr) {
            roots[nr++] = r;
            memset(count[j], 0, sizeof count[j]);
        }
        count[j][figs[i].player_kind & 0xFFu] += carci_figure_strength(figs[i].player_kind >> 8);
    }
    for (uint32_t j = 0; j < nr; j++)
        score_counts(g, roots[j], true, turn, count[j]);
    if (g->rs->hooks.final)
        g->rs->hooks.final(g, turn);
    if (h->part2)
        CARCI_SET(g, h->part2, 0); /* no second tile after the end */
    CARCI_SET(g, h->over, 1);
}
