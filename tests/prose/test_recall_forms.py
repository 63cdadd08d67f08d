"""More ways real descriptions carry a closed set of values: each form with its exact values, and a
negative where the form could over-fire. (Invented wording: kilns, jars, lids, glazes, shelves.)"""

from __future__ import annotations

import pytest

from linter.prose import analyse


def vocab(description: str, name: str, type: str | None = "string") -> list[tuple[str, tuple[str, ...]]]:
    return [(e.kind, e.values) for e in analyse(description, name=name, type=type) if e.kind.endswith("_vocab")]


def closed(description: str, name: str, type: str | None = "string") -> list[tuple[str, ...]]:
    return [v for k, v in vocab(description, name, type) if k == "closed_vocab"]


FORMS = [
    # a code with a hyphen in a table of codes is a code, not a character range
    ("| Value | Meaning |\n|---|---|\n| `T-J` | tin jar |\n| `LID` | lid |", "kind", ("T-J", "LID")),
    # dotted names of one namespace are values, not a layout of named parts
    ("The kiln fuel. Possible values: Kiln.Gas, Kiln.Wood", "fuel", ("Kiln.Gas", "Kiln.Wood")),
    # a lone mark that the other values open with is the root of their family
    ("The shelf folder. Allowed folders are `/` or `/glazes`.", "folder", ("/", "/glazes")),
    # the field named by its own identifier in a condition, and its default
    ("If GlazeFinish is set to `GLOSS`, the jar is fired twice. The default value is `MATTE`.", "GlazeFinish",
     ("GLOSS", "MATTE")),
    # "Defines if …" asks whether, it sets no condition
    ("Defines if the lid should be `snap` or `screw` fitted.", "lid_fit", ("snap", "screw")),
    # "either be": alternatives with what each means
    ("This jar state can either be SEALED, meaning the lid is on, or VENTED, meaning it is ajar.", "jarState",
     ("SEALED", "VENTED")),
    ("The shape of the lid. It can either be Round, Square, or Oval.", "lidShape", ("Round", "Square", "Oval")),
    # quoted alternatives set off by typed double hyphens
    ("The part of the kiln -- 'TOP' or 'BASE' -- where the jar stands", "zone", ("TOP", "BASE")),
    # value–meaning pairs in brackets or braces: the closing mark ends the last meaning
    ("The glaze grade, with this mapping [3: glossy, 2 : satin, 1: matte].", "grade", ("3", "2", "1")),
    ("Shelf level {0: floor, 1: middle, 2: top}", "level", ("0", "1", "2")),
    # quoted "code - name" items: the field takes the code, the name only says what it stands for
    ("The ID of the depot.\nThe following depots are supported:\n\n-  `4 - North Quay`\n-  `7 - Salt Yard`\n-  `12 - Old Mill`",
     "depotId", ("4", "7", "12")),
    ('Kiln codes: "GK = Gas Kiln", "WK = Wood Kiln" or "EK = Electric Kiln".', "kilnCode", ("GK", "WK", "EK")),
]


@pytest.mark.parametrize("description,name,values", FORMS)
def test_forms_give_the_fields_closed_set(description: str, name: str, values: tuple[str, ...]) -> None:
    assert closed(description, name) == [values]


NOT_SETS = [
    # character ranges run from low to high: pieces of a syntax
    ("Allowed values: `a-z`, `0-9`", "chars"),
    # one dotted layout of named parts is a layout
    ("The glaze version. Possible values: Major.Minor.Build", "version"),
    # lone separators are no family of paths
    ("The separators: `/`, `-` or `_`", "separator"),
    # another field named in the condition: its values, not this field's
    ("If KilnKind is set to `GAS`, the jar is fired twice. The default value is `WOOD`.", "glazeCoat"),
    # a real condition still is one
    ("Required if the lid should be `snap` or `screw` fitted.", "lid_note"),
]


@pytest.mark.parametrize("description,name", NOT_SETS)
def test_forms_stay_quiet_where_they_could_over_fire(description: str, name: str) -> None:
    assert closed(description, name) == []


LINE_FORMS = [
    # words glossed in parentheses, one a line, after a lead-in's colon
    ("Kinds of shelves:\nwall_mounted (fixed to a wall),\nfloor (stands on the floor),\nhanging (hangs from a beam)\n",
     "shelf_kind", ("wall_mounted", "floor", "hanging")),
    # "a value of X or Y"
    ("To pick the glaze finish, pass a value of gloss or matte", "finish", ("gloss", "matte")),
    # quoted values, each saying what it will do, in clauses of one sentence
    ('"seal" will close the jar tight, "vent" will leave a gap, and "bare" will leave the lid off.', "lid_mode",
     ("seal", "vent", "bare")),
    # bullets run into one line: " - CODE …" at each sentence start
    ("How the jar is closed. - SNAP_LID is the default and clicks shut. - SCREW_LID, which turns to close.", "closure",
     ("SNAP_LID", "SCREW_LID")),
    # a code opening an HTML list item (a blank between the item's break and the code)
    ("<p>How to test the jar.</p> <ul> <li> <p> <code>Quick</code> only checks the lid.</p> </li> <li> <p> "
     "<code>Full</code> runs a water test.</p> </li> </ul>", "testMode", ("Quick", "Full")),
    # capitalised words, each opening a sentence and defined by "indicates", "means" …
    ("The seal to use.\nTight indicates a sealed lid. Loose specifies a vented lid.\nOpen indicates no lid.", "seal",
     ("Tight", "Loose", "Open")),
    ("The shelf kind. Wall (Default) means it hangs on a wall, Floor means it stands, and Ceiling means it hangs from above.",
     "shelfKind", ("Wall", "Floor", "Ceiling")),
    # a table whose first column is headed with the field's own name
    ("| Lid Kind | Meaning |\n|---|---|\n| `snap` | clicks shut |\n| `screw` | turns shut |", "lid_kind", ("snap", "screw")),
]


@pytest.mark.parametrize("description,name,values", LINE_FORMS)
def test_line_and_clause_forms_give_the_fields_closed_set(description: str, name: str, values: tuple[str, ...]) -> None:
    assert closed(description, name) == [values]


LINE_NOT_SETS = [
    # glossed words without a lead-in are lines of prose
    ("A shelf note.\nfloor (stands on the floor),\nhanging (hangs from a beam)\n", "shelf_kind"),
    # a bound, not two values
    ("Use a value of zero or less.", "depth"),
    # a will-clause after a comma with none before it in its sentence ends a list, it opens no clause
    ("Kilns warm slowly, `Fast` will skip the warm-up. The default is `Slow`.", "warmup"),
    # run-in bullets that begin with something else than values: another kind's values
    ("The glaze depends on the kiln kind: - A and B are fired low. - GAS is fired hot. - WOOD, which is fired slowly.", "glaze"),
    # two capitalised words defined are any two sentences about names
    ("Kiln A runs hot. Gas means a hot firing. Wood indicates a slow one.", "firing"),
    # pronouns that open defining sentences are no values
    ("This means the jar is sealed. It indicates a full jar. That specifies the lid.", "jar"),
    # the field's name heads the column of names; another column holds the codes
    ("| Glaze | Glaze Code |\n|---|---|\n| Matte | m |\n| Gloss | g |", "glaze"),
]


@pytest.mark.parametrize("description,name", LINE_NOT_SETS)
def test_line_and_clause_forms_stay_quiet_where_they_could_over_fire(description: str, name: str) -> None:
    assert closed(description, name) == []


def test_word_definitions_take_no_adverb_and_one_shape_of_word() -> None:
    d = "Usually indicates how the jar ends. SEAL indicates a closed lid. VENT indicates an open one. DROP indicates no lid."
    assert closed(d, "jarEnd") == [("SEAL", "VENT", "DROP")]
    assert closed("Kiln indicates the oven. Gas indicates a fuel. WOOD indicates another. Coal means a third.", "fuel") == []


def test_a_sieve_field_that_names_its_own_possible_values_before_any_operator() -> None:
    d = ("Sieves jars by glaze. The following are the possible sieve values. Loose: Shows jars of any glaze. "
         "Firm: Hides cracked jars. Strict: Shows sealed jars only. To combine it with the lid: operator, see the guide.")
    assert closed(d, "glazeFilter") == [("Loose", "Firm", "Strict")]


@pytest.mark.parametrize("description", [
    # operators spoken of first: an expression, its tokens operands
    "Sieve expression. Use operators such as = and !=. Possible values: `tin`, `jar`.",
    # another field's values come first: a sub-field's, not this field's
    "Set the properties of the sieve: kiln_ids Limits the jars. glaze_kind Valid values are MATTE and GLOSS. "
    "Example: sieve=kiln_ids:{k1}",
])
def test_an_expression_field_keeps_its_operands_unread(description: str) -> None:
    assert closed(description, "filter") == []


def test_a_setting_named_as_the_interface_writes_it_set_to_codes() -> None:
    d = "Set Lid seal to TIGHT to keep the air out. To let it breathe, set it to LOOSE. Default is LOOSE."
    assert closed(d, "JarLidSeal") == [("TIGHT", "LOOSE")]
    # … another setting's codes are not this field's
    assert closed("Set Kiln fuel to GAS to fire hot. To fire slowly, set it to WOOD.", "glazeCoat") == []
