/* SPDX-License-Identifier: MIT */
/* engine.api (api.h): the big follower of Inns & Cathedrals. */
#include "api.h"

/* Placement p with the big follower on segment i (its kind in *kind). */
static carc_move big_on(carc_move p, uint32_t i, uint32_t *kind)
{
    carc_segment_info si = { .struct_size = sizeof si };
    assert_int_equal(carc_tile_segment(&si, p.tile, p.rotation, i), CARC_OK);
    *kind = si.kind;
    p.figure = CARC_FIGURE_BIG;
    p.segment = (uint8_t)i;
    return p;
}

/* The big follower (Inns & Cathedrals, docs/rules.md 6.3) through the API:
 * one per player, offered wherever a follower is (after it), by the same
 * rules; none in supply once placed; refused without the module, on a
 * garden, and with none left, each refusal changing nothing. Six players. */
static void big_follower(void **state)
{
    (void)state;
    const uint32_t mods = CARC_MODULE_FARMERS | CARC_MODULE_ABBOT | CARC_MODULE_INNS;
    carc_game *g = tu_new_game_with(6, 5, mods);
    carc_movelist *ml, *fl;
    uint32_t u, players;
    int32_t sc;
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    assert_int_equal(carc_movelist_new(&fl, g), CARC_OK);
    assert_int_equal(carc_game_players(&players, g), CARC_OK);
    assert_int_equal(players, 6);
    assert_int_equal(carc_game_score(&sc, g, 5), CARC_OK);
    assert_int_equal(carc_game_score(&sc, g, 6), CARC_ERANGE);
    for (uint32_t p = 0; p < 6; p++) {
        assert_int_equal(carc_game_figure_supply(&u, g, p, CARC_FIGURE_BIG), CARC_OK);
        assert_int_equal(u, 1);
        assert_int_equal(carc_game_figure_supply(&u, g, p, CARC_FIGURE_FOLLOWER), CARC_OK);
        assert_int_equal(u, 7);
    }
    assert_int_equal(carc_game_figure_supply(&u, g, 6, CARC_FIGURE_BIG), CARC_ERANGE);

    /* every turn of the first round: the big follower's options are the
     * follower's, right after them; the player puts the big follower down
     * (where it stays on the board, if there is such a place) */
    for (uint32_t turn = 0; turn < 6; turn++) {
        uint32_t cur, tile, tried = 0;
        assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
        assert_int_equal(cur, turn);
        assert_int_equal(carc_game_current_tile(&tile, g), CARC_OK);
        assert_int_equal(carc_game_placements(ml, g, tile, 0), CARC_OK);
        bool stays = false;
        for (size_t i = 0; i < carc_movelist_count(ml) && !stays; i++) {
            carc_move p = carc_movelist_data(ml)[i];
            assert_int_equal(carc_game_figure_options(fl, g, &p), CARC_OK);
            const carc_move *d = carc_movelist_data(fl);
            size_t n = carc_movelist_count(fl), followers = 0, bigs = 0;
            for (size_t k = 0; k < n; k++) {
                if (d[k].figure == CARC_FIGURE_FOLLOWER) {
                    assert_int_equal(bigs, 0); /* the follower first */
                    followers++;
                } else if (d[k].figure == CARC_FIGURE_BIG) {
                    /* on a segment the follower may take */
                    bool same = false;
                    for (size_t j = 0; j < n; j++)
                        same |= d[j].figure == CARC_FIGURE_FOLLOWER && d[j].segment == d[k].segment;
                    assert_true(same);
                    bigs++;
                }
            }
            assert_int_equal(bigs, followers);
            for (size_t k = 0; k < n && !stays; k++) {
                if (d[k].figure != CARC_FIGURE_BIG)
                    continue;
                carc_move big = d[k];
                uint32_t nfig, on_board = 0;
                assert_int_equal(carc_game_check_move(g, &big), CARC_OK);
                assert_int_equal(carc_game_play(g, &big), CARC_OK);
                tried++;
                assert_int_equal(carc_game_figure_supply(&u, g, turn, CARC_FIGURE_BIG), CARC_OK);
                assert_int_equal(carc_game_figure_count(&nfig, g), CARC_OK);
                for (uint32_t f = 0; f < nfig; f++) {
                    carc_figure_info fi = { .struct_size = sizeof fi };
                    assert_int_equal(carc_game_figure(&fi, g, f), CARC_OK);
                    on_board += fi.player == turn && fi.figure == CARC_FIGURE_BIG;
                }
                assert_int_equal(u + on_board, 1); /* back in supply when its feature scored at once */
                uint32_t first = 0; /* and player 0's stays too */
                assert_int_equal(carc_game_figure_supply(&first, g, 0, CARC_FIGURE_BIG), CARC_OK);
                stays = on_board == 1 && first == 0;
                if (!stays) {
                    assert_int_equal(carc_game_undo(g), CARC_OK);
                    assert_int_equal(carc_game_figure_options(fl, g, &p), CARC_OK); /* the list again */
                    d = carc_movelist_data(fl);
                }
            }
        }
        assert_true(tried > 0);
        assert_true(stays);
    }
    /* player 0 again: with the big follower on the board, none is offered,
     * and one is refused */
    uint32_t cur, big_out = 1;
    assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
    assert_int_equal(cur, 0);
    assert_int_equal(carc_game_figure_supply(&big_out, g, 0, CARC_FIGURE_BIG), CARC_OK);
    assert_int_equal(big_out, 0);
    assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
    carc_move follower = { 0 };
    bool have = false;
    for (size_t i = 0; i < carc_movelist_count(ml); i++) {
        const carc_move *d = &carc_movelist_data(ml)[i];
        assert_int_not_equal(d->figure, CARC_FIGURE_BIG);
        if (d->figure == CARC_FIGURE_FOLLOWER && !have) {
            follower = *d;
            have = true;
        }
    }
    assert_true(have);
    {
        carc_move m = follower;
        m.figure = CARC_FIGURE_BIG;
        snap(g);
        assert_int_equal(carc_game_check_move(g, &m), CARC_EILLEGAL);
        assert_int_equal(carc_game_play(g, &m), CARC_EILLEGAL);
        assert_true(strlen(carc_game_last_error(g)) > 0);
        unchanged(g);
    }
    carc_movelist_free(ml);
    carc_movelist_free(fl);
    carc_game_free(g);

    /* on a garden (V.g with the Abbot): only the abbot; on its road the big
     * follower is fine */
    g = tu_new_game_with(2, 9, mods);
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    uint32_t vg = tu_tile("V.g"), nseg;
    assert_int_equal(carc_game_choose_tile(g, vg), CARC_OK);
    assert_int_equal(carc_game_placements(ml, g, vg, 0), CARC_OK);
    carc_move p = carc_movelist_data(ml)[0];
    assert_int_equal(carc_tile_segment_count(&nseg, vg), CARC_OK);
    snap(g);
    for (uint32_t i = 0; i < nseg; i++) {
        uint32_t kind;
        carc_move m = big_on(p, i, &kind);
        if (kind == CARC_SEG_GARDEN) {
            assert_int_equal(carc_game_check_move(g, &m), CARC_EILLEGAL);
            assert_int_equal(carc_game_play(g, &m), CARC_EILLEGAL);
            unchanged(g);
            m.figure = CARC_FIGURE_ABBOT;
            assert_int_equal(carc_game_check_move(g, &m), CARC_OK);
        } else {
            m.figure = CARC_FIGURE_FOLLOWER;
            carc_status want = carc_game_check_move(g, &m);
            m.figure = CARC_FIGURE_BIG;
            assert_int_equal(carc_game_check_move(g, &m), want);
        }
    }
    carc_movelist_free(ml);
    carc_game_free(g);

    /* IC/CRCR with farmers: 8 segments a follower may take, so 1 + 8 + 8
     * figure actions per placement (more than CARCI_MAX_SEG + 2: a list made
     * for a base game overflowed in carc_game_legal_moves, fixed in f4e45ad) */
    {
        carc_game *base = tu_new_game(2, 1);
        carc_movelist *small = NULL, *pl = NULL;
        uint32_t crcr = tu_tile("IC/CRCR");
        assert_int_equal(carc_movelist_new(&small, base), CARC_OK);
        assert_int_equal(carc_movelist_new(&pl, base), CARC_OK);
        g = tu_new_game_with(2, 11, CARC_MODULE_FARMERS | CARC_MODULE_INNS);
        assert_int_equal(carc_game_choose_tile(g, crcr), CARC_OK);
        assert_int_equal(carc_game_legal_moves(small, g, 0), CARC_OK);
        assert_int_equal(carc_game_placements(pl, g, crcr, 0), CARC_OK);
        size_t np = carc_movelist_count(pl), most = 0;
        assert_true(np > 0);
        for (size_t i = 0; i < np; i++) {
            carc_move q = carc_movelist_data(pl)[i];
            assert_int_equal(carc_game_figure_options(small, g, &q), CARC_OK);
            if (carc_movelist_count(small) > most)
                most = carc_movelist_count(small);
        }
        assert_int_equal(most, 17); /* no figure, the follower or the big follower on each of 8 */
        assert_int_equal(carc_game_legal_moves(small, g, 0), CARC_OK);
        carc_movelist_free(small);
        carc_movelist_free(pl);
        carc_game_free(base);
        carc_game_free(g);
    }

    /* without farmers: not on a field either */
    g = tu_new_game_with(6, 9, CARC_MODULE_INNS);
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
    p = carc_movelist_data(ml)[0];
    assert_int_equal(carc_tile_segment_count(&nseg, p.tile), CARC_OK);
    snap(g);
    for (uint32_t i = 0; i < nseg; i++) {
        uint32_t kind;
        carc_move m = big_on(p, i, &kind);
        if (kind == CARC_SEG_FIELD) {
            assert_int_equal(carc_game_play(g, &m), CARC_EILLEGAL);
            unchanged(g);
        }
    }
    carc_movelist_free(ml);
    carc_game_free(g);
}

API_AREA(api_area_inns, API_TEST(big_follower));
