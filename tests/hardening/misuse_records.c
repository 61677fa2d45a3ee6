/* SPDX-License-Identifier: MIT */
/*
 * hardening.misuse, serialize.h and render.h: the record writer, the
 * pictures, the loader (see misuse.h).
 */
#include "misuse.h"

#define TILE_GAME (&misuse_tile_game)

/* ------------------------------------------------------------ writers */

static carc_status save(char *b, size_t c, size_t *n, const void *g) { return carc_game_save(b, c, n, g); }

static carc_status text_plain(char *b, size_t c, size_t *n, const void *g)
{
    return carc_game_render_text(b, c, n, g, 0);
}

static carc_status text_color(char *b, size_t c, size_t *n, const void *g)
{
    return carc_game_render_text(b, c, n, g, CARC_RENDER_COLOR | CARC_RENDER_NO_LEGEND);
}

static carc_status svg_plain(char *b, size_t c, size_t *n, const void *g)
{
    return carc_game_render_svg(b, c, n, g, 0);
}

static void m_game_save(fx *f)
{
    misuse_writer(f, TILE_GAME, save, "carc_game_save", 200);
}

typedef carc_status (*render_fn)(char *, size_t, size_t *, const carc_game *, uint32_t);

/* Flags a picture does not know. */
static void bad_render_flags(fx *f, render_fn fn)
{
    char buf[16];
    size_t need = 0;
    static const uint32_t bad[] = { 1u << 2, UINT32_MAX };
    FOR_GAMES(f, i)
        for (size_t k = 0; k < COUNT_OF(bad); k++)
            EXPECT(f->g[i], CARC_EINVAL, fn(buf, sizeof buf, &need, f->g[i], bad[k]));
}

static void m_game_render_text(fx *f)
{
    misuse_writer(f, TILE_GAME, text_plain, "carc_game_render_text", 60);
    misuse_writer(f, TILE_GAME, text_color, "carc_game_render_text(color)", 60);
    bad_render_flags(f, carc_game_render_text);
}

static void m_game_render_svg(fx *f)
{
    misuse_writer(f, TILE_GAME, svg_plain, "carc_game_render_svg", 40);
    bad_render_flags(f, carc_game_render_svg);
}

/* ------------------------------------------------------------ the loader */

/* rec with its first line starting `line` (e.g. "\nplayers ") changed by
 * `edit` at offset `at` of that line. */
static void load_edited(fx *f, char *rec, const char *line, size_t at, const char *edit, carc_status want, int where)
{
    char *p = strstr(rec, line);
    assert_non_null(p);
    size_t n = strlen(edit);
    char *keep = malloc(n);
    assert_non_null(keep);
    memcpy(keep, p + at, n);
    memcpy(p + at, edit, n);
    misuse_load_fails(f, TILE_GAME, rec, strlen(rec), want, where);
    memcpy(p + at, keep, n);
    free(keep);
}

static void m_game_load(fx *f)
{
    carc_game *g = NULL;
    char *rec = misuse_save(TILE_GAME, f->g[G_MID]);
    size_t len = strlen(rec);

    static const junk_record junk[] = { { "", CARC_EFORMAT, CARC_EFORMAT },
                                        { "hello\n", CARC_EFORMAT, CARC_EFORMAT },
                                        { "carcassonne-record 2\n", CARC_EFORMAT, CARC_EFORMAT },
                                        { "carcassonne-record 1\n", CARC_EPARSE, CARC_EPARSE } };
    static const char repl[] = { 'x', '0', '9', ' ', '\n', '\0', '-', 'A', (char)0xff };
    misuse_loader(f, TILE_GAME, rec, junk, COUNT_OF(junk), repl, sizeof repl);

    /* no data at all: not a record */
    EXPECT_NULL_OUT(f, f->g[G_MID], CARC_EFORMAT, g, carc_game_load(&g, NULL, 0, NULL, NULL));
    {
        /* an older, smaller carc_load_error: only its fields are written */
        carc_load_error err;
        unsigned char buf[sizeof err + 16];
        uint32_t sz = offsetof(carc_load_error, line) + sizeof err.line;
        sized_buf(buf, sizeof buf, sz);
        g = (carc_game *)(void *)&f->alloc;
        assert_int_equal(carc_game_load(&g, "x", 1, NULL, (carc_load_error *)(void *)buf), CARC_EFORMAT);
        check_guard(buf, sz, sizeof buf, "carc_game_load(small err)", __LINE__);
    }
    /* an illegal move */
    {
        char *p = strstr(rec, "\nplace ");
        assert_non_null(p);
        char *bad = malloc(len + 32);
        assert_non_null(bad);
        size_t head = (size_t)(p - rec) + 1;
        memcpy(bad, rec, head);
        int k = sprintf(bad + head, "place D 500 500 0 -\n");
        memcpy(bad + head + k, p + 1, len - head);
        misuse_load_fails(f, TILE_GAME, bad, len + (size_t)k, CARC_ERECORD, __LINE__);
        free(bad);
    }
    free(rec);

    /* six players: a record loads with Inns & Cathedrals (the fixture's game
     * with its big followers out, every figure kind on the board), not
     * without it, and seven never */
    rec = misuse_save(TILE_GAME, f->g[G_INNS]);
    assert_non_null(strstr(rec, "\nplayers 6\n"));
    misuse_reloads(f, TILE_GAME, f->g[G_INNS], HZ_FP_NO_ERROR);
    load_edited(f, rec, "\nplayers 6\n", 9, "7", CARC_EPARSE, __LINE__);
    load_edited(f, rec, " inns", 0, "     ", CARC_OK /* any error */, __LINE__); /* the modules without inns */
    free(rec);

    /* Traders & Builders: the records load to the same game (a pending second
     * tile, builders and pigs out, goods taken), not without the module */
    static const int tb[] = { G_TRADERS, G_SECOND, G_ALL };
    for (size_t k = 0; k < COUNT_OF(tb); k++) {
        rec = misuse_save(TILE_GAME, f->g[tb[k]]);
        misuse_reloads(f, TILE_GAME, f->g[tb[k]], HZ_FP_NO_ERROR);
        load_edited(f, rec, " traders", 0, "        ", CARC_OK /* any error */, __LINE__);
        free(rec);
    }
}

MISUSE_AREA(misuse_area_records, "misuse_records.c", MISUSE_ENTRY(game_load), MISUSE_ENTRY(game_render_svg),
            MISUSE_ENTRY(game_render_text), MISUSE_ENTRY(game_save));
