/* SPDX-License-Identifier: MIT */
/*
 * Dice game records: carc_dice_game_save and carc_dice_game_load.
 *
 * Format 1 (docs/dice.md), one item per line, "\n" line ends:
 *   carcassonne-dice-record 1
 *   players 3
 *   seed 42
 *   faces BWWW BBWW BWBW BBBW
 *   roll 0 K C 3 1 2 K 0 1        faces of the dice rolled, in die order:
 *                                 0..3 city faces, K knight, C catapult
 *   knight 1                      set knight die 1 aside
 *   build 0 0 0 90                build die 0 at x=0 y=0, rotation 90 degrees
 *   stop                          stop and score
 *   keep-knight                   the knight option
 *   actions 5                     trailer: the number of action lines
 * Loading replays every action through carc_dice_game_play; a roll takes the
 * recorded faces (carc_dice_game_set_next_roll), so records do not depend
 * on the generator, and the generator still advances as in the saved game.
 */
#include "dice_internal.h"
#include <stdarg.h>
#include "record/recordio.h"
#include "util/textbuf.h"
#include <stdio.h>

#define DREC_MAGIC "carcassonne-dice-record"
#define DREC_MAX_LINE 128
#define DREC_MAX_TOKENS 12

/* ---------------------------------------------------------------- writing */

static const char face_tokens[6] = { '0', '1', '2', '3', 'K', 'C' };

carc_status carc_dice_game_save(char *buf, size_t cap, size_t *needed, const carc_dice_game *g)
{
    if (!g || (!buf && cap > 0))
        return CARC_EINVAL;
    carci_text o = { buf, cap, 0 };
    carci_text_str(&o, DREC_MAGIC " ");
    carci_text_u64(&o, CARC_DICE_RECORD_FORMAT);
    carci_text_str(&o, "\nplayers ");
    carci_text_u64(&o, g->st.players);
    carci_text_str(&o, "\nseed ");
    carci_text_u64(&o, g->seed);
    carci_text_str(&o, "\nfaces");
    for (unsigned i = 0; i < CARC_DICE_CITY_FACES; i++) {
        char w[5];
        for (unsigned s = 0; s < 4; s++)
            w[s] = (g->faces.city[i] >> s) & 1u ? 'B' : 'W';
        w[4] = '\0';
        carci_text_str(&o, " ");
        carci_text_str(&o, w);
    }
    carci_text_str(&o, "\n");
    for (uint32_t i = 0; i < g->st.n_hist; i++) {
        const carci_dice_hist *h = &g->hist[i];
        switch (h->kind) {
        case CARC_DICE_ACT_ROLL:
            carci_text_str(&o, "roll");
            for (unsigned k = 0; k < h->nfaces; k++) {
                char t[2] = { ' ', face_tokens[h->faces[k] % 6u] };
                carci_text_mem(&o, t, 2);
            }
            break;
        case CARC_DICE_ACT_SET_KNIGHT:
            carci_text_str(&o, "knight ");
            carci_text_u64(&o, h->die);
            break;
        case CARC_DICE_ACT_BUILD:
            carci_text_str(&o, "build ");
            carci_text_u64(&o, h->die);
            carci_text_str(&o, " ");
            carci_text_i64(&o, h->x);
            carci_text_str(&o, " ");
            carci_text_i64(&o, h->y);
            carci_text_str(&o, " ");
            carci_text_u64(&o, (uint64_t)h->rot * 90u);
            break;
        case CARC_DICE_ACT_STOP:
            carci_text_str(&o, "stop");
            break;
        case CARC_DICE_ACT_KNIGHT_OPTION:
            carci_text_str(&o, "keep-knight");
            break;
        default:
            return CARC_EINVAL;
        }
        carci_text_str(&o, "\n");
    }
    carci_text_str(&o, "actions ");
    carci_text_u64(&o, g->st.n_hist);
    carci_text_str(&o, "\n");
    return carci_text_finish(&o, needed);
}

/* ---------------------------------------------------------------- reading */

typedef struct drec_load {
    carc_load_error *err;
    uint32_t line;
} drec_load;

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 4, 5)))
#endif
static carc_status fail(drec_load *ld, uint32_t line, carc_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    carci_load_error_vset(ld->err, line, st, fmt, ap);
    va_end(ap);
    return st;
}




static carc_status read_line(drec_load *ld, const char *data, size_t len, size_t *pos, char *line)
{
    return carci_read_line(ld->err, ld->line, data, len, pos, line, DREC_MAX_LINE, false);
}

/* Play one action read from the record. */
static carc_status replay(drec_load *ld, carc_dice_game *g, const carc_dice_action *a, const char *what)
{
    carc_status st = carc_dice_game_play(g, a);
    if (st == CARC_ENOMEM)
        return fail(ld, ld->line, st, "out of memory");
    if (st != CARC_OK)
        return fail(ld, ld->line, CARC_ERECORD, "illegal %s: %s", what, carc_dice_game_last_error(g));
    return CARC_OK;
}

static carc_status replay_roll(drec_load *ld, carc_dice_game *g, char **tok, int ntok)
{
    uint8_t faces[CARCI_DICE_N];
    unsigned n = (unsigned)ntok - 1u, free_dice = 0;
    if (n < 1 || n > CARCI_DICE_N)
        return fail(ld, ld->line, CARC_EPARSE, "'roll' takes the faces of 1 to 9 dice");
    for (unsigned i = 0; i < n; i++) {
        const char *t = tok[i + 1];
        const char *f = t[0] && !t[1] ? memchr(face_tokens, t[0], sizeof face_tokens) : NULL;
        if (!f)
            return fail(ld, ld->line, CARC_EPARSE, "bad face '%s' (0, 1, 2, 3, K or C)", t);
        faces[i] = (uint8_t)(f - face_tokens);
    }
    for (unsigned d = 0; d < CARCI_DICE_N; d++)
        free_dice += g->st.dice[d].loc == CARC_DICE_LOC_POOL;
    if (g->st.phase == CARC_DICE_PHASE_GAME_OVER)
        return fail(ld, ld->line, CARC_ERECORD, "illegal roll: the game is over");
    if (n != free_dice)
        return fail(ld, ld->line, CARC_ERECORD, "a roll of %u dice, but %u dice are free to roll", n, free_dice);
    carc_status st = carc_dice_game_set_next_roll(g, faces, n);
    if (st != CARC_OK)
        return fail(ld, ld->line, CARC_ERECORD, "cannot roll: %s", carc_dice_game_last_error(g));
    carc_dice_action a = { CARC_DICE_ACT_ROLL, 0, 0, 0, 0, 0 };
    st = replay(ld, g, &a, "roll");
    if (st != CARC_OK)
        carc_dice_game_set_next_roll(g, NULL, 0);
    return st;
}

static carc_status replay_line(drec_load *ld, carc_dice_game *g, char **tok, int ntok)
{
    carc_dice_action a = { 0, 0, 0, 0, 0, 0 };
    uint64_t v;
    if (strcmp(tok[0], "roll") == 0)
        return replay_roll(ld, g, tok, ntok);
    if (strcmp(tok[0], "knight") == 0) {
        if (ntok != 2 || !carci_parse_u64(tok[1], CARCI_DICE_N - 1, &v))
            return fail(ld, ld->line, CARC_EPARSE, "'knight' takes a die number 0..8");
        a.kind = CARC_DICE_ACT_SET_KNIGHT;
        a.die = (uint32_t)v;
        return replay(ld, g, &a, "knight");
    }
    if (strcmp(tok[0], "build") == 0) {
        if (ntok != 5)
            return fail(ld, ld->line, CARC_EPARSE, "'build' takes a die, x, y and a rotation");
        if (!carci_parse_u64(tok[1], CARCI_DICE_N - 1, &v))
            return fail(ld, ld->line, CARC_EPARSE, "bad die '%s' (0..8)", tok[1]);
        a.die = (uint32_t)v;
        if (!carci_parse_i32(tok[2], &a.x) || !carci_parse_i32(tok[3], &a.y))
            return fail(ld, ld->line, CARC_EPARSE, "bad coordinates '%s %s'", tok[2], tok[3]);
        if (!carci_parse_u64(tok[4], 270, &v) || v % 90u)
            return fail(ld, ld->line, CARC_EPARSE, "bad rotation '%s' (0, 90, 180 or 270)", tok[4]);
        a.kind = CARC_DICE_ACT_BUILD;
        a.rotation = (uint32_t)(v / 90u);
        return replay(ld, g, &a, "build");
    }
    if (strcmp(tok[0], "stop") == 0 || strcmp(tok[0], "keep-knight") == 0) {
        if (ntok != 1)
            return fail(ld, ld->line, CARC_EPARSE, "'%s' takes no arguments", tok[0]);
        a.kind = tok[0][0] == 's' ? CARC_DICE_ACT_STOP : CARC_DICE_ACT_KNIGHT_OPTION;
        return replay(ld, g, &a, tok[0]);
    }
    return fail(ld, ld->line, CARC_EPARSE, "unknown keyword '%s'", tok[0]);
}

enum { HDR_MAGIC, HDR_PLAYERS, HDR_SEED, HDR_FACES, HDR_DONE };
static const char *const hdr_names[] = { DREC_MAGIC, "players", "seed", "faces" };

static carc_status parse_header(drec_load *ld, int which, char **tok, int ntok, carc_dice_options *o,
                                carc_dice_faces *faces)
{
    uint64_t v;
    if (strcmp(tok[0], hdr_names[which]) != 0) {
        if (which == HDR_MAGIC)
            return fail(ld, ld->line, CARC_EFORMAT, "not a carcassonne dice record");
        return fail(ld, ld->line, CARC_EPARSE, "expected '%s', found '%s'", hdr_names[which], tok[0]);
    }
    switch (which) {
    case HDR_MAGIC:
        if (ntok != 2 || !carci_parse_u64(tok[1], UINT32_MAX, &v))
            return fail(ld, ld->line, CARC_EFORMAT, "bad format version");
        if (v != CARC_DICE_RECORD_FORMAT)
            return fail(ld, ld->line, CARC_EFORMAT, "dice record format %s is not supported (this library reads 1)",
                        tok[1]);
        return CARC_OK;
    case HDR_PLAYERS:
        if (ntok != 2 || !carci_parse_u64(tok[1], CARCI_DICE_MAX_PLAYERS, &v) || v < 2)
            return fail(ld, ld->line, CARC_EPARSE, "players must be a number from 2 to 5");
        o->players = (uint32_t)v;
        return CARC_OK;
    case HDR_SEED:
        if (ntok != 2 || !carci_parse_u64(tok[1], UINT64_MAX, &v))
            return fail(ld, ld->line, CARC_EPARSE, "seed must be a number from 0 to 18446744073709551615");
        o->seed = v;
        return CARC_OK;
    case HDR_FACES: {
        char text[4 * 5];
        if (ntok != 1 + CARC_DICE_CITY_FACES)
            return fail(ld, ld->line, CARC_EPARSE, "'faces' takes 4 faces like BWWW (edges N, E, S, W)");
        for (int i = 1; i < ntok; i++)
            if (strlen(tok[i]) != 4)
                return fail(ld, ld->line, CARC_EPARSE, "bad face '%s' (4 letters B or W)", tok[i]);
        snprintf(text, sizeof text, "%s %s %s %s", tok[1], tok[2], tok[3], tok[4]);
        carc_status st = carc_dice_faces_parse(faces, text);
        if (st == CARC_EPARSE)
            return fail(ld, ld->line, CARC_EPARSE, "bad faces (4 letters B or W each)");
        if (st != CARC_OK)
            return fail(ld, ld->line, CARC_EPARSE, "invalid face set: every face needs a black edge");
        o->faces = faces;
        return CARC_OK;
    }
    default:
        return CARC_EINVAL;
    }
}

static carc_status load_record(drec_load *ld, carc_dice_game **gp, const char *data, size_t len,
                               const carc_allocator *allocator)
{
    char line[DREC_MAX_LINE + 1];
    char *tok[DREC_MAX_TOKENS];
    carc_dice_options opts = CARC_DICE_OPTIONS_INIT;
    carc_dice_faces faces = CARC_DICE_FACES_INIT;
    size_t pos = 0;
    int header = HDR_MAGIC, ntok;
    bool done = false;
    uint32_t actions = 0;
    carc_status st;

    opts.allocator = allocator;
    if (len < sizeof DREC_MAGIC || memcmp(data, DREC_MAGIC " ", sizeof DREC_MAGIC) != 0)
        return fail(ld, 1, CARC_EFORMAT, "not a carcassonne dice record (it must begin with '" DREC_MAGIC " ')");
    for (ld->line = 1; pos < len; ld->line++) {
        st = read_line(ld, data, len, &pos, line);
        if (st != CARC_OK)
            return st;
        if (done)
            return fail(ld, ld->line, CARC_EPARSE, "text after the 'actions' line");
        ntok = carci_tokenize(line, tok, DREC_MAX_TOKENS);
        if (ntok < 0)
            return fail(ld, ld->line, CARC_EPARSE, "empty line or extra space");
        if (ntok > DREC_MAX_TOKENS)
            return fail(ld, ld->line, CARC_EPARSE, "too many words");
        if (header != HDR_DONE) {
            st = parse_header(ld, header, tok, ntok, &opts, &faces);
            if (st != CARC_OK)
                return st;
            if (++header == HDR_DONE) {
                st = carc_dice_game_new(gp, &opts);
                if (st == CARC_ENOMEM)
                    return fail(ld, ld->line, st, "out of memory");
                if (st != CARC_OK)
                    return fail(ld, ld->line, CARC_ERECORD, "cannot create the game: %s", carc_status_str(st));
            }
            continue;
        }
        if (strcmp(tok[0], "actions") == 0) {
            uint64_t n;
            if (ntok != 2 || !carci_parse_u64(tok[1], UINT32_MAX, &n))
                return fail(ld, ld->line, CARC_EPARSE, "'actions' takes one number");
            if (n != actions)
                return fail(ld, ld->line, CARC_EPARSE, "'actions %s' but the record has %lu actions", tok[1],
                            (unsigned long)actions);
            done = true;
            continue;
        }
        actions++;
        st = replay_line(ld, *gp, tok, ntok);
        if (st != CARC_OK)
            return st;
    }
    if (header != HDR_DONE)
        return fail(ld, ld->line, CARC_EPARSE, "truncated record (expected '%s')", hdr_names[header]);
    if (!done)
        return fail(ld, ld->line, CARC_EPARSE, "truncated record (no 'actions' line)");
    return CARC_OK;
}

carc_status carc_dice_game_load(carc_dice_game **out, const char *data, size_t len, const carc_allocator *allocator,
                                carc_load_error *err)
{
    drec_load ld = { err, 0 };
    carc_dice_game *g = NULL;

    if (out)
        *out = NULL;
    if (err && err->struct_size < offsetof(carc_load_error, line) + sizeof err->line)
        return CARC_EINVAL;
    if (err)
        fail(&ld, 0, CARC_OK, "%s", "");
    if (!out || (!data && len > 0))
        return fail(&ld, 0, CARC_EINVAL, "invalid argument");
    if (allocator && (!allocator->alloc || !allocator->realloc || !allocator->free))
        return fail(&ld, 0, CARC_EINVAL, "incomplete allocator");
    carc_status st = load_record(&ld, &g, data, len, allocator);
    if (st != CARC_OK) {
        carc_dice_game_free(g);
        return st;
    }
    g->err[0] = '\0';
    *out = g;
    return CARC_OK;
}
