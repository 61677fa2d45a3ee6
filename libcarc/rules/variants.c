/* SPDX-License-Identifier: MIT */
/*
 * Rule variants (carc_game_options.variants) and the module each needs.
 * Where a variant changes a rule, the rule's own file tests rs->variants: the
 * first-edition tiny city in core/features.c (carci_feature_value); the
 * Count's variants with the Count. Their names in records are the record
 * format's own (record/record.c).
 */
#include "rules/rules.h"

const carci_variant_def carci_variant_table[] = {
    { CARC_VARIANT_TINY_CITY, "CARC_VARIANT_TINY_CITY", 0 },
    { CARC_VARIANT_COC_FINAL_MARKET, "CARC_VARIANT_COC_FINAL_MARKET", CARC_MODULE_COUNT },
    { CARC_VARIANT_COC_ONCE_PER_TURN, "CARC_VARIANT_COC_ONCE_PER_TURN", CARC_MODULE_COUNT },
};
const uint32_t carci_variant_count = sizeof carci_variant_table / sizeof carci_variant_table[0];
