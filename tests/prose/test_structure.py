"""The structural vocabulary detectors (``linter.prose.structure``): what each finds, exactly,
and the shapes each must leave alone. Descriptions are written for these tests."""

from __future__ import annotations

import pytest

from linter.prose import analyse


def closed(d: str, name: str = "mode", type_: str | None = "string") -> list[tuple[str, ...]]:
    return [e.values for e in analyse(d, name=name, type=type_) if e.kind == "closed_vocab"]


@pytest.mark.parametrize(
    ("description", "values"),
    [
        # HTML definition list, <li><p><code>…</code> – meaning</p></li>
        ("<p>How the archive is kept.</p> <ul> <li> <p> <code>HOT</code> – kept on disk.</p> </li> "
         "<li> <p> <code>COLD</code> – kept on tape.</p> </li> <li> <p> <code>GONE</code> – deleted.</p> </li> </ul>",
         ("HOT", "COLD", "GONE")),
        # markdown bullets, backticks, ":" separator, blank lines between items
        ("How a parcel travels.\n\n* `ground`: by truck.\n\n* `air`: by plane.\n", ("ground", "air")),
        # bare lower-case codes with "=" at line starts
        ("Which catalogue to read\n\nmain = the full catalogue\nsale = items on sale only\n", ("main", "sale")),
        # PascalCase codes opening paragraphs
        ("<p>The retry policy.</p><p>FixedDelay: waits the same time.</p><p>ExponentialBackoff: doubles the wait.</p>",
         ("FixedDelay", "ExponentialBackoff")),
        # run-in definitions on one line
        ("Print quality, possible settings: DRAFT - fast and light, NORMAL - the usual, BEST - slow and dark",
         ("DRAFT", "NORMAL", "BEST")),
        # … the first marked as the default
        ("What to do with a cracked jar. Possible values are: mend (default) - glue the crack; toss - throw it out.",
         ("mend", "toss")),
        # one sentence per value
        ("How ties are broken. When set to `OLDEST`, the first entry wins. When set to `NEWEST`, the last one does.",
         ("OLDEST", "NEWEST")),
        ("The shelf layout. <code>FLAT</code> indicates one level. <code>NESTED</code> indicates folders in folders.",
         ("FLAT", "NESTED")),
        # quoted alternatives completing a sentence
        ("Lamp colour, either `amber`, `teal` or `violet`.", ("amber", "teal", "violet")),
        ("Current phase of the upload: `queued`, `sending`, `stored`.", ("queued", "sending", "stored")),
        # bare alternatives completing the field's own sentence
        ("The size of the cup - small or large.", ("small", "large")),
        ("Can be hourly or nightly.", ("hourly", "nightly")),
        # slash lists with a default note, glossed values, a label, a verb before codes
        ("release track, steady (default) / preview / nightly", ("steady", "preview", "nightly")),
        ("Sort, oldest (`old`) or newest (`new`).", ("old", "new")),
        ("Accepted: wide, narrow. Wide uses more space.", ("wide", "narrow")),
        ("You may specify LOW, MID, or HIGH.", ("LOW", "MID", "HIGH")),
        ("The lamp must be either `red`, `green`, `blue`.", ("red", "green", "blue")),
        # "choices are … and …", a parenthesised list of codes mid-sentence, ||, oneOf, a sentence of codes
        ("The kind of board. Choices are solo and team.", ("solo", "team")),
        ("The kiln kind. Choose from Gas and Wood. Default to Gas.", ("Gas", "Wood")),
        ("The jar kind. Options are TIN_LID, JAR_LID. More may follow.", ("TIN_LID", "JAR_LID")),
        ("The tone to play (BEEP1, BEEP2, CHIME) before a message", ("BEEP1", "BEEP2", "CHIME")),
        ("The view, ALL||OPEN||DONE. default = ALL", ("ALL", "OPEN", "DONE")),
        ("Audience. Enumerable oneOf public, team, self.", ("public", "team", "self")),
        ("Access for the robot. view_only, edit_only, or view_edit", ("view_only", "edit_only", "view_edit")),
        ("Specify `added` to list new items or `edited` to list changed ones.", ("added", "edited")),
        # glossed alternatives set in emphasis
        ("The kiln status. Set to *hot* for fast firing or *cool* for slow firing.", ("hot", "cool")),
        # run-in definitions numbered in one line, after a text that says it lists values
        ("How the kiln was lit. The possible values follow. 1) Manual—lit by hand 2) Timer—lit by the clock",
         ("Manual", "Timer")),
        ("Firing kind: 1. Bisque: first firing. 2. Glaze: second firing.", ("Bisque", "Glaze")),
        # a line whose only note is that it is the default holds the value alone
        ("Name of the kiln. Valid values are: \nGasKiln\nWoodKiln -- default\nPitKiln", ("GasKiln", "WoodKiln", "PitKiln")),
        # a values adjective, one more word, then a kind noun (the cue's gate must let it through)
        ("Supported hash algorithms are sha1, sha256 or md5.", ("sha1", "sha256", "md5")),
        # a quoted value, then its meaning as a sentence of its own
        ("How the list is merged:\n\n *  `keep` Keeps the old entries.\n *  `drop` Removes them.\n *  `swap` Replaces them.",
         ("keep", "drop", "swap")),
        ("Paint finish. It can be:\n'Matte'  Where no shine is wanted.\n'Gloss' Where a shine is wanted.", ("Matte", "Gloss")),
        # capitalised words as values, led in by "values are:"; a dash with no space after it
        ("Kind of shelf. Possible values are:\n\nWooden : made of oak.\n\nMetal : made of steel.", ("Wooden", "Metal")),
        ("Dial types:\n`local` - a local call.\n`intl` -A call abroad.\n`toll_free` - Free of charge.",
         ("local", "intl", "toll_free")),
        # a noun in the text before the list that names what the field describes, not what the list holds
        ("End state of a finished background function\n- \"DONE\": all rows written\n- \"STOPPED\": it was stopped.\n",
         ("DONE", "STOPPED")),
        # codes in capitals are codes, even when they spell a word of content ("NAME")
        ("Sort the rows by SIZE or NAME.", ("SIZE", "NAME")),
        # run-in definitions after a values lead-in: words, dashes, semicolons or sentence ends
        ("Valid values are: Quiet - no output; Normal - some output; Loud - all output.", ("Quiet", "Normal", "Loud")),
        ("Rank by the following age values: Hour—within the hour. Day—within the day. Week—within the week.",
         ("Hour", "Day", "Week")),
        ("Who opened the lid. Possible values are: Keeper   -> when the keeper opened it by hand. Robot  -> when the robot did.",
         ("Keeper", "Robot")),
        # a parenthesised list after a kind noun, or after "i.e."
        ("The kind of tariff (Peak, OffPeak or Weekend).", ("Peak", "OffPeak", "Weekend")),
        ("The level of the alarm (i.e. Minor, Major, Critical).", ("Minor", "Major", "Critical")),
        ("Valid values: (Small, Medium, Large)", ("Small", "Medium", "Large")),
        # quoted alternatives completing the first sentence, whatever word leads to them
        ('who may reply to this post "all", "friends", or "nobody"', ("all", "friends", "nobody")),
        # one sentence (or clause) per value: "Use 'x' to …", "`X` (default) sums …", "`x` for …", "X for … or Y for …"
        ("Specifies the tone. The default is 'soft'. Use 'loud' to wake people and 'muted' to stay silent.",
         ("soft", "loud", "muted")),
        ("`Weekly` (default) returns the data by week, `Monthly` returns the data by month.", ("Weekly", "Monthly")),
        ("Fuel kind. `gas` for petrol engines only, `volt` for electric ones.", ("gas", "volt")),
        ("CARD for payments by card or CASH for payments in cash", ("CARD", "CASH")),
        ("The 'open' state shows that the door can be used. The 'shut' state shows that it cannot.", ("open", "shut")),
        # alternatives glossed by their codes in parentheses, in the first sentence
        ("Whether to encode with a steady rate (STEADY_RATE) or a varying rate (VARY_RATE).", ("STEADY_RATE", "VARY_RATE")),
        ("The key format (pem or der).", ("pem", "der")),
        ("Set to 'KeepBoth' to store both copies or to 'KeepNewest' to drop the older one.", ("KeepBoth", "KeepNewest")),
        ("How the lamp is powered. To run it from the wall, choose `Mains`. To run it anywhere, choose `Battery`.",
         ("Mains", "Battery")),
        ("The hash used for checks. (available: CRC32, ADLER; default: CRC32)", ("CRC32", "ADLER")),
        # definition lines: a "(default)" note before the separator, words of prose as values, mixed separators
        ("How charges are grouped.\n  * ByDay (default): one charge a day.\n  * ByWeek: one a week.\n  * ByMonth: one a month.",
         ("ByDay", "ByWeek", "ByMonth")),
        ("Filter by medium.\n- A = Air\n- W = Water\n- ALL = Air and Water", ("A", "W", "ALL")),
        ("How strictly to track. Give one keyword:\n- Off\n- Partial\n- On", ("Off", "Partial", "On")),
        ("The file kind:\n* `MP3`: audio only.\n* `MP4` Video with audio.\n* `TXT`: the transcript.", ("MP3", "MP4", "TXT")),
        # two words between the values adjective and the kind noun
        ("Where backups go. Supported storage target types are DISK, TAPE, and CLOUD.", ("DISK", "TAPE", "CLOUD")),
        # a lead-in about the field itself ("this field", "the `kind` parameter") or with "would like to"
        ("Pick one of the following values for this field:\n\n`grow`: grow the pool.\n`shrink`: shrink it.",
         ("grow", "shrink")),
        ("The pool tier. The `mode` parameter can be one of the following values:\n- `HOT` – fast disks.\n- `COLD` – tape.",
         ("HOT", "COLD")),
        ("Say what you would like to do with the item:\n* `keep` : keep it.\n* `drop` : drop it.", ("keep", "drop")),
        # a quoted label word is a value
        ("The filter key. One of:\n- `TYPE` – by type.\n- `STATE` – by state.", ("TYPE", "STATE")),
        # lines of one code each after "values are:", run-ins over several sentences, "can be set to",
        # capitals of a word of prose before a dash, "to include" (the verb, not a partial cue)
        ("The disk kind. Possible values are: \n\n SolidState \n\n Spinning", ("SolidState", "Spinning")),
        ("Possible values are: waiting - The job waits. It may wait long. done - The job ended. failed - It broke.",
         ("waiting", "done", "failed")),
        ("The tier of the pool. The value can be set to GOLD or SILVER.", ("GOLD", "SILVER")),
        ("How rules combine:\nANY - one rule must hold.\nAND - all rules must hold.\nOR - one of two must hold.",
         ("ANY", "AND", "OR")),
        ("How the port is set:\nDEFAULT - the port of the image.\nFIXED - the given port.", ("DEFAULT", "FIXED")),
        ("The parts to include:\n\n- `head` - the header.\n- `body` - the body.", ("head", "body")),
        # an HTML table whose first column holds the values
        ("<p>Pick a reason.</p><table><tr><th>code</th><th>meaning</th></tr><tr><td>`too_late`</td><td>Closed.</td></tr>"
         "<tr><td>`too_far`</td><td>Out of range.</td></tr></table>", ("too_late", "too_far")),
        # values added with "can also be" / "also supported is" join the set
        ("Can be `open` or `closed`. For teams, `mode` can also be `shared`.", ("open", "closed", "shared")),
        ("The unit, one of `days`, `weeks` or `months`. Also supported is `quarters`, for reports only.",
         ("days", "weeks", "months", "quarters")),
        # quoted values, each glossed by what it does, joined as alternatives
        ('The action must be "grow" to add disks to the pool, "shrink" to take them out, or "swap" to replace one.',
         ("grow", "shrink", "swap")),
        ('How the fee is counted. It can be "NONE" in case nothing is owed, "FLAT" if one amount is due and the '
         'rest is waived or "RATE" if a share of the price is due.', ("NONE", "FLAT", "RATE")),
        ("Who hosts the zone. `self` if you run the name servers, `cloud` if we do, or `none` if nobody does.",
         ("self", "cloud", "none")),
        ("Order of the feed, `hot` to show the busiest threads first (default) or `fresh` to show the newest.",
         ("hot", "fresh")),
        # a soft line break inside the list (CommonMark reads it as a space)
        ("The valid values are `alpha`\nor `beta`. Leave it out for alpha.", ("alpha", "beta")),
        # "by when …": the moment is the value, not a condition
        ("Orders the rows by when the item was `opened` or `closed`.", ("opened", "closed")),
        # a last alternative said with a few words of its own, and more values in an "also" sentence
        ("Orders rows by number of `likes` or `shares`, or when the post was `made`.", ("likes", "shares", "made")),
        ("Sorts the shelf by `size` or `weight`. You can also sort it by how recently items were `added` or `moved`.",
         ("size", "weight", "added", "moved")),
        ("Orders rows by number of `likes` or `shares`, or when the author `joined` the site.", ("likes", "shares", "joined")),
        ("Sorts the shelf by `size` or `weight`. You can also sort it by when items were `added` or `moved`, Default: none",
         ("size", "weight", "added", "moved")),
        ("The warning kind. `NO_OWNER` indicates that no owner is known.`NO_PRICE` indicates that no price is known.",
         ("NO_OWNER", "NO_PRICE")),
        # quoted values set apart by spaces only
        ("The lamp flags, 'RED_ONE' 'BLUE_TWO' or 'GREEN'", ("RED_ONE", "BLUE_TWO", "GREEN")),
        # a parenthesised list whose first value is the word Default
        ("Type of lamp (Default, Dimmed or Bright)", ("Default", "Dimmed", "Bright")),
        # "If … then", and "Set `x` if …, or `y` otherwise"
        ('If set to "up" then rows are sorted upward. If "down" then they are sorted downward.', ("up", "down")),
        ("How words combine. Set `all` if every word must match or `any` otherwise.", ("all", "any")),
        # a soft break right after the cue; a value that combines two others; "any other value" refused
        ("How often to count. As of now, supported values are\nhourly and weekly.\n", ("hourly", "weekly")),
        ("The plan kind. Possible values:\n* `SOLO` – one seat.\n* `TEAM` – many seats.\n* `SOLO,TEAM` – both kinds.",
         ("SOLO", "TEAM", "SOLO,TEAM")),
        ("The shell. Currently the valid values are `bash`, `zsh` and `fish`. Any other value will be rejected.",
         ("bash", "zsh", "fish")),
        # "…, or any combination of those" / "…, or a space-separated list of those": the set, several at a time
        ("Events to hear about. Possible inputs are opened, paused, and closed or any combination of those three",
         ("opened", "paused", "closed")),
        # after "a, b, and c", a further ", and more words" is a clause of its own
        ("The picture kind. Supported file extensions are .GIF, .TIF, and .BMP., and the size limit is 2 MB.",
         (".GIF", ".TIF", ".BMP")),
        # "value - meaning" bullets (from <li>), a short word of prose as a value
        ("The voice to read in, available voices are: <ul> <li>ab - Alto</li> <li>it - Tenor</li> <li>ba - Bass</li> </ul>",
         ("ab", "it", "ba")),
        # "valid <plural of the field's noun> are …"; any plural before quoted values
        ("Where to look. Supported bodies are 'user', 'team', and 'all'.", ("user", "team", "all")),
        # the first sentence names the field, then, after a comma, the alternatives that end it
        ("Kind of loan rate, Fixed or Floating", ("Fixed", "Floating")),
        ("The storage tier of the disk, hdd, ssd1, ssd2 or nvme.", ("hdd", "ssd1", "ssd2", "nvme")),
        # three code-quoted values in parentheses that end the first sentence
        ("Who put the phone down first (`caller`, `callee`, `unknown`).", ("caller", "callee", "unknown")),
        # the whole description is the alternatives
        ("Photo, Sketch or Diagram.", ("Photo", "Sketch", "Diagram")),
        # a definition's colon typed inside the code is not part of the value
        ("How the bill day is picked. One of the following:\n\n- `FromAccount`\n- `DayOfMonth:`\n- `DayOfWeek`",
         ("FromAccount", "DayOfMonth", "DayOfWeek")),
    ],
)
def test_structural_lists_are_closed_vocabularies(description: str, values: tuple[str, ...]) -> None:
    assert closed(description) == [values]


@pytest.mark.parametrize(
    "description",
    [
        # keys of an object, not values
        "Settings as a JSON object with these keys:\n- `width`: the width.\n- `height`: the height.",
        # another field's values, named in the lead-in
        "Depends on the `kind` field:\n* `A1`: first.\n* `B2`: second.",
        # prose lines that start with a capitalised word and a colon
        "Note: this is slow.\nWarning: this may fail.",
        # examples, not the set
        "A tag, e.g. `red` or `blue`.",
        "The author: username or email.",
        # a condition on another field, one value each
        "Only used when `type` is set to `ftp`.",
        # an open lead-in
        "Supported codecs include:\n- `opus`: speech.\n- `flac`: lossless.",
        "The kind can be custom or one of these predefined values: * `cup` * `mug` * `jar`",
        # characters of a syntax
        "A key sequence, where each key is one of: `a-z`, `@`, `^`, `[`, `,` or `_`.",
        # said of another noun
        "The token of the account that will be charged or refunded.",
        # constraint labels, not values
        "A reference.\n* Encoding: ASCII\n* maxLength: 20 characters",
        # a slash inside a word, codes that do not end the sentence
        "The TCP/IP stack to use.",
        # parts of a stated layout, placeholders
        "Window. Format: ddd:hh24:mi-ddd:hh24:mi. Valid days: Mon, Tue, Wed, Thu, Fri, Sat, Sun",
        "Threshold. One of: ANY, LEXX, GTXX (XX is the amount).",
        "Enter Y or N to include cases.",
        # a pair of coordinates, an open list, a parenthesis about another noun
        "The position of the marker (x,y).",
        "The rating filter (G, PG, etc).",
        "Starts at the end of your chosen period (DAILY, MONTHLY).",
        # a later sentence about another noun
        "The pump to use. The sender's state can be IDLE or BUSY.",
        # forms of a value introduced as forms, parameters of another thing
        "The holder, in one of the following forms:\n- user-userId\n- group-groupId\n- allUsers",
        "The following additional Acme parameters are supported (see the docs):\n- `zone`: a zone.\n- `rack`: a rack.",
        # fields of another object, sample inputs named one sentence each
        "Identify the queue by passing either its `slug` or `uid`.",
        "Pass `12/ab` for a key under group 12 or `xy-1/cd` for one under group xy-1.",
        # a list whose last item runs on into prose is not the set: sibling fields, an open tail
        "Exactly one of alpha_mode, beta_mode or gamma_mode must be set.",
        "The role of the member. Must be one of: Owner, Guest, or a custom role ID",
        "The wait in seconds. Valid values are 10, 20, and any multiple of 60.",
        # a first sentence about another noun, words of prose as alternatives
        "The owner of the shelf, Alice or Bob.",
        "The name shown on the badge, first or last.",
        "The region of the shop, state, province, or county.",
        "Username or email.",
        "The final mark, class, GPA or score.",
        "The text value - only present if the kind is text, choice or hidden.",
        # other fields set to values, each glossed: the names are not values of this field
        "Set `verbose` to true for full logs, or `quiet` to true for none.",
        # numbered steps, numbered labels, a broken numbering
        "To ship: 1) Pack - wrap the jar 2) Label - print the tag 3) Send - hand it over",
        "The kiln modes. 1) Note—this is slow 2) Warning—may fail",
        "The kiln modes. 1) Manual—by hand 3) Timer—by clock",
        # a range after "choose between", words after "options are" said with a comma only
        "Choose between 1 and 9.",
        "The jar kind. Options are tin, jar.",
        # emphasised names of other fields, each set to a value
        "Set *vents* to true for fast firing, or *doors* to true for slow firing.",
        # glossed samples after an example cue
        'For example, "abc" to find words that start with abc, or "xyz" to find the others.',
    ],
)
def test_structural_detectors_leave_these_alone(description: str) -> None:
    assert closed(description) == []


def test_open_lead_in_gives_an_open_vocabulary() -> None:
    kinds = [(e.kind, e.values) for e in analyse(
        "Supported codecs include:\n- `opus`: speech.\n- `flac`: lossless.", name="codec", type="string")]
    assert ("closed_vocab", ("opus", "flac")) not in kinds


def test_several_values_are_marked_with_their_separator() -> None:
    ev = [e for e in analyse("Comma-separated. One of: a1, b2, c3.", name="kinds", type="string")
          if e.kind == "closed_vocab"]
    assert [(e.values, e.data.get("multi")) for e in ev] == [(("a1", "b2", "c3"), ",")]


@pytest.mark.parametrize(
    "description",
    [
        "Which alerts to show. Options are: new, seen and/or muted.",
        "The events we post to your hook. Can be: `queued`, `sent` and `failed`. To receive several, list each one.",
        "The colour channel. Multiple channels may be combined. One of: red, green, blue.",
    ],
)
def test_several_values_without_a_separator_are_marked(description: str) -> None:
    ev = [e for e in analyse(description, name="kind", type="string") if e.kind == "closed_vocab"]
    assert [e.data.get("multi") for e in ev] == [""]


def test_a_label_word_alone_on_its_bullet_keeps_the_list_open_when_the_lead_in_is() -> None:
    # "Default" is the first value: the lead-in before it ("include") still makes the list open
    d = "The font for the label. Supported fonts include:\n\n- Default\n- Serif\n- Mono\n"
    assert closed(d, name="fontFace") == []


def test_typographic_quotes_inside_code_are_not_part_of_the_value() -> None:
    from linter.prose.text import clean_token

    assert clean_token("`”paymentData”`") == "paymentData"
    assert clean_token("`“Exclusive”`") == "Exclusive"
    assert clean_token("`\"a\"`") == "a"


@pytest.mark.parametrize(
    ("description", "name"),
    [
        ("A user id. Hint: you can use 'me' or 'all'", "user_id"),
        ("Hint: you can use 'self' or 'any'", "id_owner"),
        # kinds of a name, a path in a link, the end of a longer list
        ("The host name (short or full) to route to.", "hostName"),
        ("The code you got from the ([POST /codes/send](/docs/codes)) call.", "code"),
        ("The file type. Use CSV, TSV, or XLSX for sheets and PDF or DOCX for documents.", "fileType"),
        # kinds of a free value, one case of it, its suffixes, link forms, ranges
        ("Project holder (username or team)", "holder"),
        ("Text to type. If the input is a switch, the text should be `on` or `off`.", "text"),
        ('The entry to fill. "yes" or "no" for tick boxes, "yes" for radio groups.', "value"),
        ("Path to a local file to read. Supported: .txt, .md, .csv", "path"),
        ("Where the link goes: 'https://...', or in this book \"#'Part 2'!C3\" or '#Index'.", "target"),
        ("Rows '4' or '4:9'; columns 'C' or 'C:F'.", "span"),
        # an open set, led in over a bullet list; a list of one case; one family of a longer list; a product/version
        ("The pot size. Can be custom or one of these predefined values:\n\n- `S`\n- `M`\n- `L`", "potSize"),
        ("The tag. Some values are:\n- `red`\n- `blue`", "tagColour"),
        ("The voice. Give the name of a voice you created or use one of the predefined voices: calm, brisk.", "voice"),
        ("For audio jobs, valid values are 1, 3, 5.", "jobKind"),
        ("If it is made by the API, it is FLAT or RATIO.", "rebateKind"),
        ("Node size. Valid sizes: box.a1.small, box.a1.large; box.b2.small, box.b2.large, box.b2.huge.", "nodeSize"),
        ("The agent, e.g. Mozilla / 5.0 (X11; Linux)", "agentKind"),
        ("First day of the week, as a number: 1=Mon, 2=Tue, etc.", "weekStart"),
        # a row in the middle of an HTML table is not its header
        ("<table><tr><th>Name</th><th>Code</th></tr><tr><td>State</td><td>ST</td></tr><tr><td>Town</td><td>L</td></tr>"
         "<tr><td>Firm</td><td>O</td></tr></table>", "request"),
        # the field takes any value besides the listed ones; aliases of an identifier; templates with wildcards
        ("How deep to go:\n* `0` - the top only\n* `-1` - everything\n* `n` (any positive number) - n levels", "depth"),
        ("The icon kind. Can be any user defined string, but one of these changes the icon:\n* `Cup`\n* `Jar`", "iconKind"),
        ("Unique identifier of the folder. The following aliases are supported:\n- `home`: the home folder\n- `bin`: the bin",
         "folder"),
        ("The source pool. Valid formats: - `orgs/*/pools/*` - `teams/*/pools/*`", "sourcePool"),
        # abbreviations in parentheses, not codes
        ("The unique resource locator (URL) or the global record id (GRI) of the bundle.", "bundle"),
    ],
)
def test_special_values_and_descriptions_of_a_value_are_not_its_vocabulary(description: str, name: str) -> None:
    assert closed(description, name=name) == []


def test_a_parenthesis_after_the_field_itself_is_kept_after_based_on() -> None:
    assert closed("Filter based on the member's role (`admin`, `editor`, or `viewer`).", name="role") == [
        ("admin", "editor", "viewer")
    ]


@pytest.mark.parametrize(
    ("description", "name", "values"),
    [
        # one value per condition on the field itself
        ("The state of the pump. If the pump state is `ON`, water flows. If the pump state is `OFF`, it stops.",
         "state", ("ON", "OFF")),
        ("Which keys to list. To list the old keys, set `keyScope` to `Old`. To list the new ones, set `keyScope` to `New`.",
         "keyScope", ("Old", "New")),
    ],
)
def test_values_under_conditions_on_the_field_itself(description: str, name: str, values: tuple[str, ...]) -> None:
    assert closed(description, name=name) == [values]


def test_values_under_conditions_on_another_noun_are_not_the_fields() -> None:
    # "the source type" is a type: its values are not those of the source
    d = "The source. When the source type is `Fixed` it is a value. When the source type is `Named` it is a name."
    assert closed(d, name="source") == []


@pytest.mark.parametrize("sentence", ["How long the label may be depends on the `crate`.", "Its limit varies by kiln."])
def test_definitions_after_a_sentence_that_says_it_depends_on_another_field_are_its_cases(sentence: str) -> None:
    # the lead sentence ends with its own full stop: the definitions list the crate's kinds and a
    # length for each, not values of the label
    d = f"A label printed on the lid. {sentence}\n\n- **tall**: 40 characters\n\n- **flat**: 12 characters"
    assert closed(d, name="label") == []
    # the same definitions after a sentence that says nothing of the kind are the field's values
    assert closed("A label printed on the lid.\n\n- **tall**: 40 characters\n\n- **flat**: 12 characters", name="label") == [
        ("tall", "flat")
    ]
    # and a sentence that names what an order follows leaves them the field's own
    d = "The order of the crates, based on `filled_at`.\n- `UP` - Oldest first.\n- `DOWN` - Newest first."
    assert closed(d, name="crate_order") == [("UP", "DOWN")]


def test_a_first_item_naming_two_codes_does_not_hide_the_lead_in_before_it() -> None:
    # "`A` and `B`:" is an item of the list that is not taken from it: the lead-in before it says
    # the items are the kinds of crate, not values of the label
    items = "\n\n`A` and `B`: The shelf code.\n\n`C`: The bin code.\n\n`D`: The row code."
    assert closed("The label on the crate. What it must hold depends on the kind of crate:" + items, name="label") == []
    assert closed("The label on the crate. What it must hold:" + items, name="label") == [("C", "D")]


@pytest.mark.parametrize(
    ("description", "name", "values"),
    [
        # a later sentence whose subject is the field: its name, or its last name word
        ("Optional. A pump's state can be IDLE, PUMPING, or DRAINED.", "state", ("IDLE", "PUMPING", "DRAINED")),
        ("The fan. The `fanSpeed` property can be LOW or HIGH. If it is LOW, it is quiet.", "fanSpeed", ("LOW", "HIGH")),
        ("How loud the fan runs. The fan speed can be LOW, MEDIUM or HIGH.", "speed", ("LOW", "MEDIUM", "HIGH")),
    ],
)
def test_a_later_sentence_about_the_field_gives_its_values(description: str, name: str, values: tuple[str, ...]) -> None:
    assert closed(description, name=name) == [values]


def test_valid_plural_of_the_fields_own_noun_gives_its_values() -> None:
    d = "Filter by link. Valid uplinks are wan1, wan2, lte. Default returns all of them."
    assert closed(d, name="uplink") == [("wan1", "wan2", "lte")]
    assert closed(d, name="region") == []  # bare words after another noun's plural: not this field's
    # quoted parts of a syntax, kinds of value each with its form
    assert closed("The query. The valid join operators are *by*, *to*, and *via*.", name="q") == []
    assert closed("Valid holders are UserArn (arn:x:<i>id</i>) and TeamArn (arn:y:<i>id</i>).", name="holder") == []


@pytest.mark.parametrize(
    ("description", "name", "values"),
    [
        ("Whether the lid is sealed or vented", "lid_state", ("sealed", "vented")),
        ("Specifies if the tray is small, medium, large, or unknown.", "traySize", ("small", "medium", "large", "unknown")),
        ("State of the tray lock, indicating if the lock is engaged or released", "lock", ("engaged", "released")),
        # each word after its article
        ("Whether the tray is a crate or a drum", "tray_kind", ("crate", "drum")),
        ("Indicates whether the depot is the hub or the spoke.", "role", ("hub", "spoke")),
        ("Indicates whether the parcel held is the `crate` or a `drum`.", "kind", ("crate", "drum")),
        # another closed set the text states gives the values as written
        ("Controls whether the tray is hidden or shown. Can be set to `HiddenTray` or `ShownTray`.", "visibility",
         ("HiddenTray", "ShownTray")),
    ],
)
def test_what_a_whether_clause_says_the_subject_is(description: str, name: str, values: tuple[str, ...]) -> None:
    assert closed(description, name) == [values]


@pytest.mark.parametrize(
    "description",
    [
        "Whether the tray is sealed or not.",  # a flag's two states, one of them a negation
        "Required if the tray type is either FLAT or DEEP.",  # a condition on another field
        "The reason for a stop if the tray is jammed or empty.",  # "if" that is no verb of telling
        "Whether the tray is an open or a closed one.",  # no single words
        "Whether the tray is sealed or vented before it ships to the buyer.",  # the sentence goes on
        "Whether the tray is a crate or not.",  # articles: a negation
        "Whether the tray is a crate or a drum when it ships abroad.",  # the sentence goes on
        "Whether the tray is a heavy crate or a light drum.",  # two words each
    ],
)
def test_whether_clauses_that_list_no_values(description: str) -> None:
    assert closed(description, "tray_mode") == []


@pytest.mark.parametrize(
    ("description", "name", "values"),
    [
        ("How the lid closes.\n`snap_shut` presses the lid down\n`screw_on` turns the lid", "closing", ("snap_shut", "screw_on")),
        ("`draft` lids are hidden, while `final` means the lid is shown.", "lid_state", ("draft", "final")),
        ("Lid seals.\n* `wax` is the oldest.\n* `rubber` is the most used.", "seal", ("wax", "rubber")),
    ],
)
def test_sentences_that_each_open_with_a_quoted_value(description: str, name: str, values: tuple[str, ...]) -> None:
    assert closed(description, name) == [values]


@pytest.mark.parametrize(
    ("description", "name"),
    [
        ("`sort_key` must match the key the `Filter` uses. `Filter` values are dates.", "sort_key"),  # its own name, a plural noun
        ("`limit` is required. `offset` starts at 0. For example, `3` means three.", "page"),  # a sample after "for example"
        ("Lid kind. One of `flat` or `dome`. `flat` lids stack; `dome` lids do not.", "kind"),  # the stated set wins
    ],
)
def test_quoted_openings_that_are_no_set_of_their_own(description: str, name: str) -> None:
    got = closed(description, name)
    assert got in ([], [("flat", "dome")])


@pytest.mark.parametrize(
    ("description", "name", "values"),
    [
        # bare words joined by "or", the first marked as the default
        ("Fire the pots in the gas (default) or wood kiln.", "kiln", ("gas", "wood")),
        ("Reply in yaml (default) or toml format.", "reply", ("yaml", "toml")),
        ("Pack the jar with straw (default), foam or paper.", "packing", ("straw", "foam", "paper")),
    ],
)
def test_alternatives_marked_with_a_default(description: str, name: str, values: tuple[str, ...]) -> None:
    assert closed(description, name) == [values]


@pytest.mark.parametrize(
    "description",
    [
        "Use the cache (default) or the network.",  # a word of a phrase
        "Set to any label (default) or Jar.",  # a kind of value
        "The depot name, e.g. north (default) or south.",  # samples
        "If the lid is glass, use gas (default) or wood.",  # one case
    ],
)
def test_default_marks_that_give_no_set(description: str) -> None:
    assert closed(description, "kiln_mode") == []


def test_a_line_that_ends_in_a_colon_opens_a_list_of_its_own_inside_a_run_in_paragraph() -> None:
    # the paragraphs give the cases of another thing (the kind of crate); inside one of them a
    # lead-in line opens the cases of a third (each lid): neither is a value of the label, and
    # the run of the paragraph's own code does not go on into the items under that line
    d = ("The label of the crate. What it says depends on the kind of crate:\n\n`BOX`: The size. Required.\n\n"
         "`JAR`: The contents. For `twist` or `clamp` lids, a size in mm. Sizes depend on the lid:\n"
         "  * `twist`: From 40 to 90.\n  * `clamp`: From 60 to 120.\n\n`TIN`: The weight.")
    assert closed(d, name="label") == []
    # items run into one paragraph without such a line stay one run
    assert closed("What the crate holds. `JAR`: A glass jar. `TIN`: A metal tin.", name="content") == [("JAR", "TIN")]


@pytest.mark.parametrize(
    "lead",
    ["Sizes depend on the lid:", "The size depends on the lid:", "Sizes depend  on the lid:", "Sizes depend\non the lid:",
     "The size depends\n  on the lid:", "The sizes, in mm,\ndepend on the lid:"],
)
def test_a_lead_in_that_says_the_list_depends_on_another_thing_however_it_is_worded(lead: str) -> None:
    # "depend on" with a plural subject (or more than one blank between the words) says the same
    # as "depends on", and so does a lead-in wrapped onto a second line: the definitions are the
    # lid's cases
    d = f"The size of the crate. {lead}\n- `twist`: 40 mm.\n- `clamp`: 60 mm."
    assert closed(d, name="size") == []
    assert closed("The size of the crate. Sizes are:\n- `twist`: 40 mm.\n- `clamp`: 60 mm.", name="size") == [("twist", "clamp")]


def test_a_wrapped_lead_in_is_read_whole() -> None:
    # the line break wraps the sentence (a word before it, a lower-case word after it): the
    # evidence starts where the sentence does
    d = "The kind of lid.\nThe following kinds\nare supported:\n\n- `twist`: a screw cap.\n- `clamp`: a wire clamp."
    (e,) = [e for e in analyse(d, name="lid", type="string") if e.kind == "closed_vocab"]
    assert (e.values, e.text.split("\n")[0]) == (("twist", "clamp"), "The following kinds")
    # a line that ends a sentence, or a new one in capitals, still breaks it
    d = "The kind of lid.\nKinds\nThe supported ones are:\n\n- `twist`: a screw cap.\n- `clamp`: a wire clamp."
    (e,) = [e for e in analyse(d, name="lid", type="string") if e.kind == "closed_vocab"]
    assert e.text.split("\n")[0] == "The supported ones are:"
