/* SPDX-License-Identifier: MIT */
/* The API fuzzer's learning environment (fuzz_api_learn.c): the op "learn"
 * of fuzz_api.c. */
#ifndef CARC_FUZZ_API_LEARN_H
#define CARC_FUZZ_API_LEARN_H

#include "fuzz_harness.h"

typedef struct fz_learn fz_learn;

/* The state of one input (spaces and an environment, made when first needed). */
fz_learn *learn_new(void);
void learn_free(fz_learn *l);

/* The calls from scratch on game g (which they must not change: the caller
 * compares): every legal move encoded and decoded back, the masks exactly
 * the legal moves' ids, observations with a prefix from the input, wrong
 * ids, wrong buffers and a space of other options refused. When the game is
 * not over, *play receives a move chosen through the masks by the input's
 * bytes (decoded from its ids; the caller plays it) and true is returned. */
bool learn_game(fz_learn *l, const carc_game *g, input *in, carc_move *play);

/* A few steps of a small environment of g's options: actions from the
 * input, legal or not; a refused step changes nothing and says why; after
 * each step every game's observation and mask equal those rebuilt from
 * scratch; resets, rebuilds and the read-only calls. */
void learn_env(fz_learn *l, const carc_game *g, input *in);

#endif
