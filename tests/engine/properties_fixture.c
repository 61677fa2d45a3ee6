/* SPDX-License-Identifier: MIT */
/* engine.properties: queries of the game the other files ask (properties.h). */
#include "properties.h"

/* The decision pending on g. */
carc_pending pending_of(const carc_game *g)
{
    carc_pending p = { .struct_size = sizeof p };
    assert_int_equal(carc_game_pending(&p, g), CARC_OK);
    return p;
}

/* The part of the turn pending (1 or 2; 0 once the game is over). */
uint32_t pending_part(const carc_game *g)
{
    carc_pending p = pending_of(g);
    return p.decision == CARC_DECISION_NONE ? 0 : p.part;
}

/* Event i of g. */
carc_event event_at(const carc_game *g, uint32_t i)
{
    carc_event e = { .struct_size = sizeof e };
    assert_int_equal(carc_game_event(&e, g, i), CARC_OK);
    return e;
}

uint32_t feature_of(const carc_game *g, int32_t x, int32_t y, uint32_t segment)
{
    uint32_t f = UINT32_MAX;
    assert_int_equal(carc_game_feature_at(&f, g, x, y, segment), CARC_OK);
    return f;
}

/* The cells of feature f's tiles, as (x, y) pairs in xy (room for cap): how many. */
size_t feature_cells(const carc_game *g, uint32_t f, int32_t *xy, size_t cap)
{
    size_t cnt = 0;
    assert_int_equal(carc_game_feature_tiles(NULL, 0, &cnt, g, f), CARC_EBUFFER);
    assert_true(cnt <= cap);
    assert_int_equal(carc_game_feature_tiles(xy, cnt, &cnt, g, f), CARC_OK);
    return cnt;
}

/* The tile placed at (x, y), in *t: its number of segments. */
uint32_t placed_tile(const carc_game *g, int32_t x, int32_t y, carc_move *t)
{
    uint32_t nseg;
    assert_int_equal(carc_game_tile_at(t, g, x, y), CARC_OK);
    assert_int_equal(carc_tile_segment_count(&nseg, t->tile), CARC_OK);
    return nseg;
}

/* Segment s of tile kind `tile` turned `rotation`. */
carc_segment_info segment_info(uint32_t tile, uint32_t rotation, uint32_t s)
{
    carc_segment_info si = { .struct_size = sizeof si };
    assert_int_equal(carc_tile_segment(&si, tile, rotation, s), CARC_OK);
    return si;
}

/* Tiles in the 3x3 square centred on (x, y). */
int32_t tiles_around(const carc_game *g, int32_t x, int32_t y)
{
    int32_t n = 0;
    for (int32_t dy = -1; dy <= 1; dy++)
        for (int32_t dx = -1; dx <= 1; dx++) {
            carc_move t;
            n += carc_game_tile_at(&t, g, x + dx, y + dy) == CARC_OK;
        }
    return n;
}

/* Where `player`'s figure of this kind stands (its segment in *segment, if
 * asked); false when it is not on the board. */
bool figure_where(const carc_game *g, uint32_t player, uint32_t figure, int32_t *x, int32_t *y,
                  uint32_t *segment)
{
    uint32_t n;
    assert_int_equal(carc_game_figure_count(&n, g), CARC_OK);
    for (uint32_t i = 0; i < n; i++) {
        carc_figure_info fi = { .struct_size = sizeof fi };
        assert_int_equal(carc_game_figure(&fi, g, i), CARC_OK);
        if (fi.player == player && fi.figure == figure) {
            *x = fi.x;
            *y = fi.y;
            if (segment)
                *segment = fi.segment;
            return true;
        }
    }
    return false;
}

/* A tile kind the player to move may draw now (another than the current
 * one when there is one), or UINT32_MAX. */
uint32_t drawable_kind(const carc_game *g, uint64_t *rng)
{
    uint32_t kinds = carc_tile_kind_count(), k = (uint32_t)(tu_rand(rng) % kinds), cur = UINT32_MAX;
    carc_game_current_tile(&cur, g);
    for (uint32_t i = 0; i < kinds; i++, k = (k + 1) % kinds) {
        uint32_t left = 0;
        assert_int_equal(carc_game_remaining_of(&left, g, k), CARC_OK);
        if (left && k != cur)
            return k;
    }
    return UINT32_MAX;
}

/* m, which check_move refused with st, is refused alike by play, and changes nothing. */
void play_refused(carc_game *g, const carc_move *m, carc_status st)
{
    carc_game *before = NULL;
    assert_int_equal(carc_game_clone(&before, g, 0), CARC_OK);
    assert_int_equal(carc_game_play(g, m), st);
    assert_true(same_state(g, before));
    carc_game_free(before);
}
