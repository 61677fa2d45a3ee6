/* SPDX-License-Identifier: MIT */
/*
 * carc-dice-demo: a seeded game of The Carcassonne Dice Game between simple
 * bots, printed roll by roll with each city drawn as text.
 *
 *   carc-dice-demo [--players N] [--seed S] [--faces "BWWW BBWW BWBW BBBW"]
 *                  [--quiet] [--max-turns N] [--record]
 *
 * --quiet prints only the final scores, --record prints the game record at
 * the end. Uses only the public API (<carcassonne/dice.h>).
 *
 * The bot: roll; set knights aside when they can reach 3; build the die and
 * cell that most improve its best city (a closed city of 3 dice or more
 * above all, else more dice and fewer open black edges, and never a closed
 * city of 1 or 2 dice, which scores nothing); stop as soon as a
 * closed city of 4 dice or more stands; roll again when nothing helps; take
 * the knight option when its city would score less than 3 points.
 */
#include <carcassonne/dice.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The bot builds only next to its city (CARC_DICE_ENUM_TOUCHING), so its 9
 * dice at most stay within 8 cells of the first die at 0,0. */
#define R (CARC_DICE_COUNT - 1)
#define W (2 * R + 1)

static const char *face_name(uint32_t face)
{
    static const char *const names[] = { "city0", "city1", "city2", "city3", "knight", "catapult" };
    return face < 6 ? names[face] : "-";
}

/* ------------------------------------------------------------------ bot */

/* The city grid as the bot sees it: 0 empty, else 0x10 | black edges. */
typedef struct bot_grid {
    uint8_t cell[W][W];
} bot_grid;

static void bot_load(bot_grid *gr, const carc_dice_game *g)
{
    memset(gr, 0, sizeof *gr);
    for (uint32_t d = 0; d < CARC_DICE_COUNT; d++) {
        carc_dice_die die = { sizeof die, 0, 0, 0, 0, 0, 0, 0 };
        if (carc_dice_game_die(&die, g, d) == CARC_OK && die.location == CARC_DICE_LOC_CITY)
            gr->cell[die.y + R][die.x + R] = (uint8_t)(0x10u | die.edges);
    }
}

/* How good the best city of the grid is: a closed city of 3 dice or more
 * beats everything, else more dice and fewer open black edges. */
static int bot_value(const bot_grid *gr)
{
    static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
    uint8_t seen[W][W];
    int best = -1000000;
    memset(seen, 0, sizeof seen);
    for (int y0 = 0; y0 < W; y0++)
        for (int x0 = 0; x0 < W; x0++) {
            if (!gr->cell[y0][x0] || seen[y0][x0])
                continue;
            int stack[W * W][2], sp = 0, size = 0, open = 0;
            stack[sp][0] = x0;
            stack[sp++][1] = y0;
            seen[y0][x0] = 1;
            while (sp) {
                sp--;
                int x = stack[sp][0], y = stack[sp][1];
                size++;
                for (int s = 0; s < 4; s++) {
                    if (!((gr->cell[y][x] >> s) & 1))
                        continue;
                    int nx = x + dx[s], ny = y + dy[s];
                    if (nx < 0 || ny < 0 || nx >= W || ny >= W || !gr->cell[ny][nx]) {
                        open++;
                        continue;
                    }
                    if (!seen[ny][nx]) {
                        seen[ny][nx] = 1;
                        stack[sp][0] = nx;
                        stack[sp++][1] = ny;
                    }
                }
            }
            /* a closed city of 1 or 2 dice scores nothing and can never grow */
            int v = open == 0 ? (size >= 3 ? 1000 + 10 * size : -100) : 2 * size - 3 * open;
            if (v > best)
                best = v;
        }
    return best;
}

static carc_dice_action bot_choose(const carc_dice_game *g)
{
    carc_dice_action act = { CARC_DICE_ACT_STOP, 0, 0, 0, 0, 0 };
    uint32_t phase = 0, rolls = 0, closed = 0;
    bool doubled = false;
    carc_dice_game_phase(&phase, g);
    if (phase == CARC_DICE_PHASE_ROLL) {
        act.kind = CARC_DICE_ACT_ROLL;
        return act;
    }
    carc_dice_game_rolls(&rolls, g);
    carc_dice_game_largest_closed_city(&closed, NULL, g);
    carc_dice_game_doubled(&doubled, g);
    int32_t points = carc_dice_city_points(closed) * (doubled ? 2 : 1);

    uint32_t aside = 0, free_knights = 0, free_dice = 0, first_knight = 0;
    for (uint32_t d = 0; d < CARC_DICE_COUNT; d++) {
        carc_dice_die die = { sizeof die, 0, 0, 0, 0, 0, 0, 0 };
        carc_dice_game_die(&die, g, d);
        if (die.location == CARC_DICE_LOC_KNIGHT)
            aside++;
        if (die.location == CARC_DICE_LOC_POOL) {
            free_dice++;
            if (die.face == CARC_DICE_FACE_KNIGHT && free_knights++ == 0)
                first_knight = d;
        }
    }
    bool knight_option = aside >= CARC_DICE_KNIGHT_OPTION_KNIGHTS;
    if (phase == CARC_DICE_PHASE_KNIGHT_OPTION) {
        act.kind = points < 3 ? CARC_DICE_ACT_KNIGHT_OPTION : CARC_DICE_ACT_STOP;
        return act;
    }
    if (closed >= 4) /* good enough: stop */
        return act;
    if (free_knights && aside + free_knights >= CARC_DICE_KNIGHT_OPTION_KNIGHTS && !knight_option) {
        act.kind = CARC_DICE_ACT_SET_KNIGHT;
        act.die = first_knight;
        return act;
    }

    /* the build that most improves the best city */
    static carc_dice_action list[4096];
    size_t n = 0;
    const uint32_t flags = CARC_DICE_ENUM_UNIQUE_ROTATIONS | CARC_DICE_ENUM_UNIQUE_DICE | CARC_DICE_ENUM_TOUCHING;
    if (carc_dice_game_legal_actions(list, sizeof list / sizeof list[0], &n, g, flags) != CARC_OK)
        n = 0;
    bot_grid gr;
    bot_load(&gr, g);
    int now = bot_value(&gr), best = now;
    bool found = false;
    for (size_t i = 0; i < n; i++) {
        if (list[i].kind != CARC_DICE_ACT_BUILD)
            continue;
        carc_dice_die die = { sizeof die, 0, 0, 0, 0, 0, 0, 0 };
        carc_dice_game_die(&die, g, list[i].die);
        uint32_t e = die.edges;
        e = ((e << list[i].rotation) | (e >> (4u - list[i].rotation))) & 0xFu;
        gr.cell[list[i].y + R][list[i].x + R] = (uint8_t)(0x10u | e);
        int v = bot_value(&gr);
        gr.cell[list[i].y + R][list[i].x + R] = 0;
        if (v > best) {
            best = v;
            act = list[i];
            found = true;
        }
    }
    if (found)
        return act;
    act.kind = CARC_DICE_ACT_STOP;
    if (rolls < CARC_DICE_MAX_ROLLS && free_dice > 0 && !(knight_option && points < 3 && free_knights == 0)) {
        act.kind = CARC_DICE_ACT_ROLL;
        return act;
    }
    if (knight_option && points < 3)
        act.kind = CARC_DICE_ACT_KNIGHT_OPTION;
    return act;
}

/* --------------------------------------------------------------- printing */

/* The dice built this turn, as the demo saw them built (the library clears
 * the grid when the turn ends, so the demo keeps its own copy to draw it). */
typedef struct demo_city {
    uint32_t n;
    int32_t x[CARC_DICE_COUNT], y[CARC_DICE_COUNT];
    uint32_t edges[CARC_DICE_COUNT];
} demo_city;

static void print_city(const demo_city *c)
{
    if (c->n == 0) {
        printf("    (no city)\n");
        return;
    }
    int32_t x0 = c->x[0], y0 = c->y[0], x1 = c->x[0], y1 = c->y[0];
    for (uint32_t i = 1; i < c->n; i++) {
        x0 = c->x[i] < x0 ? c->x[i] : x0;
        y0 = c->y[i] < y0 ? c->y[i] : y0;
        x1 = c->x[i] > x1 ? c->x[i] : x1;
        y1 = c->y[i] > y1 ? c->y[i] : y1;
    }
    /* each die is 3x3 characters: '#' black edges and centre, '.' white edges */
    for (int32_t y = y0; y <= y1; y++)
        for (int row = 0; row < 3; row++) {
            printf("    ");
            for (int32_t x = x0; x <= x1; x++) {
                uint32_t i = 0;
                while (i < c->n && (c->x[i] != x || c->y[i] != y))
                    i++;
                if (i == c->n) {
                    printf("   ");
                    continue;
                }
                uint32_t e = c->edges[i];
                char n = (e & CARC_DICE_EDGE_N) ? '#' : '.', ea = (e & CARC_DICE_EDGE_E) ? '#' : '.';
                char so = (e & CARC_DICE_EDGE_S) ? '#' : '.', w = (e & CARC_DICE_EDGE_W) ? '#' : '.';
                if (row == 0)
                    printf("+%c+", n);
                else if (row == 1)
                    printf("%c#%c", w, ea);
                else
                    printf("+%c+", so);
            }
            printf("\n");
        }
}

static void print_roll(const carc_dice_game *g, uint32_t rolls)
{
    printf("  roll %u:", rolls);
    for (uint32_t d = 0; d < CARC_DICE_COUNT; d++) {
        carc_dice_die die = { sizeof die, 0, 0, 0, 0, 0, 0, 0 };
        carc_dice_game_die(&die, g, d);
        if (die.location == CARC_DICE_LOC_POOL)
            printf(" %u=%s", d, face_name(die.face));
    }
    printf("\n");
}

static void usage(void)
{
    fprintf(stderr, "usage: carc-dice-demo [--players N] [--seed S] [--faces \"BWWW BBWW BWBW BBBW\"] [--quiet] "
                    "[--max-turns N] [--record]\n");
}

int main(int argc, char **argv)
{
    carc_dice_options opts = CARC_DICE_OPTIONS_INIT;
    carc_dice_faces faces;
    bool quiet = false, record = false;
    unsigned long max_turns = 10000;
    opts.seed = 2011;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--players") && i + 1 < argc)
            opts.players = (uint32_t)strtoul(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--seed") && i + 1 < argc)
            opts.seed = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--faces") && i + 1 < argc) {
            if (carc_dice_faces_parse(&faces, argv[++i]) != CARC_OK) {
                fprintf(stderr, "carc-dice-demo: bad face set '%s'\n", argv[i]);
                return 2;
            }
            opts.faces = &faces;
        } else if (!strcmp(argv[i], "--max-turns") && i + 1 < argc)
            max_turns = strtoul(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--quiet"))
            quiet = true;
        else if (!strcmp(argv[i], "--record"))
            record = true;
        else {
            usage();
            return 2;
        }
    }

    carc_dice_game *g = NULL;
    carc_status st = carc_dice_game_new(&g, &opts);
    if (st != CARC_OK) {
        fprintf(stderr, "carc-dice-demo: cannot create the game: %s\n", carc_status_str(st));
        return 1;
    }
    uint32_t players = 0, seen_events = 0;
    demo_city city;
    city.n = 0;
    carc_dice_game_players(&players, g);
    if (!quiet)
        printf("The Carcassonne Dice Game: %u players, seed %llu\n", players, (unsigned long long)opts.seed);

    for (;;) {
        uint32_t phase = 0, turn = 0, cur = 0, rolls = 0;
        carc_dice_game_phase(&phase, g);
        carc_dice_game_turn(&turn, g);
        if (phase == CARC_DICE_PHASE_GAME_OVER || turn >= max_turns)
            break;
        carc_dice_game_current_player(&cur, g);
        carc_dice_action a = bot_choose(g);
        if (!quiet && phase == CARC_DICE_PHASE_ROLL) {
            int32_t score = 0;
            bool doubled = false;
            carc_dice_game_score(&score, g, cur);
            carc_dice_game_doubled(&doubled, g);
            printf("\nturn %u: player %u (score %d)%s\n", turn + 1, cur, score, doubled ? ", scores double" : "");
        }
        uint32_t edges = 0;
        if (a.kind == CARC_DICE_ACT_BUILD) {
            carc_dice_die die = { sizeof die, 0, 0, 0, 0, 0, 0, 0 };
            carc_dice_game_die(&die, g, a.die);
            edges = ((die.edges << a.rotation) | (die.edges >> (4u - a.rotation))) & 0xFu;
        }
        st = carc_dice_game_play(g, &a);
        if (st != CARC_OK) {
            fprintf(stderr, "carc-dice-demo: the bot's action was refused: %s\n", carc_dice_game_last_error(g));
            carc_dice_game_free(g);
            return 1;
        }
        if (a.kind == CARC_DICE_ACT_BUILD && city.n < CARC_DICE_COUNT) {
            city.x[city.n] = a.x;
            city.y[city.n] = a.y;
            city.edges[city.n++] = edges;
        }
        if (quiet)
            continue;
        carc_dice_game_rolls(&rolls, g);
        if (a.kind == CARC_DICE_ACT_ROLL)
            print_roll(g, rolls);
        else if (a.kind == CARC_DICE_ACT_SET_KNIGHT)
            printf("  sets knight %u aside\n", a.die);
        else if (a.kind == CARC_DICE_ACT_BUILD)
            printf("  builds die %u at %d,%d rotated %u degrees\n", a.die, a.x, a.y, a.rotation * 90u);
        else if (a.kind == CARC_DICE_ACT_STOP)
            printf("  stops\n");
        /* the turn's end (by this action or by itself): its city and result */
        uint32_t nev = 0;
        carc_dice_game_event_count(&nev, g);
        for (; seen_events < nev; seen_events++) {
            carc_dice_event ev = { sizeof ev, 0, 0, 0, 0, 0, 0, 0, 0, 0 };
            carc_dice_game_event(&ev, g, seen_events);
            if (ev.kind == CARC_DICE_EVENT_SCORE) {
                print_city(&city);
                printf("  largest closed city: %u dice -> %d points%s\n", ev.dice, ev.points,
                       ev.doubled ? " (doubled)" : "");
            } else if (ev.kind == CARC_DICE_EVENT_KNIGHTS) {
                print_city(&city);
                printf("  knight option with %u knights: keeps one, scores double next turn\n", ev.dice);
            } else if (ev.kind == CARC_DICE_EVENT_CATAPULTS) {
                printf("  %u catapult%s handed to player %u\n", ev.dice, ev.dice == 1 ? "" : "s", ev.to);
            } else if (ev.kind == CARC_DICE_EVENT_WIN) {
                printf("\nplayer %u wins %s\n", ev.player,
                       ev.reason == CARC_DICE_WIN_CATAPULTS ? "with 9 catapults" : "by reaching 42 points");
            }
        }
        uint32_t now_turn = 0;
        carc_dice_game_turn(&now_turn, g);
        if (now_turn != turn)
            city.n = 0;
    }

    printf("%sfinal scores:", quiet ? "" : "\n");
    for (uint32_t p = 0; p < players; p++) {
        int32_t score = 0;
        carc_dice_game_score(&score, g, p);
        printf(" P%u=%d", p, score);
    }
    uint32_t winner = 0, reason = 0;
    if (carc_dice_game_winner(&winner, &reason, g) == CARC_OK)
        printf("  winner: P%u (%s)\n", winner, reason == CARC_DICE_WIN_CATAPULTS ? "9 catapults" : "42 points");
    else
        printf("  no winner after %lu turns\n", max_turns);

    if (record) {
        size_t need = 0;
        carc_dice_game_save(NULL, 0, &need, g);
        char *text = malloc(need + 1);
        if (text && carc_dice_game_save(text, need + 1, NULL, g) == CARC_OK)
            fputs(text, stdout);
        free(text);
    }
    carc_dice_game_free(g);
    return 0;
}
