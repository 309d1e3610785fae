"""The window and the command line in Simplified Chinese (LANGUAGE=zh_CN), as a Chinese iOS developer
would use them: controls found by their translated accessible names, texts read in Chinese, and
UIKit's own words (call lines, class, mask and orientation names) left as UIKit writes them.

The translated names are looked up in po/zh_CN.po, the catalogue the app is built with; each is
checked to be Chinese, so an untranslated window cannot pass. Run with the window tests
(test_app.py imports this module).
"""

import importlib.util
import os
import re
import subprocess
import unittest

import test_app
from test_app import App, BINARY, ROOT, SCENARIOS, SIGNATURE, core_trace, english, scenario_with_steps, wait_for

CHINESE = re.compile(r"[\u4e00-\u9fff]")
PLACEHOLDER = re.compile(r"%(?:(\d+)\$)?s")


class Catalogue:
    """The translations of po/LANGUAGE.po, read with po/check.py's reader."""

    def __init__(self, language):
        spec = importlib.util.spec_from_file_location("po_check", os.path.join(ROOT, "po", "check.py"))
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        self.table = {msgid: strings[0] for msgid, strings, fuzzy in module.entries(
            os.path.join(ROOT, "po", language + ".po")) if strings and strings[0] and not fuzzy}

    def __call__(self, english):
        """What the window shows for `english`; it must be translated, and into Chinese."""
        shown = self.table.get(english)
        assert shown is not None and CHINESE.search(shown), f"no Chinese translation of {english!r}"
        return shown

    def format(self, english, *values):
        """The translation of a text with values, put in as the app does."""
        counter = iter(range(len(values)))
        return PLACEHOLDER.sub(lambda m: str(values[int(m.group(1)) - 1 if m.group(1) else next(counter)]),
                               self(english))

    def pattern(self, english):
        """A regular expression for the translated text, each value a group in the English order."""
        shown, counter, groups = self(english), iter(range(100)), []
        parts, last = [], 0
        for match in PLACEHOLDER.finditer(shown):
            parts.append(re.escape(shown[last:match.start()]))
            number = int(match.group(1)) if match.group(1) else next(counter) + 1
            parts.append(f"(?P<v{number}>.+?)")
            last = match.end()
        parts.append(re.escape(shown[last:]))
        return "".join(parts)


ZH = {"LANGUAGE": "zh_CN"}


def setUpModule():
    test_app.setUpModule()


def run(arguments, environment=None):
    return subprocess.run([BINARY, *arguments], capture_output=True, text=True, env=english(environment))


class LanguageTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.zh = Catalogue("zh_CN")

    def test_the_window_in_chinese(self):
        zh = self.zh
        path = scenario_with_steps("seed000-present.json", ["launch"])
        app = App(self, path, environment=ZH, say=zh)
        self.addCleanup(lambda: self.assertNotIn("CRITICAL", app.close()))
        status_pattern = zh.pattern("Step %s of %s: %s. Device %s, interface %s.")
        status = wait_for(lambda: re.match(status_pattern, app.status()), 10, "the status in Chinese")
        self.assertEqual((status["v1"], status["v2"]), ("1", "1"))
        # No control is left under its English name.
        for english_name in ("Rotate Right", "Rotate Left", "Step Back", "Step Forward"):
            self.assertIsNone(app.find(app.frame, "push button", english_name), english_name)
        app.shot("zh_CN-launched")

        app.press(zh("Rotate Right"))
        events = ["launch", {"rotateDevice": "landscapeRight"}]
        traced_en = core_trace(scenario_with_steps("seed000-present.json", events))
        # trace --json is machine output, English in every language: the Chinese reason is the
        # text trace's, after the result line's dash.
        traced_zh = run(["trace", scenario_with_steps("seed000-present.json", events)], ZH).stdout
        reason_zh = [line for line in traced_zh.splitlines() if " — " in line][-1].split(" — ", 1)[1]
        self.assertEqual(core_trace(scenario_with_steps("seed000-present.json", events), ZH), traced_en)
        status = wait_for(lambda: re.match(status_pattern, app.status()), 10, "step 2 in Chinese")
        wait_for(lambda: re.match(status_pattern, app.status())["v1"] == "2", 10, "step 2")
        status = re.match(status_pattern, app.status())
        step = traced_en[-1]
        # Orientation names are UIKit's and stay English in the Chinese status.
        self.assertEqual((status["v4"], status["v5"]), (step["deviceOrientation"], step["interfaceOrientation"]))
        # The reason as the Chinese command line gives it, and Chinese.
        reason = app.text(app.control(zh("Reason"), "label"))
        self.assertTrue(CHINESE.search(reason_zh), reason_zh)
        self.assertTrue(reason.endswith(reason_zh), reason)
        # The call order: UIKit's call lines exactly as in English.
        wanted = [SIGNATURE.search(f"-[{c['receiver']} {c['selector']}]").group(0) for c in step["calls"]]
        self.assertEqual(app.signatures(), wanted)
        self.assertEqual(len(app.timeline()), 2)
        app.shot("zh_CN-rotated")

        # A menu by its Chinese name: Step Back through the header bar's button.
        app.press(zh("Step Back"))
        wait_for(lambda: re.match(status_pattern, app.status())["v1"] == "1", 10, "step 1 again")

    def test_the_command_line_in_chinese(self):
        zh = self.zh
        path = os.path.join(SCENARIOS, "seed000-present.json")
        chinese, plain = run(["trace", path], ZH), run(["trace", path])
        self.assertEqual((chinese.returncode, plain.returncode), (0, 0))
        self.assertTrue(CHINESE.search(chinese.stdout))
        self.assertFalse(CHINESE.search(plain.stdout), "the English trace has Chinese in it")
        # UIKit's call lines, in the same order, whatever the language.
        calls = [[m.group(0) for m in SIGNATURE.finditer(line)] for line in chinese.stdout.splitlines()]
        english_calls = [[m.group(0) for m in SIGNATURE.finditer(line)] for line in plain.stdout.splitlines()]
        self.assertEqual([c for c in calls if c], [c for c in english_calls if c])
        # The step headings as the catalogue says them.
        self.assertIn(zh.format("Step %s: %s", 1, "launch"), chinese.stdout)

        # An error on the command line: the message translated, the status unchanged.
        wrong = run(["trace", path, "--frobnicate"], ZH)
        self.assertEqual(wrong.returncode, 64)
        self.assertEqual(
            wrong.stderr,
            "rotation-lab: trace: " + zh.format("unknown option '%s'", "--frobnicate") + "\n"
            + zh.format("Run 'rotation-lab help %s' for its options.", "trace") + "\n")
        wrong = run(["frobnicate"], ZH)
        self.assertEqual(wrong.returncode, 64)
        self.assertEqual(
            wrong.stderr,
            "rotation-lab: " + zh.format("'%s' is neither a command, a scenario file nor a bundled scenario", "frobnicate")
            + "\n" + zh("Run 'rotation-lab --help'.") + "\n")
        # A scenario error names the file and the JSON path as in English, in a Chinese sentence.
        bad = scenario_with_steps("seed000-present.json", ["launch", {"rotateDevice": "sideways"}])
        chinese, plain = run(["validate", bad], ZH), run(["validate", bad])
        self.assertEqual((chinese.returncode, plain.returncode), (2, 2))
        self.assertTrue(CHINESE.search(chinese.stderr), chinese.stderr)
        self.assertIn("steps[1]", plain.stderr)
        self.assertIn("steps[1]", chinese.stderr)
        self.assertIn(bad, chinese.stderr)
        self.assertNotEqual(chinese.stderr, plain.stderr)


if __name__ == "__main__":
    unittest.main(verbosity=2)
