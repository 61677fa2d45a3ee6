/* SPDX-License-Identifier: MIT */
/* engine.api: what several areas use (api.h). */
#include "api.h"
#include "core/journal.h"

/* ------------------------------------------------------------ the snapshot */

static carc_game *snapshot;

void snap(const carc_game *g)
{
    carc_game_free(snapshot);
    snapshot = NULL;
    assert_int_equal(carc_game_clone(&snapshot, g, 0), CARC_OK);
}

void unchanged(const carc_game *g)
{
    assert_true(state_equal(g, snapshot));
    assert_int_equal(carci_jpos(g), carci_jpos(snapshot));
    assert_int_equal(g->n_marks, snapshot->n_marks);
}

/* Every test: the last snapshot goes. */
int free_snapshot(void **state)
{
    (void)state;
    carc_game_free(snapshot);
    snapshot = NULL;
    return 0;
}

/* ------------------------------------------------------------ queries */

carc_pending pending_of(const carc_game *g)
{
    carc_pending p;
    memset(&p, 0xA5, sizeof p);
    p.struct_size = sizeof p;
    assert_int_equal(carc_game_pending(&p, g), CARC_OK);
    return p;
}

carc_feature_info feature_of(const carc_game *g, int32_t x, int32_t y, uint32_t seg, uint32_t *id)
{
    carc_feature_info fe = { .struct_size = sizeof fe };
    assert_int_equal(carc_game_feature_at(id, g, x, y, seg), CARC_OK);
    assert_int_equal(carc_game_feature(&fe, g, *id), CARC_OK);
    return fe;
}

uint32_t in_city(const carc_game *g, uint32_t quarter, uint32_t player, uint32_t figure)
{
    uint32_t n = 99;
    assert_int_equal(carc_game_city(&n, g, quarter, player, figure), CARC_OK);
    return n;
}

uint32_t count_at(const carc_game *g)
{
    uint32_t q = 99;
    assert_int_equal(carc_game_count(&q, g), CARC_OK);
    return q;
}

/* ------------------------------------------------------------ refusals */

static carc_move changed(carc_move m, const move_change *r)
{
    for (size_t i = 0; i < COUNT_OF(r->c) && r->c[i].field != F_END; i++) {
        int64_t v = r->c[i].value;
        switch (r->c[i].field) {
        case F_X: m.x = (int32_t)v; break;
        case F_Y: m.y = (int32_t)v; break;
        case F_DX: m.x += (int32_t)v; break;
        case F_TILE: m.tile = (uint16_t)v; break;
        case F_ROTATION: m.rotation = (uint8_t)v; break;
        case F_FIGURE: m.figure = (uint8_t)v; break;
        case F_SEGMENT: m.segment = (uint8_t)v; break;
        case F_KIND: m.kind = (uint8_t)v; break;
        case F_QUARTER: m.quarter = (uint8_t)v; break;
        case F_RESERVED: m.reserved = (uint8_t)v; break;
        case F_END: break;
        }
    }
    return m;
}

void refused(carc_game *g, carc_move m, carc_status st, const char *reason)
{
    snap(g);
    carc_status c = carc_game_check_move(g, &m);
    char text[64] = "?";
    carc_move_format(text, sizeof text, NULL, &m);
    if (c != st)
        fail_msg("%s (kind %u quarter %u figure %u segment %u at %d,%d): check_move %s, expected %s", text, m.kind,
                 m.quarter, m.figure, m.segment, (int)m.x, (int)m.y, carc_status_name(c), carc_status_name(st));
    assert_int_equal(carc_game_play(g, &m), st);
    assert_true(strlen(carc_game_last_error(g)) > 0);
    if (reason && !strstr(carc_game_last_error(g), reason))
        fail_msg("%s: \"%s\", expected a reason naming \"%s\"", text, carc_game_last_error(g), reason);
    unchanged(g);
}

void refused_changes(carc_game *g, carc_move base, const move_change *rows, size_t n)
{
    for (size_t i = 0; i < n; i++)
        refused(g, changed(base, &rows[i]), rows[i].want, rows[i].reason);
}

void new_refused(const carc_game_options *o, carc_status want)
{
    carc_game *g = (carc_game *)(uintptr_t)o; /* anything but NULL */
    assert_int_equal(carc_game_new(&g, o), want);
    assert_null(g);
}

/* ------------------------------------------------------------ moves */

size_t on_road_or_city(const carc_move *d, size_t n, size_t pick)
{
    for (size_t k = 0; k < n; k++) {
        const carc_move *c = &d[(pick + k) % n];
        carc_segment_info si = { .struct_size = sizeof si };
        if (c->figure != CARC_FIGURE_FOLLOWER)
            continue;
        assert_int_equal(carc_tile_segment(&si, c->tile, c->rotation, c->segment), CARC_OK);
        if (si.kind == CARC_SEG_ROAD || si.kind == CARC_SEG_CITY)
            return (pick + k) % n;
    }
    return pick;
}
