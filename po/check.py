#!/usr/bin/env python3
"""Checks the translations (meson test 'po', suite data).

1. po/POTFILES lists exactly the files with translatable texts: every Swift file under Sources
   that calls tr(, trn(, say( or sayn(, every UI file with translatable="yes" and the desktop entry (a file missing from it
   would have its texts silently left in English).
2. Every text xgettext extracts from them has a zh_CN translation that is neither empty nor fuzzy,
   and zh_CN.po has no entry for a text that no longer exists (msgcmp both ways).
3. msgfmt --check: the header, and the same %s / %N$s directives in each translation.
4. No text spells a rule's citation (docs/rules.md#anchor): a rule is an argument of the phrase
   (Sources/RotationCore/Text/Phrase.swift), so the window links it without reading text.
5. Each translation keeps what must not be translated: UIKit's call lines (-[Class selector]) and the spaces and line breaks at
   either end (texts are joined to one another; a Chinese sentence may drop the one space after
   its full-width punctuation).
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PO = os.path.join(ROOT, "po")
# The same arguments as po/meson.build's i18n.gettext (used by `ninja rotation-lab-pot`).
XGETTEXT_ARGS = ["--keyword=tr", "--keyword=trn:1,2", "--keyword=say", "--keyword=sayn:1,2", "--from-code=UTF-8",
                 "--add-comments=TRANSLATORS:"]
CALL = re.compile(r"(?<![\w.])(?:trn?|sayn?)\(")


def translatable_files():
    found = []
    for folder, _, names in os.walk(os.path.join(ROOT, "Sources")):
        for name in names:
            path = os.path.join(folder, name)
            if name.endswith(".swift") and CALL.search(open(path, encoding="utf-8").read()):
                found.append(os.path.relpath(path, ROOT))
    ui = os.path.join(ROOT, "Assets", "ui")
    for name in os.listdir(ui):
        if name.endswith(".ui") and 'translatable="yes"' in open(os.path.join(ui, name), encoding="utf-8").read():
            found.append(os.path.join("Assets", "ui", name))
    found.append(os.path.join("Assets", "rotation-lab.desktop.in"))
    return sorted(found)


def listed_files():
    lines = open(os.path.join(PO, "POTFILES"), encoding="utf-8").read().splitlines()
    return sorted(line.strip() for line in lines if line.strip() and not line.startswith("#"))


def unquote(text):
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), text)


def entries(path):
    """(msgid, [msgstr...], fuzzy) of each entry, the header left out."""
    result, current, field, fuzzy = [], None, None, False

    def close():
        if current and current.get("msgid"):
            result.append((current["msgid"], [v for k, v in sorted(current.items()) if k.startswith("msgstr")],
                           current["fuzzy"]))

    for line in open(path, encoding="utf-8").read().splitlines():
        if line.startswith("#,") and "fuzzy" in line:
            fuzzy = True
        elif line.startswith("#") or not line.strip():
            continue
        elif line.startswith('"'):
            current[field] += unquote(line[1:-1])
        else:
            key, value = line.split(" ", 1)
            if key == "msgid":
                close()
                current, fuzzy_now = {"fuzzy": fuzzy}, None
                fuzzy = False
            field = key
            current[field] = unquote(value[1:-1])
    close()
    return result


# Chinese sentences are joined without a space: a translation may end in full-width punctuation
# where its English ends in one space.
FULL_WIDTH_END = re.compile(r"[，、。：；！？）]$")


def kept(text, english=None):
    calls = sorted(re.findall(r"[-+]\[[A-Za-z_][\w]* [A-Za-z_:]+\]", text))
    trailing = re.search(r"\s*$", text).group()
    if english is not None and trailing == "" and FULL_WIDTH_END.search(text) and english.endswith(" ") \
            and not english.endswith("  "):
        trailing = " "
    ends = (re.match(r"\s*", text).group(), trailing)
    return calls, ends


def main():
    problems = []
    files, listed = translatable_files(), listed_files()
    for name in sorted(set(files) - set(listed)):
        problems.append(f"po/POTFILES: {name} has translatable texts but is not listed")
    for name in sorted(set(listed) - set(files)):
        problems.append(f"po/POTFILES: {name} is listed but has no translatable text")
    with tempfile.TemporaryDirectory() as folder:
        pot = os.path.join(folder, "rotation-lab.pot")
        run = subprocess.run(["xgettext", *XGETTEXT_ARGS, "--directory", ROOT, "-o", pot, *files],
                             capture_output=True, text=True)
        if run.returncode != 0:
            problems.append("xgettext failed:\n" + run.stderr)
        for language in [l.strip() for l in open(os.path.join(PO, "LINGUAS")) if l.strip() and l[0] != "#"]:
            po = os.path.join(PO, language + ".po")
            for command in (["msgfmt", "--check", "-o", os.devnull, po], ["msgcmp", po, pot],
                            ["msgcmp", "--use-untranslated", pot, po]):
                run = subprocess.run(command, capture_output=True, text=True)
                if run.returncode != 0:
                    problems.append(" ".join(os.path.basename(c) for c in command) + ":\n" + run.stderr.strip())
            for msgid, strings, fuzzy in entries(po):
                if "docs/rules.md#" in msgid:
                    problems.append(f"po/{language}.po: {msgid!r} spells a rule's citation: pass the rule "
                                    "as an argument (Rule(\"anchor\")) instead")
                for msgstr in strings:
                    if msgstr and not fuzzy and kept(msgstr, msgid) != kept(msgid):
                        problems.append(f"po/{language}.po: the translation of {msgid!r} does not keep its "
                                        f"call lines and outer spaces {kept(msgid)}: {msgstr!r}")
    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"po: {len(files)} files, every text translated")


if __name__ == "__main__":
    main()
