/* SPDX-License-Identifier: MIT */
/*
 * test_version: the runtime version equals the version macros, and the macros
 * equal project(VERSION) (passed by CMake as CARC_TEST_PROJECT_VERSION).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

static void test_number_matches_macros(void **state)
{
    (void)state;
    assert_int_equal(CARC_VERSION_NUMBER,
                     CARC_VERSION_MAJOR * 10000 + CARC_VERSION_MINOR * 100 + CARC_VERSION_PATCH);
    assert_int_equal(carc_version_number(), CARC_VERSION_NUMBER);
}

static void test_string_matches_macros(void **state)
{
    char expected[64];
    const char *s = carc_version_string();

    (void)state;
    assert_non_null(s);
    assert_string_equal(s, CARC_VERSION_STRING);
    snprintf(expected, sizeof expected, "%d.%d.%d", CARC_VERSION_MAJOR, CARC_VERSION_MINOR,
             CARC_VERSION_PATCH);
    assert_string_equal(CARC_VERSION_STRING, expected);
    /* A static string: the same pointer every time. */
    assert_ptr_equal(carc_version_string(), s);
}

static void test_macros_match_project_version(void **state)
{
    (void)state;
    assert_string_equal(CARC_VERSION_STRING, CARC_TEST_PROJECT_VERSION);
}

static void test_components_in_range(void **state)
{
    (void)state;
    /* MAJOR*10000 + MINOR*100 + PATCH only works while MINOR and PATCH < 100. */
    assert_in_range(CARC_VERSION_MINOR, 0, 99);
    assert_in_range(CARC_VERSION_PATCH, 0, 99);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_number_matches_macros),
        cmocka_unit_test(test_string_matches_macros),
        cmocka_unit_test(test_macros_match_project_version),
        cmocka_unit_test(test_components_in_range),
    };
    return cmocka_run_group_tests_name("version", tests, NULL, NULL);
}
