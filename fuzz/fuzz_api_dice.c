/* SPDX-License-Identifier: MIT */
/*
 * The API fuzzer's Dice Game (see fuzz_api.c for the input, fuzz_harness.h).
 * Header byte 1, bit 3: the input drives a carc_dice_game instead (bit 4:
 * a face set from bytes 2..5). Operations: play the k-th legal action (with
 * enumeration flags), play raw actions, undo, clone, save/load, fixed rolls,
 * queries. Checked after every step: each die belongs to exactly one player
 * (the masks of carc_dice_game_player_dice partition the 9 dice), scores
 * never lower but after undo, undo gives back the state before the action,
 * check_action accepts exactly the listed actions and play returns what it
 * returned, listings with flags are subsets of the full one, clones and
 * load(save(g)) equal the original. As for the tile game, states are compared
 * by a summary (phase, player, turn, rolls, scores, every die, counts), and
 * by the full fingerprint (the record too) on the sampled steps and for the
 * bottom of the undo stack; at the end the stack is unwound.
 */
#include "fuzz_api_dice.h"

static carc_status dice_save(char *b, size_t c, size_t *n, const void *g) { return carc_dice_game_save(b, c, n, g); }

static carc_status dice_load(void **out, const char *data, size_t len, const carc_allocator *a, carc_load_error *err)
{
    return carc_dice_game_load((carc_dice_game **)out, data, len, a, err);
}

static carc_status dice_clone(void **out, const void *g, uint32_t flags)
{
    return carc_dice_game_clone((carc_dice_game **)out, g, flags);
}

static carc_dice_die die_at(const carc_dice_game *g, uint32_t d)
{
    carc_dice_die die = SIZED(carc_dice_die);
    FZ_OK(carc_dice_game_die(&die, g, d));
    return die;
}

static carc_dice_event dice_event_at(const carc_dice_game *g, uint32_t i)
{
    carc_dice_event e = SIZED(carc_dice_event);
    FZ_OK(carc_dice_game_event(&e, g, i));
    return e;
}

/* Everything a dice game shows, as numbers (as for the tile game): state,
 * players, dice, every action and every event. */
static fp *dfingerprint(const carc_dice_game *g)
{
    fp *f = calloc(1, sizeof *f);
    FZ_CHECK(f != NULL);
    uint32_t players = 0, u = 0, n = 0;
    int32_t s = 0;
    bool yes = false;
    f->sect[0] = f->n;
    FZ_OK(carc_dice_game_players(&players, g));
    put(f, players);
    FZ_OK(carc_dice_game_phase(&u, g));
    put(f, u);
    FZ_OK(carc_dice_game_current_player(&u, g));
    put(f, u);
    FZ_OK(carc_dice_game_turn(&u, g));
    put(f, u);
    FZ_OK(carc_dice_game_rolls(&u, g));
    put(f, u);
    FZ_OK(carc_dice_game_doubled(&yes, g));
    put(f, yes);
    f->sect[1] = f->n;
    for (uint32_t p = 0; p < players; p++) {
        FZ_OK(carc_dice_game_score(&s, g, p));
        put(f, (uint32_t)s);
        FZ_OK(carc_dice_game_player_dice(&u, g, p));
        put(f, u);
    }
    f->sect[2] = f->n;
    for (uint32_t d = 0; d < CARC_DICE_COUNT; d++) {
        carc_dice_die die = die_at(g, d);
        put(f, die.location | die.player << 8 | die.face << 16 | die.rotation << 24);
        put(f, (uint32_t)die.x);
        put(f, (uint32_t)die.y);
        put(f, die.edges);
    }
    f->sect[3] = f->n;
    FZ_OK(carc_dice_game_action_count(&n, g));
    put(f, n);
    for (uint32_t i = 0; i < n; i++) {
        carc_dice_action a;
        FZ_OK(carc_dice_game_action(&a, g, i));
        put(f, a.kind | a.die << 8 | a.rotation << 16);
        put(f, (uint32_t)a.x);
        put(f, (uint32_t)a.y);
        put(f, a.reserved);
    }
    f->sect[4] = f->sect[5] = f->n;
    FZ_OK(carc_dice_game_event_count(&n, g));
    put(f, n);
    for (uint32_t i = 0; i < n; i++) {
        carc_dice_event e = dice_event_at(g, i);
        put(f, e.kind | e.player << 8 | e.doubled << 16 | e.reason << 24);
        put(f, e.action);
        put(f, e.turn);
        put(f, (uint32_t)e.points);
        put(f, e.dice | e.to << 16);
    }
    f->sect[6] = f->sect[7] = f->n;
    return f;
}

/* What a few cheap calls show of a dice game. */
typedef struct dsummary {
    uint32_t players, phase, cur, turn, rolls, doubled, events, actions;
    int32_t score[8];
    uint32_t dice[8];
    carc_dice_die die[CARC_DICE_COUNT];
} dsummary;

static void dsummarize(const carc_dice_game *g, dsummary *s)
{
    bool yes = false;
    memset(s, 0, sizeof *s);
    FZ_OK(carc_dice_game_players(&s->players, g));
    FZ_CHECK(s->players >= 2 && s->players <= 5);
    FZ_OK(carc_dice_game_phase(&s->phase, g));
    FZ_OK(carc_dice_game_current_player(&s->cur, g));
    FZ_OK(carc_dice_game_turn(&s->turn, g));
    FZ_OK(carc_dice_game_rolls(&s->rolls, g));
    FZ_OK(carc_dice_game_doubled(&yes, g));
    s->doubled = yes;
    FZ_OK(carc_dice_game_event_count(&s->events, g));
    FZ_OK(carc_dice_game_action_count(&s->actions, g));
    for (uint32_t p = 0; p < s->players; p++) {
        FZ_OK(carc_dice_game_score(&s->score[p], g, p));
        FZ_OK(carc_dice_game_player_dice(&s->dice[p], g, p));
    }
    for (uint32_t d = 0; d < CARC_DICE_COUNT; d++)
        s->die[d] = die_at(g, d);
}

typedef struct dsnap {
    dsummary s;
    fp *full;
} dsnap;

static bool dfull_now; /* this step does the expensive checks */

static void dsnap_take(const carc_dice_game *g, bool full, dsnap *s)
{
    dsummarize(g, &s->s);
    s->full = full || dfull_now ? dfingerprint(g) : NULL;
}

static void dsnap_check(dsnap *s, const carc_dice_game *g, const char *what)
{
    dsummary now;
    dsummarize(g, &now);
    if (memcmp(&s->s, &now, sizeof now) != 0) {
        fprintf(stderr, "fuzz_api: dice %s: summaries differ (phase %u/%u, turn %u/%u, actions %u/%u)\n", what,
                s->s.phase, now.phase, s->s.turn, now.turn, s->s.actions, now.actions);
        FZ_CHECK(!"the dice game is not as expected");
    }
    if (s->full)
        same_fp(s->full, dfingerprint(g));
    s->full = NULL;
}

static void dsame_games(const carc_dice_game *a, const carc_dice_game *b)
{
    dsnap x;
    dsnap_take(a, false, &x);
    dsnap_check(&x, b, "copy");
    if (dfull_now)
        same_fp(dfingerprint(a), dfingerprint(b));
}

typedef struct dz {
    carc_dice_game *g;
    uint32_t players;
    dsnap *stack;
    size_t depth, cap;
    bool unknown_base; /* a loaded game can undo its whole record */
    bool base_full;    /* the bottom of the stack had its full fingerprint */
    unsigned loads;    /* carc_dice_game_load calls so far */
    int32_t scores[8];
    carc_dice_action *list, *list2;
    size_t list_cap;
} dz;

static uint32_t dphase(const carc_dice_game *g)
{
    uint32_t p = 99;
    FZ_OK(carc_dice_game_phase(&p, g));
    return p;
}

static void dtake_scores(dz *z)
{
    for (uint32_t p = 0; p < z->players; p++)
        FZ_OK(carc_dice_game_score(&z->scores[p], z->g, p));
}

static void dpush(dz *z, dsnap *s)
{
    grow(&z->stack, &z->cap, z->depth + 1, sizeof *z->stack, 64);
    z->stack[z->depth++] = *s;
}

static void dclear(dz *z)
{
    while (z->depth)
        fp_free(z->stack[--z->depth].full);
    z->base_full = false;
}

/* The legal actions with `flags` into z->list (or list2); returns the count.
 * One call into a list with room (an enumeration is not cheap); a second
 * one, after CARC_EBUFFER, only when the list had to grow, and on sampled
 * steps the size query without a buffer too. */
/* z's two action lists with room for `cap` actions (they outlive the
 * input: no new pages for every input). */
static void dlists(dz *z, size_t cap)
{
    static carc_dice_action *keep1, *keep2;
    static size_t keep_cap;
    if (cap > keep_cap) {
        free(keep1);
        free(keep2);
        keep_cap = cap;
        keep1 = malloc(keep_cap * sizeof *keep1);
        keep2 = malloc(keep_cap * sizeof *keep2);
        FZ_CHECK(keep1 && keep2);
    }
    z->list = keep1;
    z->list2 = keep2;
    z->list_cap = keep_cap;
}

static size_t dlist(dz *z, uint32_t flags, bool second)
{
    size_t n = 0, again = 0;
    dlists(z, 4096);
    carc_status st = carc_dice_game_legal_actions(second ? z->list2 : z->list, z->list_cap, &n, z->g, flags);
    if (st == CARC_EBUFFER) {
        FZ_CHECK(n > z->list_cap);
        dlists(z, 2 * n);
        st = carc_dice_game_legal_actions(second ? z->list2 : z->list, z->list_cap, &again, z->g, flags);
        FZ_CHECK(again == n);
    }
    FZ_OK(st);
    if (dfull_now) {
        FZ_CHECK(carc_dice_game_legal_actions(NULL, 0, &again, z->g, flags) == (n ? CARC_EBUFFER : CARC_OK));
        FZ_CHECK(again == n);
    }
    return n;
}

/* (field by field: a memcmp would be intercepted, and lists are long) */
static bool dsame_action(const carc_dice_action *a, const carc_dice_action *b)
{
    return a->kind == b->kind && a->die == b->die && a->x == b->x && a->y == b->y && a->rotation == b->rotation &&
           a->reserved == b->reserved;
}

static void dinvariants(dz *z)
{
    uint32_t all = 0, ph = dphase(z->g), rolls = 0;
    for (uint32_t p = 0; p < z->players; p++) {
        uint32_t m = 0;
        int32_t s;
        FZ_OK(carc_dice_game_player_dice(&m, z->g, p));
        FZ_CHECK((all & m) == 0); /* a die lies in front of one player */
        all |= m;
        FZ_OK(carc_dice_game_score(&s, z->g, p));
        FZ_CHECK(s >= z->scores[p]);
    }
    FZ_CHECK(all == (1u << CARC_DICE_COUNT) - 1u);
    dtake_scores(z);
    FZ_CHECK(ph <= CARC_DICE_PHASE_GAME_OVER);
    FZ_OK(carc_dice_game_rolls(&rolls, z->g));
    FZ_CHECK(rolls <= CARC_DICE_MAX_ROLLS);
    uint32_t w = 0;
    FZ_CHECK(carc_dice_game_winner(&w, NULL, z->g) == (ph == CARC_DICE_PHASE_GAME_OVER ? CARC_OK : CARC_ENOTFOUND));
    bool can = false;
    FZ_OK(carc_dice_game_can_undo(&can, z->g));
    if (z->depth > 0)
        FZ_CHECK(can);
    else if (!z->unknown_base)
        FZ_CHECK(!can);
}

static void dplay_checked(dz *z, const carc_dice_action *a)
{
    dsnap before;
    bool bottom = z->depth == 0 && !z->base_full; /* the bottom of the stack: in full, once */
    dsnap_take(z->g, bottom, &before);
    z->base_full |= bottom;
    FZ_OK(carc_dice_game_play(z->g, a));
    FZ_CHECK(carc_dice_game_last_error(z->g)[0] == '\0');
    dpush(z, &before);
}

static void dop_play_index(dz *z, input *in)
{
    uint16_t idx = u16(in);
    /* the three enumeration flags from idx; all three (the shortest list, the
     * cheapest enumeration) unless bits 11 and 12 are set */
    uint32_t flags = (idx & 0x1800u) == 0x1800u ? (uint32_t)(idx >> 13) : 7u;
    size_t n = dlist(z, flags, false);
    if (dphase(z->g) == CARC_DICE_PHASE_GAME_OVER) {
        FZ_CHECK(n == 0);
        return;
    }
    FZ_CHECK(n > 0);
    carc_dice_action a = z->list[idx % n];
    FZ_OK(carc_dice_game_check_action(z->g, &a));
    if (flags && dfull_now) {
        /* a listing with flags is part of the full one */
        size_t full = dlist(z, 0, true), k;
        for (k = 0; k < full; k++)
            if (dsame_action(&z->list2[k], &a))
                break;
        FZ_CHECK(k < full);
    }
    dplay_checked(z, &a);
}

static void dop_play_raw(dz *z, input *in)
{
    uint8_t b[6];
    for (int i = 0; i < 6; i++)
        b[i] = byte(in);
    carc_dice_action a;
    memset(&a, 0, sizeof a);
    a.kind = b[0] & 0x80 ? b[0] : b[0] % 5u;
    a.die = b[1] & 0x80 ? b[1] : b[1] % 9u;
    a.x = (int8_t)b[2] % 10;
    a.y = (int8_t)b[3] % 10;
    a.rotation = b[4] & 0x80 ? b[4] : b[4] % 4u;
    if (!(b[5] & 1) && a.kind != CARC_DICE_ACT_BUILD) {
        a.x = a.y = 0;
        a.rotation = 0;
        if (a.kind != CARC_DICE_ACT_SET_KNIGHT)
            a.die = 0;
    }
    if (b[5] & 2)
        a.reserved = b[5];
    carc_status chk = carc_dice_game_check_action(z->g, &a);
    if (chk == CARC_OK || dfull_now) {
        /* legal iff listed (a refused listed action is also caught where
         * listed actions are played) */
        size_t n = dlist(z, 0, false), k;
        for (k = 0; k < n; k++)
            if (dsame_action(&z->list[k], &a))
                break;
        FZ_CHECK((chk == CARC_OK) == (k < n));
    }
    if (chk == CARC_OK) {
        dplay_checked(z, &a);
        return;
    }
    dsnap before;
    dsnap_take(z->g, false, &before);
    FZ_CHECK(carc_dice_game_play(z->g, &a) == chk);
    FZ_CHECK(carc_dice_game_last_error(z->g)[0] != '\0');
    dsnap_check(&before, z->g, "a refused action");
}

static void dop_undo(dz *z, input *in)
{
    (void)in;
    bool can = false;
    FZ_OK(carc_dice_game_can_undo(&can, z->g));
    carc_status st = carc_dice_game_undo(z->g);
    if (z->depth > 0) {
        FZ_CHECK(can && st == CARC_OK);
        dsnap_check(&z->stack[--z->depth], z->g, "undo");
    } else {
        FZ_CHECK(st == (can ? CARC_OK : CARC_ENO_UNDO));
        FZ_CHECK(z->unknown_base || !can);
    }
    dtake_scores(z);
}

static void dop_clone(dz *z, input *in)
{
    uint8_t b = byte(in);
    uint32_t flags = clone_flags(b);
    carc_dice_game *c = cloned(dice_clone, z->g, flags);
    if (c == NULL)
        return;
    dsame_games(z->g, c);
    if (b & 2) {
        carc_dice_game_free(z->g);
        z->g = c;
        if (flags) {
            dclear(z);
            z->unknown_base = false;
        }
        return;
    }
    /* independent: an action on the clone leaves the original alone */
    dsnap before;
    dsnap_take(z->g, false, &before);
    carc_dice_game *mine = z->g;
    z->g = c; /* (dlist lists the game of z) */
    size_t n = dlist(z, CARC_DICE_ENUM_UNIQUE_ROTATIONS, true);
    z->g = mine;
    if (n)
        FZ_OK(carc_dice_game_play(c, &z->list2[b % n]));
    dsnap_check(&before, z->g, "the original after an action on its clone");
    carc_dice_game_free(c);
}

static void dop_save_load(dz *z, input *in)
{
    uint8_t b = byte(in);
    if (!within(&z->loads, MAX_LOADS))
        return;
    carc_dice_game *l = reloaded(dice_save, dice_load, z->g, "dice ");
    dsame_games(z->g, l);
    if (b & 1) {
        carc_dice_game_free(z->g);
        z->g = l;
        dclear(z);
        z->unknown_base = true;
    } else {
        carc_dice_game_free(l);
    }
}

static void dop_set_roll(dz *z, input *in)
{
    uint8_t n = byte(in) % 12, faces[12];
    bool bad = false;
    for (uint8_t i = 0; i < n; i++) {
        uint8_t f = byte(in);
        faces[i] = f & 0x80 ? f : f % 6u;
        bad |= faces[i] > CARC_DICE_FACE_CATAPULT;
    }
    dsnap before;
    dsnap_take(z->g, false, &before);
    carc_status st = carc_dice_game_set_next_roll(z->g, n ? faces : NULL, n);
    carc_status want = n > CARC_DICE_COUNT || bad ? CARC_ERANGE
                       : dphase(z->g) == CARC_DICE_PHASE_GAME_OVER ? CARC_EGAME_OVER : CARC_OK;
    FZ_CHECK(st == want);
    /* not an action: nothing visible changes either way */
    dsnap_check(&before, z->g, "set_next_roll");
}

static void dop_queries(dz *z, input *in)
{
    (void)in;
    uint32_t dice = 0, mask = 0;
    FZ_OK(carc_dice_game_largest_closed_city(&dice, &mask, z->g));
    FZ_CHECK((uint32_t)__builtin_popcount(mask) == dice);
    int32_t x0, y0, x1, y1;
    carc_status st = carc_dice_game_city_bounds(&x0, &y0, &x1, &y1, z->g);
    for (uint32_t d = 0; d < CARC_DICE_COUNT; d++) {
        carc_dice_die die = die_at(z->g, d);
        FZ_CHECK(die.location <= CARC_DICE_LOC_KEPT && die.player < z->players);
        if (die.location == CARC_DICE_LOC_CITY) {
            uint32_t at = 99;
            FZ_OK(st);
            FZ_CHECK(die.x >= x0 && die.x <= x1 && die.y >= y0 && die.y <= y1);
            FZ_OK(carc_dice_game_cell(&at, z->g, die.x, die.y));
            FZ_CHECK(at == d);
        }
    }
    uint32_t n = 0;
    FZ_OK(carc_dice_game_event_count(&n, z->g));
    for (uint32_t i = 0; i < n; i++) {
        carc_dice_event e = dice_event_at(z->g, i);
        FZ_CHECK(e.kind <= CARC_DICE_EVENT_WIN && e.player < z->players);
    }
    FZ_OK(carc_dice_game_action_count(&n, z->g));
    for (uint32_t i = 0; i < n; i++) {
        carc_dice_action a;
        FZ_OK(carc_dice_game_action(&a, z->g, i));
        FZ_CHECK(a.kind <= CARC_DICE_ACT_KNIGHT_OPTION);
    }
}

/* The operations of a Dice Game input: op byte % 9 (playing by index three times as likely). */
static const struct dice_op {
    const char *name;
    void (*run)(dz *z, input *in);
} DICE_OPS[] = {
    { "play_index", dop_play_index }, { "play_index", dop_play_index }, { "play_index", dop_play_index },
    { "play_raw", dop_play_raw },     { "undo", dop_undo },             { "clone", dop_clone },
    { "save_load", dop_save_load },   { "set_next_roll", dop_set_roll }, { "queries", dop_queries },
};

void dice_run(input *in, const uint8_t hdr[14])
{
    carc_dice_options o;
    carc_dice_faces faces;
    FZ_OK(carc_dice_options_init(&o, CARC_DICE_OPTIONS_VERSION));
    o.players = 2u + hdr[0] % 4u;
    for (int i = 0; i < 8; i++)
        o.seed |= (uint64_t)hdr[6 + i] << (8 * i);
    if (hdr[1] & 16) {
        FZ_OK(carc_dice_faces_init(&faces, CARC_DICE_FACES_VERSION));
        for (int i = 0; i < CARC_DICE_CITY_FACES; i++)
            faces.city[i] = (uint8_t)((hdr[2 + i] & 0xF) ? (hdr[2 + i] & 0xF) : 1);
        FZ_OK(carc_dice_faces_check(&faces));
        o.faces = &faces;
    }
    dz z;
    memset(&z, 0, sizeof z);
    z.players = o.players;
    FZ_OK(carc_dice_game_new(&z.g, &o));
    dtake_scores(&z);
    dinvariants(&z);
    for (int ops = 0; ops < MAX_OPS && in->n > 0; ops++) {
        dfull_now = deep || (unsigned)(ops + 1) % full_every == 0;
        const struct dice_op *op = &DICE_OPS[byte(in) % COUNT_OF(DICE_OPS)];
        if (trace) {
            uint32_t acts = 0;
            carc_dice_game_action_count(&acts, z.g);
            fprintf(stderr, "dice op %d: %s (actions %u, phase %u, undo depth %zu)\n", ops, op->name, acts,
                    dphase(z.g), z.depth);
        }
        op->run(&z, in);
        dinvariants(&z);
    }
    /* the end: every undo on the stack taken back, each checked */
    dfull_now = deep;
    while (z.depth > 0) {
        dop_undo(&z, NULL);
        dinvariants(&z);
    }
    dclear(&z);
    free(z.stack);
    carc_dice_game_free(z.g);
}

