/* SPDX-License-Identifier: MIT */
/* Version queries: the same values as the macros of carcassonne/version.h. */
#include <carcassonne/carcassonne.h>

uint32_t carc_version_number(void)
{
    return CARC_VERSION_NUMBER;
}

const char *carc_version_string(void)
{
    return CARC_VERSION_STRING;
}
