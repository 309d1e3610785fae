"""Building a scenario in the window as a person would (#18): New Scenario from a template, a class
added, the tree and the steps edited, every edit undone back to the template and redone, and
the saved file held against a scenario written by hand for the same app. Run with the window
tests (test_app.py imports this module).
"""

import json
import os
import subprocess
import tempfile
import unittest

import pyatspi

import test_app
from test_app import App, BINARY, SCENARIOS, english, wait_for


def setUpModule():
    test_app.setUpModule()


def select_in_combo(app, root, name, item):
    """Chooses `item` in the combo box `name`, as a person would: its list opened, the item clicked."""
    combo = wait_for(lambda: app.find(root, "combo box", name), 10, f"the combo box '{name}'")
    combo.queryAction().doAction(0)
    wait_for(lambda: app.find(app.app, "menu item", item, visible_only=True), 10, item).queryAction().doAction(0)


def name_dialog(app, title):
    """The dialog that asks for a class's name, by its heading."""
    return next((window for window in app.app if window is not None and window.getRoleName() in ("alert", "dialog")
                 and app.find(window, "label", title) and app.find(window, "text", "Class Name")), None)


def check(app, root, name, on):
    box = wait_for(lambda: app.find(root, "check box", name), 10, f"the check box '{name}'")
    if box.getState().contains(pyatspi.STATE_CHECKED) != on:
        box.queryAction().doAction(0)
    wait_for(lambda: box.getState().contains(pyatspi.STATE_CHECKED) == on, 5, f"'{name}' {on}")


def saved(path):
    with open(path) as handle:
        return json.load(handle)


def trace(path):
    return subprocess.run([BINARY, "trace", path, "--json"], check=True, capture_output=True, env=english()).stdout


# The app built below, written by hand: the navigation stack template on iOS 13 on an iPhone with
# a Home button, a landscape class pushed onto the stack, and a step that presents it.
EXPECTED = {
    "format": "rotation-lab.scenario/1",
    "title": "A navigation stack",
    "system": {"version": "13.0", "idiom": "phone", "homeButton": True},
    "device": {"orientation": "portrait", "orientationLock": False},
    "app": {"delegateClass": "AppDelegate", "infoPlist": ["portrait", "landscapeLeft", "landscapeRight"]},
    "classes": {
        "NavigationController": {"kind": "navigation"},
        "ViewController": {"kind": "view"},
        "LandscapeRightVC": {"kind": "view"},
    },
    "window": {"root": {"class": "NavigationController",
                        "stack": [{"class": "ViewController"}, {"class": "LandscapeRightVC"}]}},
    "steps": ["launch", {"present": "LandscapeRightVC", "style": "fullScreen"}],
}


class AuthoringTests(unittest.TestCase):
    def test_a_scenario_built_in_the_window_with_undo_and_redo(self):
        folder = tempfile.mkdtemp(prefix="rl-e2e-authoring-")
        app = App(self, os.path.join(SCENARIOS, "seed000-present.json"))
        self.addCleanup(lambda: self.assertNotIn("CRITICAL", app.close()))

        # New Scenario: the navigation stack, on iOS 13, an iPhone with a Home button.
        app.choose("Main Menu", "New Scenario…")
        dialog = wait_for(lambda: app.find(app.app, "dialog", "New Scenario"), 10, "the New Scenario dialog")
        select_in_combo(app, dialog, "Template", "A navigation stack")
        select_in_combo(app, dialog, "System Version", "iOS 13.0")
        select_in_combo(app, dialog, "Device", "iPhone with a Home button")
        check(app, dialog, "Info.plist lists orientations", True)
        for orientation, on in [("portrait", True), ("portraitUpsideDown", False), ("landscapeLeft", True),
                                ("landscapeRight", True)]:
            check(app, dialog, f"Info.plist {orientation}", on)
        app.find(dialog, "push button", "Create").queryAction().doAction(0)
        app.wait_status(r"Step 1 of 1: launch\.")
        self.assertEqual(app.timeline(), ["1. launch → portrait"])
        self.assertFalse(app.sensitive("Undo"), "a new scenario has nothing to undo")
        app.shot("new-scenario")
        template = os.path.join(folder, "template.json")
        app.choose("Main Menu", "Save As…")
        app.save_through_chooser("Save the Scenario", template, suggested_suffix=".json")
        wait_for(lambda: os.path.exists(template), 10, "the saved template")

        # A class, put on the stack, moved up and back down, then presented by a new step.
        app.press("Add Class")
        ask = wait_for(lambda: name_dialog(app, "Add Class"), 10, "the Add Class dialog")
        wait_for(lambda: app.find(ask, "text", "Class Name"), 5, "the name field").queryEditableText() \
            .setTextContents("LandscapeRightVC")
        select_in_combo(app, ask, "Class Kind", "UIViewController subclass")
        app.find(ask, "push button", "OK").queryAction().doAction(0)
        app.wait_status(r"Add Class LandscapeRightVC: no step's outcome changed\.")
        app.choose("Add Controller", "Add LandscapeRightVC under NavigationController")
        app.wait_status(r"Add Controller LandscapeRightVC: the outcome changes from step 1\.")
        caption = app.text(app.control("Selected Controller", "label"))
        self.assertEqual(caption, "Selected: LandscapeRightVC at main › stack[1]")
        app.press("Move Up")
        wait_for(lambda: app.text(app.control("Selected Controller", "label")).endswith("stack[0]"), 10, "moved up")
        app.press("Move Down")
        wait_for(lambda: app.text(app.control("Selected Controller", "label")).endswith("stack[1]"), 10, "moved down")
        app.choose("Insert Step", "Present", "Present LandscapeRightVC", "Present LandscapeRightVC (fullScreen)")
        app.wait_status(r"Step 2 of 2: present LandscapeRightVC \(fullScreen\)\.")
        app.shot("built")
        built = os.path.join(folder, "built.json")
        app.choose("Main Menu", "Save As…")
        app.save_through_chooser("Save the Scenario", built, suggested_suffix=".json")
        wait_for(lambda: os.path.exists(built), 10, "the saved scenario")
        self.assert_is_expected(built)

        # Every edit undone: the template again, and nothing left to undo.
        edits = 0
        while app.sensitive("Undo"):
            app.press("Undo")
            edits += 1
            self.assertLess(edits, 20, "Undo never runs out")
        self.assertEqual(edits, 5, "Add Class, Add Controller, Move Up, Move Down, Insert Step")
        app.wait_status(r"Step 1 of 1: launch\.")
        undone = os.path.join(folder, "undone.json")
        app.choose("Main Menu", "Save As…")
        app.save_through_chooser("Save the Scenario", undone, suggested_suffix=".json")
        wait_for(lambda: os.path.exists(undone), 10, "the undone scenario")
        self.assertEqual(saved(undone), saved(template))
        app.shot("undone")

        # And redone, the same app again.
        while app.sensitive("Redo"):
            app.press("Redo")
        app.wait_status(r"Step 2 of 2: present LandscapeRightVC \(fullScreen\)\.")
        redone = os.path.join(folder, "redone.json")
        app.choose("Main Menu", "Save As…")
        app.save_through_chooser("Save the Scenario", redone, suggested_suffix=".json")
        wait_for(lambda: os.path.exists(redone), 10, "the redone scenario")
        self.assert_is_expected(redone)
        app.shot("redone")

    def assert_is_expected(self, path):
        data = saved(path)
        for key in ("system", "classes", "window", "steps"):
            self.assertEqual(data[key], EXPECTED[key], key)
        self.assertEqual(data["app"]["infoPlist"], EXPECTED["app"]["infoPlist"])
        handle, expected_path = tempfile.mkstemp(suffix=".json")
        with os.fdopen(handle, "w") as out:
            json.dump(EXPECTED, out)
        self.assertEqual(json.loads(trace(path))["steps"], json.loads(trace(expected_path))["steps"])

    def test_an_edit_the_tree_cannot_take_is_refused_and_the_scenario_kept(self):
        app = App(self, os.path.join(SCENARIOS, "seed000-present.json"))
        self.addCleanup(lambda: self.assertNotIn("CRITICAL", app.close()))
        app.wait_status(r"Step 3 of 3")
        # LandscapeRightVC is presented by step 2: removing it is refused, saying so.
        select_in_combo(app, app.frame, "Inspected Class", "LandscapeRightVC")
        app.press("Remove Class")
        error = wait_for(lambda: app.text(app.control("Error Message", "label")) or None, 10, "the refusal")
        self.assertIn("LandscapeRightVC cannot be removed while it is used: step 2", error)
        self.assertFalse(app.sensitive("Undo"), "a refused edit is not an edit")
        app.wait_status(r"Step 3 of 3")
        app.shot("refused")


if __name__ == "__main__":
    unittest.main(verbosity=2)
