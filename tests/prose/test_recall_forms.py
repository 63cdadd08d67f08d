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
