/* SPDX-License-Identifier: MIT */
/*
 * carc-learn-bench: steps per second of the vectorised learning environment
 * (<carcassonne/learn.h>), the figures of bench/README.md ("Learning
 * environment"). One thread, a batch of games (--batch, default 256), random
 * legal actions (carc_learn_vec_sample, the uniform random policy), every
 * step writing the observations (planes and vector), the masks, rewards,
 * results, done flags and players to move into the bound arrays. A step is
 * one id of every game of the batch: a placement, a figure action, a pass,
 * an exit cell, ... (a place move is two ids, docs/learn.md). Prints one line
 * per run, then the median:
 *
 *   learn modules=M batch=B radius=R steps=S seconds=T steps_per_sec=X moves_per_sec=Y games=G
 *
 *   carc-learn-bench [--modules LIST] [--batch B] [--steps S] [--runs R] [--radius R] [--seed S]
 */
#define _POSIX_C_SOURCE 200809L
#include <carcassonne/carcassonne.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void usage(void)
{
    fprintf(stderr, "usage: carc-learn-bench [--modules LIST] [--batch B] [--steps S] [--runs R] [--radius R] "
                    "[--seed S]\n");
    exit(2);
}

static unsigned long arg_num(int argc, char **argv, int *i)
{
    if (*i + 1 >= argc)
        usage();
    char *end;
    unsigned long v = strtoul(argv[++*i], &end, 10);
    if (*end != '\0')
        usage();
    return v;
}

int main(int argc, char **argv)
{
    const char *modules = "";
    size_t batch = 256;
    unsigned long steps = 20000, runs = 5, radius = 0, seed = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--modules") == 0 && i + 1 < argc)
            modules = argv[++i];
        else if (strcmp(argv[i], "--batch") == 0)
            batch = arg_num(argc, argv, &i);
        else if (strcmp(argv[i], "--steps") == 0)
            steps = arg_num(argc, argv, &i);
        else if (strcmp(argv[i], "--runs") == 0)
            runs = arg_num(argc, argv, &i);
        else if (strcmp(argv[i], "--radius") == 0)
            radius = arg_num(argc, argv, &i);
        else if (strcmp(argv[i], "--seed") == 0)
            seed = arg_num(argc, argv, &i);
        else
            usage();
    }
    if (batch == 0 || runs == 0 || runs > 99)
        usage();
    carc_game_options o = CARC_GAME_OPTIONS_INIT;
    if (carc_modules_parse(&o.modules, modules) != CARC_OK) {
        fprintf(stderr, "carc-learn-bench: unknown modules \"%s\"\n", modules);
        return 2;
    }
    carc_learn_options lo = { sizeof lo, (uint32_t)radius, 0 };
    carc_learn_space *space = NULL;
    carc_status st = carc_learn_space_new(&space, &o, &lo);
    if (st != CARC_OK) {
        fprintf(stderr, "carc-learn-bench: space: %s\n", carc_status_str(st));
        return 1;
    }
    carc_learn_info in = { .struct_size = sizeof in };
    carc_learn_space_info(&in, space);
    size_t obs = (size_t)in.planes * in.plane_size, np = in.players;
    carc_learn_buffers b = { .struct_size = sizeof b };
    b.planes = calloc(batch, obs);
    b.planes_cap = batch * obs;
    b.vector = calloc(batch * in.vector, sizeof(float));
    b.vector_cap = batch * in.vector;
    b.mask = calloc(batch, in.actions);
    b.mask_cap = batch * in.actions;
    b.rewards = calloc(batch * np, sizeof(float));
    b.rewards_cap = batch * np;
    b.results = calloc(batch * np, sizeof(float));
    b.results_cap = batch * np;
    b.done = calloc(batch, 1);
    b.done_cap = batch;
    b.player = calloc(batch, sizeof(uint32_t));
    b.player_cap = batch;
    uint32_t *actions = calloc(batch, sizeof *actions);
    if (!b.planes || !b.vector || !b.mask || !b.rewards || !b.results || !b.done || !b.player || !actions) {
        fprintf(stderr, "carc-learn-bench: out of memory\n");
        return 1;
    }
    double rates[100];
    printf("# learn: %u actions, %u planes of %ux%u, vector %u, %zu bytes of observation a game\n", in.actions,
           in.planes, in.width, in.width, in.vector, obs + in.vector * sizeof(float));
    for (unsigned long r = 0; r < runs; r++) {
        carc_learn_vec *env = NULL;
        st = carc_learn_vec_new(&env, space, batch, seed + r * 1000003u, 0);
        if (st == CARC_OK)
            st = carc_learn_vec_bind(env, &b);
        if (st != CARC_OK) {
            fprintf(stderr, "carc-learn-bench: environment: %s\n", carc_status_str(st));
            return 1;
        }
        uint64_t rng = seed + r;
        unsigned long games = 0, moves = 0;
        double t0 = now();
        for (unsigned long s = 0; s < steps; s++) {
            carc_learn_vec_sample(actions, batch, env, &rng);
            for (size_t i = 0; i < batch; i++) /* the second ids and one-id decisions are moves */
                moves += actions[i] >= in.figure_base;
            st = carc_learn_vec_step(env, actions, batch);
            if (st != CARC_OK) {
                fprintf(stderr, "carc-learn-bench: step: %s (%s)\n", carc_status_str(st),
                        carc_learn_vec_last_error(env));
                return 1;
            }
            for (size_t i = 0; i < batch; i++)
                games += b.done[i] != 0;
        }
        double secs = now() - t0;
        double total = (double)steps * (double)batch;
        rates[r] = total / secs;
        printf("learn modules=%s batch=%zu radius=%u steps=%.0f seconds=%.3f steps_per_sec=%.0f moves_per_sec=%.0f "
               "games=%lu\n",
               modules[0] ? modules : "base", batch, in.radius, total, secs, rates[r], (double)moves / secs, games);
        fflush(stdout);
        carc_learn_vec_free(env);
    }
    qsort(rates, runs, sizeof rates[0], cmp_double);
    printf("median steps_per_sec=%.0f (%lu runs)\n", rates[runs / 2], runs);
    carc_learn_space_free(space);
    free(b.planes);
    free(b.vector);
    free(b.mask);
    free(b.rewards);
    free(b.results);
    free(b.done);
    free(b.player);
    free(actions);
    return 0;
}
