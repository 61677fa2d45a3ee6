/* SPDX-License-Identifier: MIT */
/* The API fuzzer's Dice Game (fuzz_api_dice.c). */
#ifndef CARC_FUZZ_API_DICE_H
#define CARC_FUZZ_API_DICE_H

#include "fuzz_harness.h"

/* Runs the rest of the input on a Dice Game: header byte 1, bit 3. */
void dice_run(input *in, const uint8_t hdr[14]);

#endif
