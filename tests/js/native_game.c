/* SPDX-License-Identifier: MIT */
/*
 * The native reference for the JavaScript tests (tests/js/binding.test.mjs,
 * tests/js/page.test.mjs): plays a seeded game with one policy through the C
 * library, or replays a record, and prints what the JavaScript side must
 * reproduce byte for byte, as one JSON object:
 *
 *   {"record": "...", "scores": [..], "events": N, "history": N, "over": true, "svg": "..."}
 *
 *   native_game play PLAYERS SEED MODULES POLICY [MAX_MOVES]
 *       POLICY: first (the first legal move), random (carc-playout's: a
 *       splitmix64 from seed ^ 0x5eed5eed5eed, move index = next % count),
 *       immediate (carc_playout_choose, CARC_POLICY_IMMEDIATE, the same
 *       generator state); MODULES as carc_modules_parse reads them ("" or "-": the
 *       base game), with the Count and the River the spring at the
 *       library's default place.
 *   native_game load RECORD_FILE
 *
 * Public API only.
 */
#include <carcassonne/carcassonne.h>
#include <carcassonne/search.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


static uint64_t splitmix64(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static void json_string(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            printf("\\%c", c);
        else if (c == '\n')
            fputs("\\n", stdout);
        else if (c < 0x20)
            printf("\\u%04x", c);
        else
            putchar(c);
    }
    putchar('"');
}

static char *text_of(carc_status (*fn)(char *, size_t, size_t *, const carc_game *), const carc_game *g)
{
    size_t need = 0;
    char *buf;
    if (fn(NULL, 0, &need, g) != CARC_EBUFFER && need != 0)
        return NULL;
    buf = malloc(need + 1);
    if (buf != NULL && fn(buf, need + 1, NULL, g) != CARC_OK) {
        free(buf);
        buf = NULL;
    }
    return buf;
}

static carc_status svg_text(char *b, size_t cap, size_t *need, const carc_game *g)
{
    return carc_game_render_svg(b, cap, need, g, 0);
}

static int report(const carc_game *g)
{
    uint32_t players = 0, events = 0, history = 0, p;
    bool over = false;
    char *record = text_of(carc_game_save, g), *svg = text_of(svg_text, g);
    if (record == NULL || svg == NULL) {
        fprintf(stderr, "native_game: cannot save or render\n");
        return 1;
    }
    carc_game_players(&players, g);
    carc_game_event_count(&events, g);
    carc_game_history_count(&history, g);
    carc_game_is_over(&over, g);
    fputs("{\"record\": ", stdout);
    json_string(record);
    fputs(", \"scores\": [", stdout);
    for (p = 0; p < players; p++) {
        int32_t s = 0;
        carc_game_score(&s, g, p);
        printf("%s%ld", p ? ", " : "", (long)s);
    }
    printf("], \"events\": %lu, \"history\": %lu, \"over\": %s, \"svg\": ", (unsigned long)events,
           (unsigned long)history, over ? "true" : "false");
    json_string(svg);
    fputs("}\n", stdout);
    free(record);
    free(svg);
    return 0;
}

static int play(int argc, char **argv)
{
    carc_game_options opts;
    carc_game *g = NULL;
    carc_movelist *ml = NULL;
    carc_playout *runner = NULL;
    const char *policy = argv[5];
    unsigned long long max_moves = argc > 6 ? strtoull(argv[6], NULL, 10) : ~0ull, played = 0;
    uint64_t rng;
    carc_status st;
    char msg[200];
    int rc = 1;

    carc_game_options_init(&opts, CARC_GAME_OPTIONS_VERSION);
    opts.players = (uint32_t)strtoul(argv[2], NULL, 10);
    opts.seed = strtoull(argv[3], NULL, 10);
    if (strcmp(argv[4], "-") != 0 && carc_modules_parse(&opts.modules, argv[4]) != CARC_OK) {
        fprintf(stderr, "native_game: bad modules '%s'\n", argv[4]);
        return 2;
    }
    if (carc_game_options_check(&opts, msg, sizeof msg) != CARC_OK) {
        fprintf(stderr, "native_game: %s\n", msg);
        return 2;
    }
    rng = opts.seed ^ 0x5eed5eed5eedull;
    if (carc_game_new(&g, &opts) != CARC_OK || carc_movelist_new(&ml, g) != CARC_OK ||
        carc_playout_new(&runner, g) != CARC_OK) {
        fprintf(stderr, "native_game: cannot create the game\n");
        goto out;
    }
    for (;;) {
        bool over = false;
        carc_move mv;
        if (carc_game_is_over(&over, g) != CARC_OK || over || played >= max_moves)
            break;
        if (strcmp(policy, "immediate") == 0) {
            st = carc_playout_choose(&mv, runner, g, CARC_POLICY_IMMEDIATE, &rng);
        } else {
            size_t n;
            st = carc_game_legal_moves(ml, g, 0);
            n = carc_movelist_count(ml);
            if (st == CARC_OK && n == 0)
                st = CARC_EILLEGAL;
            if (st == CARC_OK)
                st = carc_movelist_get(&mv, ml, strcmp(policy, "first") == 0 ? 0 : (size_t)(splitmix64(&rng) % n));
        }
        if (st == CARC_OK)
            st = carc_game_play(g, &mv);
        if (st != CARC_OK) {
            fprintf(stderr, "native_game: %s: %s\n", carc_status_name(st), carc_game_last_error(g));
            goto out;
        }
        played++;
    }
    rc = report(g);
out:
    carc_playout_free(runner);
    carc_movelist_free(ml);
    carc_game_free(g);
    return rc;
}

static int load(const char *path)
{
    FILE *f = fopen(path, "rb");
    char *data;
    long len;
    carc_game *g = NULL;
    carc_load_error err;
    int rc;
    if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (len = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fprintf(stderr, "native_game: cannot read %s\n", path);
        return 1;
    }
    data = malloc((size_t)len + 1);
    if (data == NULL || fread(data, 1, (size_t)len, f) != (size_t)len) {
        fprintf(stderr, "native_game: cannot read %s\n", path);
        return 1;
    }
    fclose(f);
    memset(&err, 0, sizeof err);
    err.struct_size = sizeof err;
    if (carc_game_load(&g, data, (size_t)len, NULL, &err) != CARC_OK) {
        fprintf(stderr, "native_game: %s: %s\n", path, err.message);
        free(data);
        return 1;
    }
    rc = report(g);
    carc_game_free(g);
    free(data);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc >= 6 && strcmp(argv[1], "play") == 0)
        return play(argc, argv);
    if (argc == 3 && strcmp(argv[1], "load") == 0)
        return load(argv[2]);
    fprintf(stderr, "usage: native_game play PLAYERS SEED MODULES first|random|immediate [MAX_MOVES]\n"
                    "       native_game load RECORD\n");
    return 2;
}
