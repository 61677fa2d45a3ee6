/* SPDX-License-Identifier: MIT */
/*
 * test_status: carc_status_str / carc_status_name.
 *
 * libsodium-style: the list of enumerators is generated from
 * include/carcassonne/common.h at configure time (carc_status_list.inc, one
 * CARC_STATUS_ENTRY(NAME, VALUE) per enumerator), so a code added to the header
 * is checked without editing this file. A second, hand-written table freezes
 * the codes of 0.1.0: a number, once published, never changes or goes away.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <limits.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

struct status_entry {
    carc_status status;  /* the enumerator, as the compiler sees it */
    long parsed;         /* its value, as written in the header */
    const char *name;    /* its spelling */
};

static const struct status_entry all_statuses[] = {
#define CARC_STATUS_ENTRY(name, value) { name, value, #name },
#include "carc_status_list.inc"
#undef CARC_STATUS_ENTRY
};
static const size_t n_statuses = sizeof all_statuses / sizeof all_statuses[0];

/* Published in 0.1.0: frozen forever (append new codes, never renumber). */
static const struct {
    int value;
    const char *name;
} frozen_0_1[] = {
    { 0, "CARC_OK" },
    { -1, "CARC_EINVAL" },
    { -2, "CARC_ERANGE" },
    { -3, "CARC_EVERSION" },
    { -4, "CARC_EUNSUPPORTED" },
    { -5, "CARC_EBUFFER" },
    { -6, "CARC_ENOTFOUND" },
    { -100, "CARC_EILLEGAL" },
    { -101, "CARC_EPHASE" },
    { -102, "CARC_EGAME_OVER" },
    { -103, "CARC_ENO_UNDO" },
    { -104, "CARC_ENOT_IN_BAG" },
    { -200, "CARC_EPARSE" },
    { -201, "CARC_EFORMAT" },
    { -202, "CARC_ERECORD" },
    { -300, "CARC_ENOMEM" },
    { -301, "CARC_ELIMIT" },
};

static const struct status_entry *find_value(int value)
{
    size_t i;
    for (i = 0; i < n_statuses; i++)
        if ((int)all_statuses[i].status == value)
            return &all_statuses[i];
    return NULL;
}

static void test_enum_is_int_sized(void **state)
{
    (void)state;
    assert_int_equal(sizeof(carc_status), sizeof(int));
}

static void test_generated_list_matches_header(void **state)
{
    size_t i;
    (void)state;
    assert_true(n_statuses >= sizeof frozen_0_1 / sizeof frozen_0_1[0]);
    for (i = 0; i < n_statuses; i++) {
        assert_int_equal((long)all_statuses[i].status, all_statuses[i].parsed);
        assert_int_equal(strncmp(all_statuses[i].name, "CARC_", 5), 0);
    }
    assert_int_equal(CARC_OK, 0);
}

static void test_values_unique_and_in_bands(void **state)
{
    size_t i, j;
    (void)state;
    for (i = 0; i < n_statuses; i++) {
        int v = (int)all_statuses[i].status;
        if (strcmp(all_statuses[i].name, "CARC_OK") == 0) {
            assert_int_equal(v, 0);
        } else {
            /* usage -1..-99, rules -100..-199, serialization -200..-299,
             * resources -300 and below: all errors are negative. */
            assert_true(v < 0);
        }
        for (j = i + 1; j < n_statuses; j++) {
            if ((int)all_statuses[j].status == v)
                fail_msg("%s and %s share the value %d", all_statuses[i].name,
                         all_statuses[j].name, v);
        }
    }
}

static void test_names_match_spelling(void **state)
{
    size_t i;
    (void)state;
    for (i = 0; i < n_statuses; i++) {
        const char *name = carc_status_name(all_statuses[i].status);
        assert_non_null(name);
        assert_string_equal(name, all_statuses[i].name);
    }
}

static void test_messages_present(void **state)
{
    size_t i;
    (void)state;
    for (i = 0; i < n_statuses; i++) {
        const char *msg = carc_status_str(all_statuses[i].status);
        if (msg == NULL)
            fail_msg("carc_status_str(%s) is NULL", all_statuses[i].name);
        if (msg[0] == '\0')
            fail_msg("carc_status_str(%s) is empty", all_statuses[i].name);
        if (strcmp(msg, "unknown status") == 0)
            fail_msg("carc_status_str(%s) gives the fallback text", all_statuses[i].name);
        /* A static string: the same pointer every time. */
        assert_ptr_equal(carc_status_str(all_statuses[i].status), msg);
    }
}

static void test_frozen_codes(void **state)
{
    size_t i;
    (void)state;
    for (i = 0; i < sizeof frozen_0_1 / sizeof frozen_0_1[0]; i++) {
        const struct status_entry *e = find_value(frozen_0_1[i].value);
        if (e == NULL || strcmp(e->name, frozen_0_1[i].name) != 0)
            fail_msg("%s (%d, published in 0.1.0) is missing or renumbered in the header",
                     frozen_0_1[i].name, frozen_0_1[i].value);
        assert_string_equal(carc_status_name((carc_status)frozen_0_1[i].value), frozen_0_1[i].name);
    }
}

static void test_unknown_values_fall_back(void **state)
{
    static const int candidates[] = { 1, 2, 42, -7, -50, -99, -105, -150, -199, -203, -250,
                                      -299, -302, -1000, INT_MAX, INT_MIN };
    size_t i, checked = 0;
    (void)state;
    for (i = 0; i < sizeof candidates / sizeof candidates[0]; i++) {
        carc_status s = (carc_status)candidates[i];
        if (find_value(candidates[i]) != NULL)
            continue; /* became a real code since this test was written */
        assert_non_null(carc_status_str(s));
        assert_string_equal(carc_status_str(s), "unknown status");
        assert_non_null(carc_status_name(s));
        assert_string_equal(carc_status_name(s), "CARC_UNKNOWN");
        checked++;
    }
    assert_true(checked > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_enum_is_int_sized),
        cmocka_unit_test(test_generated_list_matches_header),
        cmocka_unit_test(test_values_unique_and_in_bands),
        cmocka_unit_test(test_names_match_spelling),
        cmocka_unit_test(test_messages_present),
        cmocka_unit_test(test_frozen_codes),
        cmocka_unit_test(test_unknown_values_fall_back),
    };
    return cmocka_run_group_tests_name("status", tests, NULL, NULL);
}
