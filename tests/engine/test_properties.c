/* SPDX-License-Identifier: MIT */
/*
 * Property tests over seeded random games of every set of the six modules
 * (farmers on/off x River x Abbot x the Count x Inns & Cathedrals x Traders &
 * Builders: 64 sets; the Count with the River starts the spring beside the
 * City of Carcassonne, test_util.h), 2 to 5 players, 2 to 6 with Inns &
 * Cathedrals, every decision taken at random (the Count's too, passes
 * included), the Count's rule variants in three games of four (white-box:
 * states are compared byte for byte):
 *  - enumeration = check: every listed move passes carc_game_check_move,
 *    placements x figure options give the list, and moves not listed are
 *    refused (random variants of listed moves every turn; every candidate
 *    move around the frontier on some turns: each figure on each segment,
 *    the abbot's recall, a pass);
 *  - play then undo restores the identical state (every live byte), and so
 *    do a tile choice and an early end;
 *  - every figure kind is conserved: followers on the board + in supply = 7,
 *    abbot on the board + in supply = 1 with the Abbot (0 without), big
 *    follower 1 with Inns & Cathedrals (0 without), no other figure; each
 *    figure stands on a segment kind its rules allow;
 *  - scores never decrease; a recall scores 1..9 for its player alone; each
 *    score is the sum of the points its events gave;
 *  - majorities: the players a feature scores for (during play and at the
 *    end) are those with the greatest strength on it (a follower and the
 *    abbot 1, the big follower 2), worked out from the figures that stood on
 *    it just before the move (or at the end) by their positions;
 *  - values: every road and city event has the value of its rule from the
 *    feature's tiles, pennants and marks (found on its tiles' segments): an
 *    inn road 2 per tile completed and 0 at the end, a cathedral city 3 per
 *    tile and pennant completed and 0 at the end, and the bonus says which;
 *  - carc_game_pending agrees with the current player and tile;
 *  - with the River: River tiles come first, the lake last of them;
 *  - a clone, and a copy, evolve exactly like the original;
 *  - the same seed gives the same game, with and without an undo journal;
 *  - Traders & Builders (after every move): every builder and pig shares its
 *    feature with a follower or big follower of its owner (ruling T-7), a
 *    builder's road or city is incomplete, a pig stands on a field (farmers
 *    on); each player's tokens of each good = his CARC_EVENT_GOODS events of
 *    it, and no more tokens than symbols in the tile set; the tokens of a
 *    move are the symbols of the cities its tile completed, for its player
 *    (T-1); a second tile is pending (same player, part 2, optional) exactly
 *    right after a part-1 move whose tile extended that player's builder's
 *    feature, and never after a part-2 move or a pass (no chain); legal moves
 *    then start with the pass, which is refused otherwise; the final TRADE
 *    awards are the majorities of carc_game_goods (ties each, nobody with 0:
 *    T-2); a field's majority holders with their pig there score 4 per city
 *    (bonus CARC_BONUS_PIG, an event of their own), the others 3 (T-6);
 *    undoing both parts of a double turn (second tile or pass, and the
 *    Count's decisions between and after them) gives back the state before
 *    it, and replaying them the state after;
 *  - the Count (docs/rules.md 8, rulings C-1..C-20), followed independently
 *    from the API: followers in supply + on the board + in the quarters = 7
 *    a player, the big follower in exactly one place; the quarters change by
 *    the quarter and exit moves alone, the Count (on one quarter, always)
 *    by a count move alone; the legal answers of each decision worked out
 *    from the rules (QUARTER: each quarter, follower then big follower;
 *    COUNT: the other three; EXIT: each open quarter x figure x target
 *    feature, on a segment of it: during play the roads, cities and
 *    monasteries the part's tile completed, in the final round every
 *    incomplete one, any field for the market with farmers, never a garden,
 *    never from the Count's quarter, only the market with the variant), then
 *    the pass; check_move takes an exit onto any segment of a target and
 *    nothing else (random variants, and every segment of the board on some
 *    decisions); exits asked from the placer's left, the placer last, only
 *    of players who may leave, each until he passes or may no more; the
 *    follower into the city offered exactly after a scoring that gave an
 *    opponent points and the placer none, while he has a follower in supply
 *    (not twice a turn with the variant), the Count's move exactly after
 *    one; the final round from the player after the last one who drew, one
 *    exit a go, a pass final, and no final round when nobody may leave;
 *    fields along the city score it as one completed city (C-15, its
 *    cities recounted from the segments); a tile choice refused during
 *    its decisions; every answer played and undone exactly; an early end in
 *    the middle of them, its final round played out, undone exactly; the
 *    clone taken in the middle of one of its decisions plays the same, and
 *    undone to the start is a fresh game.
 * (Game records round-trip in tests/record/.)
 */
#include "properties.h"

/* The rule variants a game of these modules plays: with the Count, one game
 * in four each with neither, the final market only, one follower into the
 * city per turn, both. */
static uint32_t game_variants(uint32_t modules, uint32_t gi)
{
    if (!(modules & CARC_MODULE_COUNT))
        return 0;
    static const uint32_t V[4] = { 0, CARC_VARIANT_COC_FINAL_MARKET, CARC_VARIANT_COC_ONCE_PER_TURN,
                                   CARC_VARIANT_COC_FINAL_MARKET | CARC_VARIANT_COC_ONCE_PER_TURN };
    return V[gi % 4];
}

static carc_game *new_game(uint32_t players, uint64_t seed, uint32_t modules, uint32_t variants)
{
    carc_game_options o = tu_options(players, seed, modules);
    o.variants = variants;
    carc_game *g = NULL;
    assert_int_equal(carc_game_new(&g, &o), CARC_OK);
    return g;
}

/* Whether the pending decision is one of the Count's during play (not the final round). */
static bool count_midturn(const carc_game *g)
{
    carc_pending p = pending_of(g);
    return p.decision >= CARC_DECISION_EXIT && !(p.flags & CARC_PENDING_FINAL);
}

/* Whether the part's scoring is still to come: exits during play are pending. */
static bool exits_pending(const carc_game *g)
{
    carc_pending p = pending_of(g);
    return p.decision == CARC_DECISION_EXIT && !(p.flags & CARC_PENDING_FINAL);
}

/* An early end now (on `g`, taken back at the end): final scoring at once, or
 * the final round of the Count, played out at random with its rules checked
 * (track: a copy of the game's); then every unit undone gives `before`
 * again. */
static void early_end(carc_game *g, const carc_game *before, const count_track *track, uint32_t modules,
                      const uint32_t *symbols, uint64_t *rng, stats *st)
{
    count_track t = *track;
    carc_pending p0 = pending_of(g);
    bool final0 = p0.decision == CARC_DECISION_EXIT && (p0.flags & CARC_PENDING_FINAL);
    size_t journal_end = g->trail_len;
    assert_int_equal(carc_game_end(g), CARC_OK);
    assert_true(g->trail_len - journal_end <= g->rs->unit_reserve / 2);
    check_pending(g);
    check_conservation(g, modules);
    count_after(g, &t, NULL, p0.decision, final0, p0.player, 0, 0);
    uint32_t units = 1;
    carc_movelist *ml = NULL;
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    while (!tu_over(g)) {
        /* the final round of the Count */
        carc_pending pd = pending_of(g);
        assert_int_equal(pd.decision, CARC_DECISION_EXIT);
        assert_true(pd.flags & CARC_PENDING_FINAL);
        assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
        check_count_legal(g, &t, ml, &pd);
        carc_move m = pick_count_move(ml, rng);
        assert_int_equal(carc_game_play(g, &m), CARC_OK);
        units++;
        cst.final_exits += m.kind == CARC_MOVE_EXIT;
        cst.market_exits += m.kind == CARC_MOVE_EXIT && m.quarter == CARC_QUARTER_MARKET;
        check_conservation(g, modules);
        count_after(g, &t, &m, CARC_DECISION_EXIT, true, pd.player, pd.part, 0);
        if (!tu_over(g) && tu_rand(rng) % 5 == 0) {
            /* the end again, in the final round: the rest declined */
            assert_int_equal(carc_game_end(g), CARC_OK);
            units++;
            count_after(g, &t, NULL, CARC_DECISION_EXIT, true, pd.player, 0, 0);
        }
    }
    assert_int_equal(pending_part(g), 0); /* no second tile after the end */
    check_conservation(g, modules);
    check_scores_from_events(g);
    if (modules & (CARC_MODULE_TRADERS | CARC_MODULE_COUNT)) {
        check_traders(g, modules, symbols);
        check_final_scores(g, st);
    }
    carc_movelist_free(ml);
    while (units--)
        assert_int_equal(carc_game_undo(g), CARC_OK);
    assert_true(same_state(g, before));
}

static void random_games(uint32_t players, uint32_t modules, uint32_t games, uint32_t exhaustive_every,
                         uint64_t seed0, stats *st)
{
    uint64_t rng = 0x9E3779B97F4A7C15ull ^ (players * 131u + modules) ^ seed0;
    uint32_t lake = (modules & CARC_MODULE_RIVER) ? tu_tile("RL") : UINT32_MAX;
    uint32_t symbols[CARC_GOOD_COUNT];
    for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++)
        symbols[k] = tu_goods_symbols(modules, k);
    sorted all = { NULL, 0, 0 };
    for (uint32_t gi = 0; gi < games; gi++) {
        uint64_t seed = seed0 + gi;
        uint32_t variants = game_variants(modules, gi);
        carc_game *g = new_game(players, seed, modules, variants);
        uint32_t max_turns = 0; /* place moves: one per tile to draw at most */
        assert_int_equal(carc_game_remaining(&max_turns, g), CARC_OK);
        /* the copy target: other players and modules (a copy takes them over) */
        carc_game *before = NULL, *clone = NULL, *light = NULL;
        carc_game *copy = tu_new_game_with(2 + players % 4, 1, tu_all_modules((modules + 3) % TU_ALL_MODULE_SETS));
        carc_movelist *ml = NULL, *pl = NULL, *fl = NULL, *ul = NULL;
        assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
        assert_int_equal(carc_movelist_new(&pl, g), CARC_OK);
        assert_int_equal(carc_movelist_new(&fl, g), CARC_OK);
        assert_int_equal(carc_movelist_new(&ul, g), CARC_OK);
        uint32_t clone_at = (uint32_t)(tu_rand(&rng) % 60), turn = 0, placed = 0;
        int32_t last[6] = { 0 };
        /* a double turn under way: the state before its first part, and the moves since */
        carc_game *dt_before = NULL;
        carc_move dt_moves[64];
        uint32_t n_dt = 0;
        bool dt_second = false; /* its second part was played (or declined) */
        bool second = false; /* a second tile is due: the last place move extended its player's builder's feature */
        uint32_t second_player = 0, part_now = 1;
        count_track track;
        track_start(&track, g, players, modules, variants);
        check_conservation(g, modules);
        check_traders(g, modules, symbols);
        while (!tu_over(g)) {
            check_pending(g);
            carc_pending pd = pending_of(g);
            uint32_t part = pd.part, decision = pd.decision;
            bool final = (pd.flags & CARC_PENDING_FINAL) != 0;
            carc_move m;
            uint32_t player = pd.player, hist0, ev0;
            assert_int_equal(carc_game_history_count(&hist0, g), CARC_OK);
            assert_int_equal(carc_game_event_count(&ev0, g), CARC_OK);
            placed_fig figs_before[6 * 11];
            uint32_t nfig_before = board_figures(g, figs_before, 6 * 11);
            int32_t ax = 0, ay = 0, bx = 0, by = 0;
            uint32_t bseg = 0;
            bool recall = false, builder = false;
            check_river_order(g, modules, lake);
            assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
            size_t n = carc_movelist_count(ml);
            assert_true(n > 0);
            sorted_fill(&all, ml);
            /* every listed move is legal */
            for (size_t i = 0; i < n; i++)
                assert_int_equal(carc_game_check_move(g, &carc_movelist_data(ml)[i]), CARC_OK);
            if (decision != CARC_DECISION_PLACE) {
                /* a decision of the Count */
                assert_true(modules & CARC_MODULE_COUNT);
                if (!final)
                    assert_int_equal(part, part_now);
                check_count_legal(g, &track, ml, &pd);
                assert_int_equal(carc_game_legal_moves(ul, g, CARC_ENUM_UNIQUE_ROTATIONS), CARC_OK);
                assert_int_equal(carc_movelist_count(ul), n);
                assert_memory_equal(carc_movelist_data(ul), carc_movelist_data(ml), n * sizeof(carc_move));
                count_variants(g, &track, &all, &pd, &rng, 8);
                st->variants += 8;
                if (exhaustive_every && decision == CARC_DECISION_EXIT && turn % 3 == gi % 3)
                    check_exits_complete(g, &track, &pd);
                assert_int_equal(carc_game_clone(&before, g, 0), CARC_OK);
                {
                    /* no tile is chosen now */
                    uint32_t k = drawable_kind(g, &rng);
                    if (k != UINT32_MAX) {
                        assert_int_equal(carc_game_choose_tile(g, k), CARC_EILLEGAL);
                        assert_true(same_state(g, before));
                    }
                    /* no figure options: no tile to place */
                    uint32_t tile = 0;
                    if (carc_game_current_tile(&tile, g) == CARC_OK && carc_game_placements(pl, g, tile, 0) == CARC_OK &&
                        carc_movelist_count(pl) > 0)
                        assert_int_equal(carc_game_figure_options(fl, g, &carc_movelist_data(pl)[0]), CARC_EILLEGAL);
                }
                /* every answer: its scores by majority and value, its goods, undo */
                for (size_t i = 0; i < n; i++) {
                    const carc_move *mv = &carc_movelist_data(ml)[i];
                    assert_int_equal(carc_game_play(g, mv), CARC_OK);
                    check_move_scores(g, mv, player, figs_before, nfig_before, ev0, st);
                    if (decision == CARC_DECISION_EXIT && !final && !exits_pending(g)) {
                        carc_move pm = { track.px, track.py, 0, 0, 0, 0, CARC_MOVE_PLACE, 0, 0 };
                        check_move_goods(g, &pm, track.placer, ev0, st);
                    }
                    if (tu_over(g))
                        check_final_scores(g, st);
                    assert_int_equal(carc_game_undo(g), CARC_OK);
                    assert_true(same_state(g, before));
                }
                if (turn % 4 == 1) {
                    early_end(g, before, &track, modules, symbols, &rng, st);
                    cst.ends++;
                }
                carc_game_free(before);
                before = NULL;
                m = pick_count_move(ml, &rng);
            } else {
                assert_int_equal(part, second ? 2u : 1u);
                if (second)
                    assert_int_equal(player, second_player);
                {
                    uint32_t cur;
                    assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
                    assert_int_equal(cur, player);
                }
                /* the unique rotations are part of the list */
                assert_int_equal(carc_game_legal_moves(ul, g, CARC_ENUM_UNIQUE_ROTATIONS), CARC_OK);
                assert_true(carc_movelist_count(ul) > 0 && carc_movelist_count(ul) <= n);
                for (size_t i = 0; i < carc_movelist_count(ul); i++)
                    assert_true(sorted_has(&all, &carc_movelist_data(ul)[i]));
                /* placements x figure options = legal moves */
                uint32_t tile;
                assert_int_equal(carc_game_current_tile(&tile, g), CARC_OK);
                assert_int_equal(carc_game_placements(pl, g, tile, 0), CARC_OK);
                size_t total = 0;
                if (part == 2) { /* the pass first, then the place moves */
                    assert_int_equal(carc_movelist_data(ml)[0].kind, CARC_MOVE_PASS);
                    assert_int_equal(carc_movelist_data(ul)[0].kind, CARC_MOVE_PASS);
                    total++;
                }
                for (size_t i = 1; i < n; i++)
                    assert_int_equal(carc_movelist_data(ml)[i].kind, CARC_MOVE_PLACE);
                for (size_t i = 0; i < carc_movelist_count(pl); i++) {
                    assert_int_equal(carc_game_figure_options(fl, g, &carc_movelist_data(pl)[i]), CARC_OK);
                    for (size_t j = 0; j < carc_movelist_count(fl); j++)
                        assert_true(sorted_has(&all, &carc_movelist_data(fl)[j]));
                    total += carc_movelist_count(fl);
                }
                assert_int_equal(total, n);
                check_variants(g, &all, &rng, 12);
                st->variants += 12;
                if (exhaustive_every && turn % exhaustive_every == gi % exhaustive_every) {
                    check_enumeration_complete(g, &all);
                    if (modules & CARC_MODULE_TRADERS)
                        check_builder_pig_rules(g, pl, modules);
                    st->exhaustive++;
                }

                /* enumerated moves are accepted, score by majority and value, and
                 * undo restores the state */
                assert_int_equal(carc_game_clone(&before, g, 0), CARC_OK);
                carc_move asks; /* a move after which the Count asks something (the game plays it often) */
                bool have_asks = false;
                for (size_t i = tu_rand(&rng) % (1 + n / 6); i < n; i += 1 + n / 6) {
                    const carc_move *mv = &carc_movelist_data(ml)[i];
                    assert_int_equal(carc_game_play(g, mv), CARC_OK);
                    if (!have_asks && !tu_over(g) && count_midturn(g)) {
                        asks = *mv;
                        have_asks = true;
                    }
                    check_move_scores(g, mv, player, figs_before, nfig_before, ev0, st);
                    if (!exits_pending(g)) /* (else its scoring waits for the exits) */
                        check_move_goods(g, mv, player, ev0, st);
                    if (mv->figure == CARC_FIGURE_BUILDER || mv->figure == CARC_FIGURE_PIG) {
                        /* on an open feature beside his follower: it stays */
                        uint32_t left = 9;
                        assert_int_equal(carc_game_figure_supply(&left, g, player, mv->figure), CARC_OK);
                        assert_int_equal(left, 0);
                    }
                    if (part == 2 && !tu_over(g) && !count_midturn(g)) {
                        /* the second part (or its pass) ends the turn: no chain; the
                         * next player places, unless the pile ran out and the
                         * Count's final round began (it starts with the first
                         * player after him with followers in the city) */
                        uint32_t next;
                        assert_int_equal(pending_part(g), 1);
                        assert_int_equal(carc_game_current_player(&next, g), CARC_OK);
                        carc_pending pn = pending_of(g);
                        if (pn.decision == CARC_DECISION_PLACE)
                            assert_int_equal(next, (player + 1) % players);
                        else
                            assert_true(pn.decision == CARC_DECISION_EXIT && (pn.flags & CARC_PENDING_FINAL));
                    }
                    if (tu_over(g))
                        check_final_scores(g, st);
                    assert_int_equal(carc_game_undo(g), CARC_OK);
                    assert_true(same_state(g, before));
                }
                if (turn % 5 == 2 || part == 2) {
                    /* a tile choice (refused, or taken back), and an early end, taken back
                     * (always during a double turn: the second tile may be chosen too) */
                    uint32_t k = drawable_kind(g, &rng);
                    if (k != UINT32_MAX) {
                        carc_status cs = carc_game_choose_tile(g, k);
                        if (cs == CARC_OK) {
                            assert_false(tu_is_river(tile) && !tu_is_river(k));
                            check_pending(g);
                            if (pending_part(g) != 0 && !tu_over(g)) { /* (unless it was unplaceable and the last) */
                                carc_pending q = pending_of(g);
                                if (q.decision == CARC_DECISION_PLACE) {
                                    assert_int_equal(q.part, part);
                                    assert_int_equal(q.player, player);
                                }
                            }
                            assert_int_equal(carc_game_undo(g), CARC_OK);
                        } else {
                            /* only the River's draw order refuses a kind that is left */
                            assert_int_equal(cs, CARC_EILLEGAL);
                            assert_true(modules & CARC_MODULE_RIVER);
                            assert_true(tu_is_river(tile));
                            assert_true(!tu_is_river(k) || k == lake);
                        }
                        assert_true(same_state(g, before));
                    }
                    early_end(g, before, &track, modules, symbols, &rng, st);
                }
                carc_game_free(before);
                before = NULL;

                m = pick_move_for(ml, &rng, modules);
                if (have_asks && tu_rand(&rng) % 4 != 0)
                    m = asks;
                recall = m.segment == CARC_SEGMENT_RECALL;
                if (recall)
                    assert_true(figure_where(g, player, CARC_FIGURE_ABBOT, &ax, &ay, NULL));
                /* the builder of the player: a tile of this first part on its feature gives a second tile */
                builder = part == 1 && figure_where(g, player, CARC_FIGURE_BUILDER, &bx, &by, &bseg);
                /* a second tile on the builder's feature again: no third (counted; checked below) */
                if (part == 2 && m.kind == CARC_MOVE_PLACE && figure_where(g, player, CARC_FIGURE_BUILDER, &bx, &by, &bseg)) {
                    uint32_t bf = feature_of(g, bx, by, bseg);
                    assert_int_equal(carc_game_play(g, &m), CARC_OK);
                    st->no_chain += tile_on_feature(g, m.x, m.y, bf);
                    assert_int_equal(carc_game_undo(g), CARC_OK);
                }
                if (builder && !dt_before) {
                    assert_int_equal(carc_game_clone(&dt_before, g, 0), CARC_OK);
                    n_dt = 0;
                    dt_second = false;
                }
            }

            size_t journal_before = g->trail_len;
            assert_int_equal(carc_game_play(g, &m), CARC_OK);
            /* a unit never comes near the room reserved for it */
            assert_true(g->trail_len - journal_before <= g->rs->unit_reserve / 2);
            check_conservation(g, modules);
            count_after(g, &track, &m, decision, final, player, part, ev0);
            check_recall(g, &m, player, hist0, ev0, recall ? tiles_around(g, ax, ay) : 0);
            check_move_scores(g, &m, player, figs_before, nfig_before, ev0, st);
            if (decision == CARC_DECISION_PLACE && !exits_pending(g))
                check_move_goods(g, &m, player, ev0, st);
            else if (decision == CARC_DECISION_EXIT && !final && !exits_pending(g)) {
                carc_move pm = { track.px, track.py, 0, 0, 0, 0, CARC_MOVE_PLACE, 0, 0 };
                check_move_goods(g, &pm, track.placer, ev0, st);
            }
            check_traders(g, modules, symbols);
            if (!tu_over(g) && !exits_pending(g))
                check_no_figure_on_complete(g);
            if (dt_before) {
                assert_true(n_dt < 64);
                dt_moves[n_dt++] = m;
            }
            if (decision == CARC_DECISION_PLACE) {
                /* the double turn: due after a first part whose tile went onto the
                 * player's builder's feature (T-4: completing it too; T-5: not the
                 * builder placed now), never after the second part or a pass */
                if (m.kind == CARC_MOVE_PASS) {
                    assert_int_equal(part, 2);
                    st->passes++;
                } else {
                    placed++;
                }
                part_now = part;
                bool extended = builder && m.kind == CARC_MOVE_PLACE &&
                                tile_on_feature(g, m.x, m.y, feature_of(g, bx, by, bseg));
                if (builder && !extended) {
                    carc_game_free(dt_before);
                    dt_before = NULL;
                }
                second = extended && !tu_over(g);
                second_player = player;
                dt_second |= part == 2;
                if (!tu_over(g)) {
                    uint32_t cur;
                    assert_int_equal(carc_game_current_player(&cur, g), CARC_OK);
                    carc_pending q = pending_of(g);
                    if (q.decision != CARC_DECISION_PLACE) {
                        /* the turn goes on (or the final round begins): the player asked by the Count moves */
                        assert_int_equal(cur, q.player);
                    } else {
                        assert_int_equal(cur, second ? player : (player + 1) % players);
                    }
                    if (second) {
                        uint32_t bs = 9;
                        assert_int_equal(carc_game_figure_supply(&bs, g, player, CARC_FIGURE_BUILDER), CARC_OK);
                        st->builders_home += bs; /* its feature completed: the second tile all the same */
                    }
                }
                st->second_tiles += second;
                st->recalls += m.segment == CARC_SEGMENT_RECALL;
                st->abbots_placed += m.figure == CARC_FIGURE_ABBOT && m.segment != CARC_SEGMENT_RECALL;
                st->bigs_placed += m.figure == CARC_FIGURE_BIG;
                st->builders_placed += m.figure == CARC_FIGURE_BUILDER;
                st->pigs_placed += m.figure == CARC_FIGURE_PIG;
            } else {
                cst.exits += m.kind == CARC_MOVE_EXIT && !final;
                cst.final_exits += m.kind == CARC_MOVE_EXIT && final;
                cst.market_exits += m.kind == CARC_MOVE_EXIT && m.quarter == CARC_QUARTER_MARKET;
                cst.big_exits += m.kind == CARC_MOVE_EXIT && m.figure == CARC_FIGURE_BIG;
                cst.quarters += m.kind == CARC_MOVE_QUARTER;
                cst.big_quarters += m.kind == CARC_MOVE_QUARTER && m.figure == CARC_FIGURE_BIG;
                cst.count_moves += m.kind == CARC_MOVE_COUNT;
                cst.passes += m.kind == CARC_MOVE_PASS;
            }
            if (dt_before && dt_second && !tu_over(g) && !count_midturn(g)) {
                /* the double turn is over: all its moves undone give the state
                 * before it; replayed, the same state again */
                assert_int_equal(pending_part(g), 1);
                carc_game *after = NULL;
                assert_int_equal(carc_game_clone(&after, g, 0), CARC_OK);
                for (uint32_t i = 0; i < n_dt; i++)
                    assert_int_equal(carc_game_undo(g), CARC_OK);
                assert_true(same_state(g, dt_before));
                for (uint32_t i = 0; i < n_dt; i++)
                    assert_int_equal(carc_game_play(g, &dt_moves[i]), CARC_OK);
                assert_true(same_state(g, after));
                carc_game_free(after);
                carc_game_free(dt_before);
                dt_before = NULL;
            }
            if (tu_over(g) || (!second && !dt_second && !count_midturn(g) && dt_before)) {
                /* no second tile came of it */
                carc_game_free(dt_before);
                dt_before = NULL;
            }
            if (turn % 8 == 0)
                check_scores_from_events(g);
            for (uint32_t p = 0; p < players; p++) {
                int32_t s;
                assert_int_equal(carc_game_score(&s, g, p), CARC_OK);
                assert_true(s >= last[p]); /* final scoring only adds too */
                last[p] = s;
            }
            /* the clone: at a random turn; with the Count in the middle of one of its decisions */
            bool midway = false;
            if ((modules & CARC_MODULE_COUNT) && !tu_over(g)) {
                carc_pending q = pending_of(g);
                midway = q.decision >= CARC_DECISION_EXIT;
            }
            if (!clone && turn >= clone_at && (midway || !(modules & CARC_MODULE_COUNT) || turn >= clone_at + 40)) {
                assert_int_equal(carc_game_clone(&clone, g, 0), CARC_OK);
                assert_int_equal(carc_game_copy(copy, g, 0), CARC_OK);
                assert_int_equal(carc_game_clone(&light, g, CARC_CLONE_NO_HISTORY), CARC_OK);
                assert_true(same_state(clone, g));
                assert_true(same_state(copy, g));
                assert_true(same_state(light, g));
                bool can = true;
                assert_int_equal(carc_game_can_undo(&can, light), CARC_OK);
                assert_false(can);
                cst.mid_clones += midway;
            } else if (clone) {
                assert_int_equal(carc_game_play(clone, &m), CARC_OK);
                assert_int_equal(carc_game_play(copy, &m), CARC_OK);
                assert_int_equal(carc_game_play(light, &m), CARC_OK);
                assert_int_equal(carc_game_undo(light), CARC_OK);
                assert_int_equal(carc_game_play(light, &m), CARC_OK);
            }
            turn++;
            assert_true(placed <= max_turns); /* one place move per tile to draw */
        }
        carc_game_free(dt_before);
        check_pending(g);
        check_conservation(g, modules);
        check_traders(g, modules, symbols);
        check_scores_from_events(g);
        check_board_edges(g);
        check_center_scores(g);
        check_final_scores(g, st);
        uint32_t left = 1;
        assert_int_equal(carc_game_remaining(&left, g), CARC_OK);
        assert_int_equal(left, 0);
        if (clone) {
            assert_true(same_state(clone, g));
            assert_true(same_state(copy, g));
            assert_true(same_state(light, g));
            /* the clone undoes back to the start like the original: a fresh game */
            bool can = true;
            while (carc_game_can_undo(&can, clone), can)
                assert_int_equal(carc_game_undo(clone), CARC_OK);
            assert_int_equal(carc_game_undo(clone), CARC_ENO_UNDO);
            carc_game *fresh = new_game(players, seed, modules, variants);
            assert_true(same_state(clone, fresh));
            carc_game_free(fresh);
        }
        st->games++;
        st->turns += turn;
        carc_movelist_free(ml);
        carc_movelist_free(pl);
        carc_movelist_free(fl);
        carc_movelist_free(ul);
        carc_game_free(clone);
        carc_game_free(light);
        carc_game_free(copy);
        carc_game_free(g);
    }
    free(all.m);
}

/* Every module set with this many players (6: the sets with Inns & Cathedrals),
 * `games` games each (64 sets: few games a set keep the engine tests fast in
 * a Debug build and under the sanitizers; many_games plays thousands more,
 * with fewer checks). */
/* seed0: the first game's seed base; the samples must reach every rule the
 * assertions below list, and a cathedral city completed during play is rare
 * in random 4-player games (seeds from 1000 gave none once the occupancy rule
 * looked at the whole joined field) */
static void module_sets(uint32_t players, uint32_t games, uint32_t exhaustive_every, uint64_t seed0)
{
    stats st;
    memset(&st, 0, sizeof st);
    memset(&cst, 0, sizeof cst);
    for (uint32_t i = 0; i < TU_ALL_MODULE_SETS; i++) {
        uint32_t mods = tu_all_modules(i);
        if (players <= tu_max_players(mods))
            random_games(players, mods, games, exhaustive_every, seed0 + 100 * i, &st);
    }
    print_message("%u players: %u games, %u turns, %u exhaustive checks, %u variants, abbot placed %u, recalled %u; "
                  "big follower placed %u, in %u majorities (%u decided by it); %u majorities; inn roads scored "
                  "%u + %u at the end, cathedral cities %u + %u\n",
                  players, st.games, st.turns, st.exhaustive, st.variants, st.abbots_placed, st.recalls,
                  st.bigs_placed, st.big_majorities, st.big_decided, st.majorities, st.inn_scores, st.inn_finals,
                  st.cathedral_scores, st.cathedral_finals);
    print_message("%u players, Traders & Builders: builder placed %u, %u second tiles (%u declined, %u after the "
                  "builder went home, %u extending it again); pig placed %u, %u pig scores (%u beside holders without one); %u tokens "
                  "(%u cities held by nobody); %u majorities of goods (%u tied)\n",
                  players, st.builders_placed, st.second_tiles, st.passes, st.builders_home, st.no_chain, st.pigs_placed,
                  st.pig_scores, st.pig_splits, st.goods_events, st.unheld_goods, st.trades, st.trade_ties);
    print_message("%u players, the Count: %u followers into the city (%u big) of %u offers (%u more refused by the "
                  "variant), the Count moved %u times; %u exits during play, %u in %u final rounds (%u games ended "
                  "without one), %u onto fields (%u big); %u passes; %u early ends in its decisions; %u exhaustive "
                  "exit checks; %u clones in the middle of a decision; %u fields scored the city\n",
                  players, cst.quarters, cst.big_quarters, cst.triggers, cst.declined_triggers, cst.count_moves,
                  cst.exits, cst.final_exits, cst.final_rounds, cst.no_final_round, cst.market_exits, cst.big_exits,
                  cst.passes, cst.ends, cst.exhaustive, cst.mid_clones, cst.coc_fields);
    if (players < 6)
        assert_true(st.recalls > 0 && st.abbots_placed > 0);
    assert_true(st.bigs_placed > 0 && st.big_majorities > 0 && st.big_decided > 0);
    assert_true(st.inn_scores > 0 && st.inn_finals > 0 && st.cathedral_scores > 0 && st.cathedral_finals > 0);
    /* the games reach the Traders & Builders rules */
    assert_true(st.builders_placed > 0 && st.second_tiles > 0 && st.passes > 0);
    assert_true(st.pigs_placed > 0 && st.pig_scores > 0);
    assert_true(st.goods_events > 0 && st.trades > 0);
    /* and the Count's */
    assert_true(cst.triggers > 0 && cst.quarters > 0 && cst.count_moves > 0 && cst.passes > 0);
    assert_true(cst.exits > 0 && cst.final_rounds > 0 && cst.final_exits > 0 && cst.market_exits > 0);
    assert_true(cst.ends > 0 && cst.mid_clones > 0 && cst.coc_fields > 0);
}

/* The games of each player count: how many of each module set, a
 * candidate check of every move around the board every `exhaustive_every`
 * turns, the first seed (module_sets). */
typedef struct players_case {
    const char *name;
    uint32_t players, games, exhaustive_every;
    uint64_t seed0;
} players_case;

static const players_case PLAYER_CASES[] = {
    { "two_players", 2, 7, 5, 1000 },  { "three_players", 3, 4, 7, 1000 }, { "four_players", 4, 3, 9, 4000 },
    { "five_players", 5, 3, 11, 1000 }, { "six_players", 6, 4, 11, 1000 },
};

static void players_n(void **state)
{
    const players_case *c = *state;
    module_sets(c->players, c->games, c->exhaustive_every, c->seed0);
}

/* Thousands of plain games: invariants only (cheap). Every decision at
 * random, the Count's too. */
static void many_games(void **state)
{
    (void)state;
    uint64_t rng = 42;
    carc_movelist *ml = NULL;
    uint32_t symbols[TU_ALL_MODULE_SETS][CARC_GOOD_COUNT];
    for (uint32_t i = 0; i < TU_ALL_MODULE_SETS; i++)
        for (uint32_t k = 0; k < CARC_GOOD_COUNT; k++)
            symbols[i][k] = tu_goods_symbols(tu_all_modules(i), k);
    for (uint32_t gi = 0; gi < 3200; gi++) {
        uint32_t set = gi / 5 % TU_ALL_MODULE_SETS, modules = tu_all_modules(set);
        uint32_t players = 2 + gi % (tu_max_players(modules) - 1);
        carc_game *g = new_game(players, gi, modules, game_variants(modules, gi / 320));
        if (!ml)
            assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
        uint32_t places = 0, decisions = 0, max = 0;
        assert_int_equal(carc_game_remaining(&max, g), CARC_OK);
        while (!tu_over(g)) {
            assert_int_equal(carc_game_legal_moves(ml, g, gi & 1 ? CARC_ENUM_UNIQUE_ROTATIONS : 0), CARC_OK);
            size_t n = carc_movelist_count(ml);
            assert_true(n > 0);
            carc_move m = pick_move_for(ml, &rng, modules);
            assert_int_equal(carc_game_play(g, &m), CARC_OK);
            places += m.kind == CARC_MOVE_PLACE;
            decisions += m.kind != CARC_MOVE_PLACE;
        }
        uint32_t hist, left;
        assert_int_equal(carc_game_history_count(&hist, g), CARC_OK);
        assert_int_equal(carc_game_remaining(&left, g), CARC_OK);
        assert_int_equal(left, 0);
        /* a decision (the Count's, a declined second tile) is a move and a history entry without a tile */
        assert_true(places <= max && hist - decisions <= max);
        assert_true(decisions == 0 || (modules & (CARC_MODULE_TRADERS | CARC_MODULE_COUNT)));
        check_conservation(g, modules);
        check_traders(g, modules, symbols[set]);
        check_pending(g);
        carc_game_free(g);
    }
    carc_movelist_free(ml);
}

/* A move for g picked from its legal moves, listed in ml (pick_move). */
static carc_move random_move(const carc_game *g, carc_movelist *ml, uint64_t *rng)
{
    assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
    return pick_move(ml, rng);
}

/* A game without an undo journal plays exactly like one with it. */
static void no_undo_same_game(void **state)
{
    (void)state;
    for (uint64_t seed = 0; seed < TU_ALL_MODULE_SETS; seed++) {
        uint32_t modules = tu_all_modules((uint32_t)seed);
        uint32_t players = 2 + (uint32_t)(seed / 3 % (tu_max_players(modules) - 1));
        uint32_t variants = game_variants(modules, (uint32_t)(seed / 8));
        carc_game *a = new_game(players, seed, modules, variants), *b = NULL, *c = NULL;
        carc_game_options o = tu_options(players, seed, modules);
        o.variants = variants;
        o.flags = CARC_GAME_NO_UNDO;
        assert_int_equal(carc_game_new(&b, &o), CARC_OK);
        assert_true(same_state(a, b));
        carc_movelist *ml;
        assert_int_equal(carc_movelist_new(&ml, a), CARC_OK);
        uint64_t r = seed + 7;
        while (!tu_over(a)) {
            carc_move m = random_move(a, ml, &r);
            assert_int_equal(carc_game_play(a, &m), CARC_OK);
            assert_int_equal(carc_game_play(b, &m), CARC_OK);
            if (!c && tu_rand(&r) % 20 == 0)
                assert_int_equal(carc_game_clone(&c, b, 0), CARC_OK);
            else if (c)
                assert_int_equal(carc_game_play(c, &m), CARC_OK);
            assert_int_equal(b->trail_len, 0);
        }
        assert_true(same_state(a, b));
        if (c) {
            assert_true(same_state(a, c));
            assert_int_equal(carc_game_undo(c), CARC_ENO_UNDO);
        }
        bool can = true;
        assert_int_equal(carc_game_can_undo(&can, b), CARC_OK);
        assert_false(can);
        assert_int_equal(carc_game_undo(b), CARC_ENO_UNDO);
        carc_game_options back;
        assert_int_equal(carc_game_options_get(&back, b), CARC_OK);
        assert_int_equal(back.flags, CARC_GAME_NO_UNDO);
        assert_int_equal(back.modules, modules);
        carc_movelist_free(ml);
        carc_game_free(a);
        carc_game_free(b);
        carc_game_free(c);
    }
}

static void same_seed_same_game(void **state)
{
    (void)state;
    for (uint64_t seed = 0; seed < TU_ALL_MODULE_SETS; seed++) {
        uint32_t modules = tu_all_modules((uint32_t)seed), players = seed % 2 ? tu_max_players(modules) : 3;
        uint32_t variants = game_variants(modules, (uint32_t)(seed / 16));
        carc_game *a = new_game(players, seed, modules, variants), *b = new_game(players, seed, modules, variants);
        assert_true(same_state(a, b));
        carc_movelist *ml;
        assert_int_equal(carc_movelist_new(&ml, a), CARC_OK);
        uint64_t r = seed + 1;
        while (!tu_over(a)) {
            carc_move m = random_move(a, ml, &r);
            assert_int_equal(carc_game_play(a, &m), CARC_OK);
            assert_int_equal(carc_game_play(b, &m), CARC_OK);
        }
        assert_true(same_state(a, b));
        carc_movelist_free(ml);
        carc_game_free(a);
        carc_game_free(b);
    }
    /* the draw order is a fixed function of the seed on every platform */
    carc_game *g = tu_new_game(2, 12345);
    char order[80] = "";
    carc_movelist *ml;
    assert_int_equal(carc_movelist_new(&ml, g), CARC_OK);
    for (int i = 0; i < 10; i++) {
        uint32_t t;
        assert_int_equal(carc_game_current_tile(&t, g), CARC_OK);
        strcat(order, carc_tile_name(t));
        assert_int_equal(carc_game_legal_moves(ml, g, 0), CARC_OK);
        assert_int_equal(carc_game_play(g, &carc_movelist_data(ml)[0]), CARC_OK);
    }
    /* pinned once, from this implementation: a change means records and seeds
     * no longer reproduce old games */
    assert_string_equal(order, "RGDHTELKEW");
    carc_movelist_free(ml);
    carc_game_free(g);
}

int main(void)
{
    enum { N_PLAYERS = sizeof PLAYER_CASES / sizeof PLAYER_CASES[0] };
    struct CMUnitTest tests[N_PLAYERS + 3] = {
        /* the tests of PLAYER_CASES first, filled in below */
        [N_PLAYERS] = cmocka_unit_test(many_games),
        cmocka_unit_test(same_seed_same_game),
        cmocka_unit_test(no_undo_same_game),
    };
    for (size_t i = 0; i < N_PLAYERS; i++) {
        tests[i].name = PLAYER_CASES[i].name;
        tests[i].test_func = players_n;
        tests[i].initial_state = (void *)(uintptr_t)&PLAYER_CASES[i];
    }
    /* ENGINE_FILTER=six_players (a glob) runs only the matching tests */
    if (getenv("ENGINE_FILTER") != NULL)
        cmocka_set_test_filter(getenv("ENGINE_FILTER"));
    return cmocka_run_group_tests_name("properties", tests, NULL, NULL);
}
