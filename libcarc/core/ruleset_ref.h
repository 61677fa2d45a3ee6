/* SPDX-License-Identifier: MIT */
/*
 * The ruleset's reference count (ruleset_ref.c): below everything that holds
 * a ruleset, so that a journal holder can keep one. Never installed.
 */
#ifndef CARCI_CORE_RULESET_REF_H
#define CARCI_CORE_RULESET_REF_H

#include "core/state.h"

void carci_ruleset_retain(const carci_ruleset *rs);
void carci_ruleset_release(const carci_ruleset *rs); /* NULL: nothing */

#endif
