/* SPDX-License-Identifier: MIT */
/*
 * engine.api: API contracts (api.h), one file per topic; this runner runs
 * the tests of every area, in the order of API_AREAS.
 */
#include "api.h"

#define AREA_ADDRESS(var) &var,
static const api_area *const AREAS[] = { API_AREAS(AREA_ADDRESS) };

int main(void)
{
    size_t n = 0, k = 0;
    for (size_t a = 0; a < COUNT_OF(AREAS); a++)
        n += AREAS[a]->count;
    struct CMUnitTest *tests = calloc(n, sizeof *tests);
    if (tests == NULL)
        return 1;
    for (size_t a = 0; a < COUNT_OF(AREAS); a++)
        for (size_t i = 0; i < AREAS[a]->count; i++)
            tests[k++] = AREAS[a]->tests[i];
    int failed = _cmocka_run_group_tests("api", tests, n, NULL, NULL);
    free(tests);
    return failed;
}
