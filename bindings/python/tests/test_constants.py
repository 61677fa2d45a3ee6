# SPDX-License-Identifier: MIT
"""_constants.py and _ffi.py against the library and the C headers."""
import ctypes
import glob
import os
import re
import subprocess
import unittest

import _support
import carcassonne
from carcassonne import _constants, _ffi
from carcassonne._constants import Status


class StatusNames(unittest.TestCase):
    def test_every_member_matches_carc_status_name(self):
        for status in Status:
            with self.subTest(status=status):
                self.assertEqual(carcassonne.status_name(status.value), "CARC_" + status.name)
                self.assertEqual(status.c_name, "CARC_" + status.name)
                self.assertNotEqual(carcassonne.status_str(status.value), "unknown status")

    def test_no_status_is_missing(self):
        # Every code the library names is mirrored (the bands reach -399).
        for value in range(-399, 100):
            name = carcassonne.status_name(value)
            if value in Status._value2member_map_:
                continue
            with self.subTest(value=value):
                self.assertEqual(name, "CARC_UNKNOWN")

    def test_error_classes_follow_the_bands(self):
        from carcassonne import errors
        for status in Status:
            if status == Status.OK:
                continue
            cls = errors.error_class(status)
            if status <= -300:
                self.assertTrue(issubclass(cls, errors.ResourceError), status)
            elif status <= -200:
                self.assertTrue(issubclass(cls, errors.RecordError), status)
            elif status <= -100:
                self.assertTrue(issubclass(cls, errors.RulesError), status)
            else:
                self.assertTrue(issubclass(cls, errors.UsageError), status)
            self.assertIsNot(cls, errors.CarcassonneError)
        self.assertIs(errors.error_class(-150), errors.RulesError)
        self.assertIs(errors.error_class(-250), errors.RecordError)


class Version(unittest.TestCase):
    def test_version_matches_target(self):
        number = carcassonne.library_version_number()
        self.assertEqual((number // 10000, number // 100 % 100), (0, 2))
        major, minor, patch = (int(p) for p in carcassonne.library_version().split("."))
        self.assertEqual(major * 10000 + minor * 100 + patch, number)


class AbiDump(unittest.TestCase):
    """Compare with abi_dump.c, a C program built from the headers."""

    @classmethod
    def setUpClass(cls):
        program = _support.env_path("CARCASSONNE_ABI_DUMP")
        if program is None:
            raise unittest.SkipTest("CARCASSONNE_ABI_DUMP not set (ctest sets it)")
        out = subprocess.run([program], check=True, capture_output=True, text=True).stdout
        cls.enums, cls.sizes, cls.offsets, cls.field_sizes = {}, {}, {}, {}
        for line in out.splitlines():
            what, name, value = line.split()
            {"enum": cls.enums, "sizeof": cls.sizes, "offsetof": cls.offsets,
             "fieldsize": cls.field_sizes}[what][name] = int(value)

    def test_enums(self):
        c = _constants
        prefixes = [
            (c.Status, "CARC_"), (c.Edge, "CARC_EDGE_"), (c.SegmentKind, "CARC_SEG_"),
            (c.SegmentEnd, "CARC_END_"), (c.Side, "CARC_"), (c.Figure, "CARC_FIGURE_"),
            (c.EventKind, "CARC_EVENT_"), (c.HistoryKind, "CARC_HISTORY_"),
            (c.MoveKind, "CARC_MOVE_"), (c.Quarter, "CARC_QUARTER_"),
            (c.Decision, "CARC_DECISION_"), (c.Good, "CARC_GOOD_"),
            (c.Policy, "CARC_POLICY_"),   # search.h
            # dice.h
            (c.DiceEdge, "CARC_DICE_EDGE_"), (c.DiceFace, "CARC_DICE_FACE_"),
            (c.DicePhase, "CARC_DICE_PHASE_"), (c.DiceWinReason, "CARC_DICE_WIN_"),
            (c.DiceLocation, "CARC_DICE_LOC_"), (c.DiceActionKind, "CARC_DICE_ACT_"),
            (c.DiceEventKind, "CARC_DICE_EVENT_"),
            # learn.h
            (c.LearnLoc, "CARC_LEARN_LOC_"), (c.LearnFigure, "CARC_LEARN_FIGURE_"),
            (c.LearnPlane, "CARC_LEARN_PLANE_"), (c.LearnStage, "CARC_LEARN_STAGE_"),
        ]
        checked = set()
        for enum, prefix in prefixes:
            for member in enum:
                name = prefix + member.name
                with self.subTest(name=name):
                    self.assertIn(name, self.enums)
                    self.assertEqual(member.value, self.enums[name])
                    checked.add(name)
        for flags, prefix in ((c.Module, "CARC_MODULE_"), (c.PendingFlag, "CARC_PENDING_"),
                              (c.SegmentSpecial, "CARC_SEGMENT_"), (c.Bonus, "CARC_BONUS_"),
                              (c.Variant, "CARC_VARIANT_")):
            for member in flags:
                if member.value:
                    name = prefix + member.name
                    self.assertEqual(member.value, self.enums[name], name)
                    checked.add(name)
        defines = {
            "CARC_GAME_OPTIONS_VERSION": c.GAME_OPTIONS_VERSION,
            "CARC_DEFAULT_START_TILE": c.DEFAULT_START_TILE,
            "CARC_NO_SEGMENT": c.NO_SEGMENT,
            "CARC_SEGMENT_RECALL": c.SEGMENT_RECALL,
            "CARC_CLONE_NO_HISTORY": c.CLONE_NO_HISTORY,
            "CARC_GAME_NO_UNDO": c.GAME_NO_UNDO,
            "CARC_ENUM_UNIQUE_ROTATIONS": c.ENUM_UNIQUE_ROTATIONS,
            "CARC_RENDER_COLOR": c.RENDER_COLOR,
            "CARC_RENDER_NO_LEGEND": c.RENDER_NO_LEGEND,
            "CARC_RECORD_FORMAT": c.RECORD_FORMAT,
            "CARC_GOOD_COUNT": c.GOOD_COUNT,
            # dice.h
            "CARC_DICE_COUNT": c.DICE_COUNT,
            "CARC_DICE_CITY_FACES": c.DICE_CITY_FACES,
            "CARC_DICE_MAX_ROLLS": c.DICE_MAX_ROLLS,
            "CARC_DICE_WIN_SCORE": c.DICE_WIN_SCORE,
            "CARC_DICE_KNIGHT_OPTION_KNIGHTS": c.DICE_KNIGHT_OPTION_KNIGHTS,
            "CARC_DICE_GRID_RADIUS": c.DICE_GRID_RADIUS,
            "CARC_DICE_FACES_VERSION": c.DICE_FACES_VERSION,
            "CARC_DICE_OPTIONS_VERSION": c.DICE_OPTIONS_VERSION,
            "CARC_DICE_RECORD_FORMAT": c.DICE_RECORD_FORMAT,
            "CARC_DICE_ENUM_UNIQUE_ROTATIONS": c.DICE_ENUM_UNIQUE_ROTATIONS,
            "CARC_DICE_ENUM_UNIQUE_DICE": c.DICE_ENUM_UNIQUE_DICE,
            "CARC_DICE_ENUM_TOUCHING": c.DICE_ENUM_TOUCHING,
            # learn.h
            "CARC_LEARN_DONE_OVER": c.LearnDone.OVER,
            "CARC_LEARN_DONE_TRUNCATED": c.LearnDone.TRUNCATED,
            "CARC_LEARN_VEC_NO_RESTART": c.LEARN_VEC_NO_RESTART,
            "CARC_LEARN_LAYOUT_VERSION": c.LEARN_LAYOUT_VERSION,
            "CARC_LEARN_NO_ACTION": c.LEARN_NO_ACTION,
            "CARC_LEARN_DEFAULT_RADIUS": c.LEARN_DEFAULT_RADIUS,
            "CARC_LEARN_MAX_RADIUS": c.LEARN_MAX_RADIUS,
            "CARC_LEARN_LOCATIONS": c.LEARN_LOCATIONS,
            "CARC_LEARN_FIGURE_ACTIONS": c.LEARN_FIGURE_ACTIONS,
            "CARC_LEARN_FIXED_PLANES": c.LEARN_FIXED_PLANES,
            "CARC_LEARN_FIGURE_AT(5,12)": c.learn_figure_at(5, 12),
        }
        self.assertEqual(len(c.Good), c.GOOD_COUNT)
        for good in c.Good:
            defines[f"CARC_SEGMENT_GOOD({good.value})"] = good.mark
            self.assertEqual(c.GOOD_MARKS[good], good.mark)
        for i, mask in enumerate(c.DICE_DEFAULT_FACES):
            defines[f"CARC_DICE_FACES_INIT.city[{i}]"] = mask
        self.assertEqual(len(c.DICE_DEFAULT_FACES), c.DICE_CITY_FACES)
        for name, value in defines.items():
            self.assertEqual(value, self.enums[name], name)
            checked.add(name)
        # Every enumerator the program prints is mirrored.
        self.assertEqual(sorted(set(self.enums) - checked), [])

    def test_struct_layouts(self):
        structs = {
            "carc_allocator": _ffi.carc_allocator,
            "carc_game_options": _ffi.carc_game_options,
            "carc_move": _ffi.carc_move,
            "carc_pending": _ffi.carc_pending,
            "carc_segment_info": _ffi.carc_segment_info,
            "carc_figure_info": _ffi.carc_figure_info,
            "carc_feature_info": _ffi.carc_feature_info,
            "carc_event": _ffi.carc_event,
            "carc_history_entry": _ffi.carc_history_entry,
            "carc_load_error": _ffi.carc_load_error,
            # dice.h
            "carc_dice_faces": _ffi.carc_dice_faces,
            "carc_dice_options": _ffi.carc_dice_options,
            "carc_dice_die": _ffi.carc_dice_die,
            "carc_dice_action": _ffi.carc_dice_action,
            "carc_dice_event": _ffi.carc_dice_event,
            # learn.h
            "carc_learn_options": _ffi.carc_learn_options,
            "carc_learn_info": _ffi.carc_learn_info,
            "carc_learn_buffers": _ffi.carc_learn_buffers,
        }
        self.assertEqual(ctypes.sizeof(_ffi.carc_status), self.sizes["carc_status"])
        for name, struct in structs.items():
            with self.subTest(struct=name):
                self.assertEqual(ctypes.sizeof(struct), self.sizes[name])
                fields = [f[0] for f in struct._fields_]
                c_fields = sorted((off, key.split(".", 1)[1]) for key, off in self.offsets.items()
                                  if key.startswith(name + "."))
                self.assertEqual([f for _, f in c_fields], fields)
                for offset, field in c_fields:
                    self.assertEqual(getattr(struct, field).offset, offset, f"{name}.{field}")
                    # the size too: padding can hide a field that is too small
                    self.assertEqual(getattr(struct, field).size,
                                     self.field_sizes[f"{name}.{field}"], f"{name}.{field}")


# Public headers the binding does not (yet) cover, with the reason. None: the
# Dice Game (dice.h) is bound by carcassonne.dice.
NOT_BOUND = {}

_C_TYPES = {
    "void": None, "bool": ctypes.c_bool, "char": ctypes.c_char, "uint8_t": ctypes.c_uint8,
    "uint16_t": ctypes.c_uint16, "uint32_t": ctypes.c_uint32, "int32_t": ctypes.c_int32,
    "uint64_t": ctypes.c_uint64, "size_t": ctypes.c_size_t, "carc_status": ctypes.c_int,
    "float": ctypes.c_float,
}


def _header_prototypes(include_dir):
    """{header: {function: (return type, [parameter types])}} from CARC_API declarations."""
    found = {}
    for path in sorted(glob.glob(os.path.join(include_dir, "*.h"))):
        with open(path) as f:
            text = f.read()
        text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
        text = re.sub(r"//[^\n]*", " ", text)
        protos = {}
        for ret, name, params in re.findall(
                r"CARC_API\s+([^;(]*?)\s*\b(carc_\w+)\s*\(([^)]*)\)\s*;", text):
            types = []
            params = " ".join(params.split())
            if params and params != "void":
                for param in params.split(","):
                    param = param.strip()
                    # drop the parameter name (the last identifier)
                    param = re.sub(r"\b\w+$", "", param).strip()
                    types.append(param)
            protos[name] = (" ".join(ret.split()), types)
        found[os.path.basename(path)] = protos
    return found


def _expected_ctype(c_type, is_return=False):
    """The ctypes type the binding must use for a C type ("const carc_game *")."""
    c_type = c_type.replace("*", " * ")
    words = c_type.split()
    const = "const" in words
    words = [w for w in words if w != "const"]
    stars = words.count("*")
    base = " ".join(w for w in words if w != "*")
    if base == "char" and stars == 1:
        # a NUL-terminated input string or a borrowed static result: c_char_p;
        # a caller buffer the library writes into: POINTER(c_char)
        return ctypes.c_char_p if (const or is_return) else ctypes.POINTER(ctypes.c_char)
    if base == "void" and stars == 1:
        return ctypes.c_void_p
    if base in _C_TYPES:
        result = _C_TYPES[base]
    else:
        result = getattr(_ffi, base, None)
        if result is None:  # an enum type used by value
            result = ctypes.c_int
    for _ in range(stars):
        result = ctypes.POINTER(result)
    return result


class Declarations(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        include = os.path.join(_support.REPO_ROOT, "include", "carcassonne")
        if not os.path.isdir(include):
            raise unittest.SkipTest("include/carcassonne not found")
        cls.headers = _header_prototypes(include)

    def test_every_header_function_is_declared(self):
        missing = []
        for header, protos in self.headers.items():
            if header in NOT_BOUND:
                continue
            missing += [f"{header}: {name}" for name in protos if name not in _ffi.DECLARED]
        self.assertEqual(missing, [], "functions of the public headers the binding does not declare")
        declared_somewhere = {n for protos in self.headers.values() for n in protos}
        self.assertEqual(sorted(_ffi.DECLARED - declared_somewhere), [],
                         "declared but in no public header")

    def test_exact_signatures(self):
        checked = 0
        for header, protos in self.headers.items():
            for name, (ret, params) in protos.items():
                if name not in _ffi.DECLARED:
                    continue
                func = getattr(_ffi, name)
                with self.subTest(function=name):
                    self.assertIs(func.restype, _expected_ctype(ret, is_return=True),
                                  f"return type of {name}: C {ret!r}")
                    self.assertEqual(len(func.argtypes), len(params), f"{name}: parameter count")
                    for i, (c_type, py_type) in enumerate(zip(params, func.argtypes)):
                        self.assertIs(py_type, _expected_ctype(c_type),
                                      f"{name}: parameter {i} is C {c_type!r}, ctypes {py_type}")
                    checked += 1
        self.assertGreaterEqual(checked, 62 + 37 + 17)

    def test_every_listed_export_is_declared(self):
        path = _support.env_path("CARCASSONNE_SYMBOLS",
                                 os.path.join(_support.REPO_ROOT, "abi", "carcassonne.symbols"))
        if path is None:
            self.skipTest("abi/carcassonne.symbols not found")
        with open(path) as f:
            exports = {line.strip() for line in f if line.strip() and not line.startswith("#")}
        not_bound = {n for h in NOT_BOUND for n in self.headers.get(h, {})}
        self.assertEqual(sorted(exports - _ffi.DECLARED - not_bound), [],
                         "exports the binding does not declare")
        # The Dice Game is covered: every carc_dice_* export, each from dice.h.
        dice = {n for n in exports if n.startswith("carc_dice_")}
        self.assertEqual(len(dice), 39, sorted(dice))
        self.assertEqual(sorted(dice - _ffi.DECLARED), [])
        self.assertEqual(sorted(dice - set(self.headers.get("dice.h", {}))), [])

    def test_status_results_are_checked(self):
        returns = {name: ret for protos in self.headers.values()
                   for name, (ret, _) in protos.items()}
        for name in sorted(_ffi.DECLARED):
            func = getattr(_ffi, name)
            with self.subTest(function=name):
                if returns.get(name) == "carc_status":
                    self.assertTrue(func.errcheck is not None
                                    or name in _STATUS_FUNCTIONS_CHECKED_BY_HAND,
                                    "a carc_status result is neither errchecked nor handled")
                else:
                    # int32_t carc_dice_city_points is a c_int too, but a number
                    self.assertIsNone(func.errcheck, "only carc_status results are errchecked")


_STATUS_FUNCTIONS_CHECKED_BY_HAND = {"carc_game_check_move", "carc_game_load",
                                     "carc_game_options_check", "carc_modules_parse",
                                     "carc_dice_game_check_action", "carc_dice_game_check_action_msg",
                                     "carc_dice_game_load", "carc_playout_run",
                                     "carc_game_check_move_msg", "carc_move_parse_msg",
                                     # learn.h: the reason comes in the caller's buffer
                                     "carc_learn_encode", "carc_learn_decode", "carc_learn_mask",
                                     "carc_learn_observe"}


if __name__ == "__main__":
    unittest.main()
